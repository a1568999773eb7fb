/**
 * KRA eTIMS tax types, as every item and service carries one. Prices are tax-inclusive, as KRA expects:
 * an invoice shows the taxable amount and the tax within it per band.
 */
export const taxTypes = ["A", "B", "C", "D", "E"] as const;
export type TaxType = (typeof taxTypes)[number];

export const taxTypeLabels: Record<TaxType, string> = {
  A: "A – Exempt",
  B: "B – VAT 16%",
  C: "C – Zero-rated (0%)",
  D: "D – Non-VAT",
  E: "E – VAT 8%",
};

export const taxRatePct: Record<TaxType, number> = { A: 0, B: 16, C: 0, D: 0, E: 8 };

/** The tax within a tax-inclusive amount, in whole shillings. */
export const taxWithin = (amountKes: number, type: TaxType): number =>
  Math.round((amountKes * taxRatePct[type]) / (100 + taxRatePct[type]));

/**
 * Why an item has the tax type it is seeded with: bovine semen is exempt (VAT Act 2013, First Schedule,
 * tariff 0511.10.00). The Act names no rate for embryos, so a Director sets theirs; until then they cannot
 * be invoiced.
 */
export const taxTypeNote =
  "Bovine semen is exempt (A) under the VAT Act 2013, First Schedule (tariff 0511.10.00). Embryos have no entry in the Act: a Director chooses their tax type, and an item without one cannot be invoiced.";

/** A Kenyan KRA PIN: a letter, nine digits, a letter (P051234567X). */
export const kraPinPattern = /^[A-Z]\d{9}[A-Z]$/;
