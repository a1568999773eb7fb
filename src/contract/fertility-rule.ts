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

/**
 * The rate of `conceptions` in `services`, with the Wilson interval, and how many of the services have a
 * confirmed outcome and how many a farmer-reported one (all confirmed unless told).
 */
export function fertilityOf(
  conceptions: number,
  services: number,
  split: { confirmed: number; reported: number } = { confirmed: services, reported: 0 },
): Fertility {
  const figures = { services, conceptions, ...split };
  if (services < MIN_SERVICES_FOR_RATE) return { ...figures, rate: null, low: null, high: null };
  const [low, high] = wilsonInterval(conceptions, services);
  return {
    ...figures,
    rate: oneDecimal(conceptions / services),
    low: oneDecimal(low),
    high: oneDecimal(high),
  };
}

/** Services with a known outcome and conceptions, confirmed (staff, technician, vet) and farmer-reported apart. */
export interface OutcomeCounts {
  services: number;
  conceptions: number;
  reportedServices: number;
  reportedConceptions: number;
}

/**
 * A rate from both kinds of outcome: the confirmed ones alone once there are enough of them, every outcome
 * before (the database's `fertility_figures` applies the same rule to the catalogue's figures).
 */
export function fertilityOfOutcomes(o: OutcomeCounts): Fertility {
  const split = { confirmed: o.services, reported: o.reportedServices };
  return o.services >= MIN_SERVICES_FOR_RATE
    ? fertilityOf(o.conceptions, o.services, split)
    : fertilityOf(o.conceptions + o.reportedConceptions, o.services + o.reportedServices, split);
}
