/**
 * A counter that every stock, price or viability change in this process moves. Caches of what clients
 * see (the catalogue) compare it to drop their copy at once here; other instances' changes reach them
 * when their short time-to-live runs out.
 */
let version = 0;

export const stockChanged = (): void => {
  version++;
};
export const stockVersion = (): number => version;
