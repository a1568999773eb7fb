import type { Fertility } from "./genetics";

/** Services needed before a conception rate is shown: fewer say more about luck than about the bull. */
export const MIN_SERVICES_FOR_RATE = 20;

const Z95 = 1.959964;
const oneDecimal = (fraction: number) => Math.round(fraction * 1000) / 10;

/** The 95% Wilson score interval of `successes` in `trials`, as fractions; [0, 0] with no trials. */
export function wilsonInterval(successes: number, trials: number): [number, number] {
  if (trials === 0) return [0, 0];
  const p = successes / trials;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export function fertilityOf(conceptions: number, services: number): Fertility {
  if (services < MIN_SERVICES_FOR_RATE) return { services, conceptions, rate: null, low: null, high: null };
  const [low, high] = wilsonInterval(conceptions, services);
  return {
    services,
    conceptions,
    rate: oneDecimal(conceptions / services),
    low: oneDecimal(low),
    high: oneDecimal(high),
  };
}
