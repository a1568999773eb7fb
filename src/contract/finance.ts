import { z } from "zod";
import { amountTooLarge, currencies, MAX_AMOUNT_KES } from "./money";
import { heldMoneySchema, ledgerFiguresSchema } from "./orders";
import { paginationQuery, sortQuery } from "./pagination";
import { hasAtMostTwoDecimals, isoDateTime, text } from "./primitives";

export const transactionTypes = ["income", "expense", "transfer", "refund"] as const;
/** What staff may record by hand: refunds are written only by the refund command, against a payment. */
export const manualTransactionTypes = ["income", "expense", "transfer"] as const;
export const transactionStatuses = ["completed", "pending", "failed"] as const;

export const transactionSchema = z.object({
  id: z.number().int(),
  type: z.enum(transactionTypes),
  amount: z.number(),
  currency: z.enum(currencies),
  description: z.string(),
  reference: z.string().nullable(),
  status: z.enum(transactionStatuses),
  date: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionInputSchema = z.object({
  type: z.enum(manualTransactionTypes),
  amount: z
    .number({ error: "Amount must be a number" })
    .positive("Amount must be greater than 0")
    .max(MAX_AMOUNT_KES, amountTooLarge)
    .refine(hasAtMostTwoDecimals, "Amount can have at most two decimals"),
  currency: z.enum(currencies),
  description: text().min(1, "Description is required").max(500),
  reference: text()
    .max(200)
    .nullish()
    .transform((v) => v || null),
  status: z.enum(transactionStatuses).default("completed"),
  date: isoDateTime("Date must be an ISO date-time").optional(),
});
export type TransactionInput = z.input<typeof transactionInputSchema>;

export const transactionSorts = ["date", "amount"] as const;
export const transactionListQuery = paginationQuery.extend({
  ...sortQuery(transactionSorts, "date"),
  /** Description or reference. */
  search: text().max(200).optional(),
  type: z.enum(transactionTypes).optional(),
});
export type TransactionListQuery = z.input<typeof transactionListQuery>;

/**
 * totalRevenue is the booked order value (bookedKes) and monthlyRevenue the same for orders placed this
 * month; pendingPayments is the outstanding figure. Deposits and refunds due are money held, never revenue;
 * refundedKes is all that was ever paid back.
 */
export const financialSummarySchema = ledgerFiguresSchema.extend({
  ...heldMoneySchema.shape,
  totalRevenue: z.number(),
  totalRevenueUsd: z.number(),
  monthlyRevenue: z.number(),
  pendingPayments: z.number(),
  refundedKes: z.number().int(),
});
export type FinancialSummary = z.infer<typeof financialSummarySchema>;
