import { z } from "zod";
import type { PaymentMethod } from "./order-states";
import { paginationQuery, sortQuery } from "./pagination";
import { idParamSchema } from "./primitives";
import { type TaxType, taxRatePct, taxTypes, taxWithin } from "./tax";

/**
 * Tax invoices and credit notes: issued once, never edited, each sent to KRA through eTIMS. An invoice is
 * issued when its order's sale is final (fully paid, or shipped on credit); a credit note when an invoiced
 * order is cancelled or rejected.
 */

export const taxDocumentKinds = ["invoice", "credit_note"] as const;
export type TaxDocumentKind = (typeof taxDocumentKinds)[number];

/**
 * Where a document is with KRA: waiting to go, on its way (an answer may have been lost), taken or
 * refused; or voided, when a refused invoice KRA never took was issued again with its items corrected.
 */
export const etimsStatuses = ["queued", "sending", "accepted", "refused", "voided"] as const;
export type EtimsStatus = (typeof etimsStatuses)[number];
export const etimsStatusLabels: Record<EtimsStatus, string> = {
  queued: "Queued",
  sending: "Sending",
  accepted: "Accepted by KRA",
  refused: "Refused by KRA",
  voided: "Voided (issued again)",
};

/** KRA's credit note reasons (rfdRsnCd). */
export const creditReasonCodes = ["01", "02", "03", "04", "05", "06"] as const;
export type CreditReasonCode = (typeof creditReasonCodes)[number];
export const creditReasonLabels: Record<CreditReasonCode, string> = {
  "01": "Missing quantity",
  "02": "Missing data",
  "03": "Damaged",
  "04": "Wasted",
  "05": "Raw material shortage",
  "06": "Refund",
};

/**
 * KRA's payment type (pmtTyCd) of a sale: 06 mobile money (M-Pesa), 05 card, 07 other means (a bank
 * transfer: KRA's 04 is a cheque), 02 credit.
 */
export const etimsPaymentType = (method: PaymentMethod | null, onCredit: boolean): string => {
  if (onCredit) return "02";
  if (method === "mpesa") return "06";
  if (method === "card") return "05";
  return "07";
};
export const paymentTypeLabels: Record<string, string> = {
  "01": "Cash",
  "02": "Credit",
  "03": "Cash/Credit",
  "04": "Bank cheque",
  "05": "Debit or credit card",
  "06": "Mobile money",
  "07": "Other (bank transfer)",
};

/** A line as the document keeps it: what was sold, its band and the tax within its tax-inclusive total. */
export const taxLineSchema = z.object({
  seq: z.number(),
  name: z.string(),
  /** Our item code (E-1001), or the service's kind. */
  code: z.string(),
  inventoryItemId: z.number().nullable(),
  quantity: z.number(),
  unitPriceKes: z.number(),
  totalKes: z.number(),
  taxType: z.enum(taxTypes),
  taxKes: z.number(),
  itemClassCode: z.string().nullable(),
});
export type TaxLine = z.infer<typeof taxLineSchema>;

export const taxBandSchema = z.object({
  taxType: z.enum(taxTypes),
  ratePct: z.number(),
  taxableKes: z.number(),
  taxKes: z.number(),
});
export type TaxBand = z.infer<typeof taxBandSchema>;

/** Every band A–E with its tax-inclusive taxable amount and the tax within it, as KRA wants all five. */
export function taxBands(lines: Pick<TaxLine, "taxType" | "totalKes">[]): TaxBand[] {
  return taxTypes.map((taxType: TaxType) => {
    const taxableKes = lines.filter((l) => l.taxType === taxType).reduce((s, l) => s + l.totalKes, 0);
    return { taxType, ratePct: taxRatePct[taxType], taxableKes, taxKes: taxWithin(taxableKes, taxType) };
  });
}

export const etimsAnswerSchema = z.object({
  status: z.enum(etimsStatuses),
  /** The number KRA's control unit knows it by (invcNo), once accepted. */
  invoiceNumber: z.number().nullable(),
  receiptNumber: z.number().nullable(),
  totalReceiptNumber: z.number().nullable(),
  internalData: z.string().nullable(),
  signature: z.string().nullable(),
  controlUnitId: z.string().nullable(),
  controlUnitDate: z.string().nullable(),
  /** KRA's receipt check for this document (the QR code's link). */
  qrUrl: z.string().nullable(),
  attempts: z.number(),
  lastAttemptAt: z.string().nullable(),
  /** KRA's reason for a refusal, or why the last send did not get through. */
  lastError: z.string().nullable(),
});
export type EtimsAnswer = z.infer<typeof etimsAnswerSchema>;

export const taxDocumentSchema = z.object({
  id: z.number(),
  kind: z.enum(taxDocumentKinds),
  number: z.string(),
  orderId: z.number(),
  orderNumber: z.string(),
  /** A credit note's invoice. */
  originalNumber: z.string().nullable(),
  reasonCode: z.enum(creditReasonCodes).nullable(),
  reason: z.string().nullable(),
  buyerName: z.string(),
  buyerPin: z.string().nullable(),
  paymentType: z.string(),
  lines: z.array(taxLineSchema),
  bands: z.array(taxBandSchema),
  totalKes: z.number(),
  taxKes: z.number(),
  issuedAt: z.string(),
  etims: etimsAnswerSchema,
});
export type TaxDocument = z.infer<typeof taxDocumentSchema>;

/** A row of a document list (client's invoices, the Directors' eTIMS screen). */
export const taxDocumentRowSchema = taxDocumentSchema.pick({
  id: true,
  kind: true,
  number: true,
  orderId: true,
  orderNumber: true,
  originalNumber: true,
  buyerName: true,
  totalKes: true,
  issuedAt: true,
  etims: true,
});
export type TaxDocumentRow = z.infer<typeof taxDocumentRowSchema>;

export const invoiceLayouts = ["a4", "receipt"] as const;
export const invoicePdfQuery = z.object({
  layout: z.enum(invoiceLayouts, { error: "layout is a4 or receipt" }).default("a4"),
});

/** Lists of documents (a client's, the Directors' eTIMS screen): newest first, by KRA state and kind. */
export const documentSorts = ["issuedAt", "number", "totalKes"] as const;
export const documentListQuery = paginationQuery.extend({
  ...sortQuery(documentSorts, "issuedAt"),
  status: z.enum(etimsStatuses).optional(),
  kind: z.enum(taxDocumentKinds).optional(),
  /** One order's documents (the client's order page). */
  orderId: idParamSchema.optional(),
});
export type DocumentListQuery = z.input<typeof documentListQuery>;

/** POST /api/orders/:id/invoice: staff issue it by hand; an order without lines needs its tax type named. */
export const issueInvoiceSchema = z.object({ taxType: z.enum(taxTypes).optional() });

/** GET /api/etims/summary: what the dashboard's banner and the eTIMS screen's header count. */
export const etimsSummarySchema = z.object({
  mode: z.enum(["simulator", "sandbox", "production", "off"]),
  /** Whether the company's KRA PIN is set: nothing is sent without it. */
  pinSet: z.boolean(),
  queued: z.number(),
  refused: z.number(),
  /** Documents waiting longer than STUCK_MINUTES for KRA (no answer, or not sent). */
  stuck: z.number(),
});
export type EtimsSummary = z.infer<typeof etimsSummarySchema>;
export const STUCK_MINUTES = 15;

/** POST /api/etims/documents/resend: every refused document at once, or the ones named. */
export const bulkResendSchema = z.object({ ids: z.array(z.number().int().positive()).max(500).optional() });
export const resentSchema = z.object({ resent: z.number() });
