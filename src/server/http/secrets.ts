import { timingSafeEqual } from "node:crypto";

/** Whether a secret someone sent is the expected one, in time that does not tell how much of it matched. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
