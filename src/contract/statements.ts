import { z } from "zod";
import { paginationQuery } from "./pagination";
import { isoDate } from "./primitives";

/**
 * A customer's statement of account over a period (GET /api/customers/:id/statement, .pdf, .csv): what
 * they owed at its start, each invoice, credit note, payment and refund in it, and what they owe at its end.
 * Invoices and refunds add to the balance; credit notes and payments take from it.
 */
const statementRange = z.object({ from: isoDate().optional(), to: isoDate().optional() });
const inOrder = (q: z.output<typeof statementRange>) => !q.from || !q.to || q.from <= q.to;
const endBeforeStart = { path: ["to"], message: "The end is before the start" };
/** The period of a statement's PDF and CSV, which hold every entry. */
export const statementQuery = statementRange.refine(inOrder, endBeforeStart);
/** The period of the statement on screen, and the page of its entries (oldest first). */
export const statementPageQuery = statementRange
  .extend(paginationQuery.shape)
  .refine(inOrder, endBeforeStart);

export const statementEntryKinds = ["invoice", "credit_note", "payment", "refund"] as const;
export const statementEntryLabels: Record<(typeof statementEntryKinds)[number], string> = {
  invoice: "Invoice",
  credit_note: "Credit note",
  payment: "Payment",
  refund: "Refund",
};

export const statementEntrySchema = z.object({
  date: z.string(),
  kind: z.enum(statementEntryKinds),
  reference: z.string().nullable(),
  orderNumber: z.string().nullable(),
  debitKes: z.number(),
  creditKes: z.number(),
  balanceKes: z.number(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const statementSchema = z.object({
  customer: z.object({ id: z.number(), name: z.string(), kraPin: z.string().nullable() }),
  from: z.string(),
  to: z.string(),
  openingKes: z.number(),
  invoicedKes: z.number(),
  creditedKes: z.number(),
  paidKes: z.number(),
  refundedKes: z.number(),
  closingKes: z.number(),
  /** How many entries the period holds; `entries` is the page asked for (every one in the PDF and CSV). */
  entryCount: z.number().int(),
  entries: z.array(statementEntrySchema),
});
export type Statement = z.infer<typeof statementSchema>;

/**
 * GET /api/receivables/aged: what each customer owes on invoices, by how long ago each was issued. `rows` is
 * one page (`limit`/`offset`, the largest debt first); `totals` and `customerCount` are over every customer
 * who owes.
 */
export const agedQuery = paginationQuery;
export const agedBuckets = ["days0to30", "days31to60", "days61to90", "over90"] as const;
export const agedBucketLabels: Record<(typeof agedBuckets)[number], string> = {
  days0to30: "0–30 days",
  days31to60: "31–60 days",
  days61to90: "61–90 days",
  over90: "Over 90 days",
};
const agedAmounts = {
  days0to30: z.number(),
  days31to60: z.number(),
  days61to90: z.number(),
  over90: z.number(),
  totalKes: z.number(),
};
export const agedReceivablesSchema = z.object({
  asOf: z.string(),
  rows: z.array(z.object({ customerId: z.number(), name: z.string(), ...agedAmounts })),
  customerCount: z.number().int(),
  totals: z.object(agedAmounts),
});
export type AgedReceivables = z.infer<typeof agedReceivablesSchema>;
