/** Fixed business rate (SPEC section 9): 150 KES buy one US dollar. */
export const KES_PER_USD = 150;

/** USD estimate of a KES amount, in whole dollars. */
export function kesToUsd(kes: number): number {
  return Math.round(kes / KES_PER_USD);
}

/** A KES amount as the server's messages and documents write it: "KSh 12,500". */
export const kesText = (n: number): string => `KSh ${n.toLocaleString("en-KE")}`;

export const currencies = ["KES", "USD"] as const;

/** The largest amount one order, payment or transaction may carry: well inside an integer column. */
export const MAX_AMOUNT_KES = 1_000_000_000;
export const amountTooLarge = `Amount must be at most KES ${MAX_AMOUNT_KES.toLocaleString("en-KE")}`;
