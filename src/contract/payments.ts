import { z } from "zod";
import { isoDate, paymentMethods } from "./orders";
import { kenyanMobileDigits, text } from "./primitives";

/** One record per attempt to pay (an STK push, a recorded bank transfer, ...). */
export const paymentRecordStatuses = [
  "pending",
  "paid",
  "failed",
  "cancelled",
  "expired",
  "part_refunded",
  "refunded",
] as const;
export type PaymentRecordStatus = (typeof paymentRecordStatuses)[number];

/**
 * The one payment state machine: which status may follow which. An expired prompt may still be paid (M-Pesa's
 * late answer is money received); failed, cancelled and refunded end a payment.
 */
export const paymentTransitions: Record<PaymentRecordStatus, readonly PaymentRecordStatus[]> = {
  pending: ["paid", "failed", "cancelled", "expired"],
  expired: ["paid"],
  paid: ["part_refunded", "refunded"],
  part_refunded: ["part_refunded", "refunded"],
  failed: [],
  cancelled: [],
  refunded: [],
};

export function canMovePayment(from: PaymentRecordStatus, to: PaymentRecordStatus): boolean {
  return paymentTransitions[from].includes(to);
}

/** The statuses a payment may reach `to` from. */
export const paymentStatusesBefore = (to: PaymentRecordStatus): PaymentRecordStatus[] =>
  paymentRecordStatuses.filter((from) => canMovePayment(from, to));

/**
 * Kenyan mobile numbers as Daraja wants them: 2547XXXXXXXX or 2541XXXXXXXX, from 07…, 01…, 7…, 1…, +254… or
 * 254…, with spaces and dashes ignored. Anything else is not an M-Pesa number.
 */
export function normaliseMpesaPhone(input: string): string | null {
  const digits = kenyanMobileDigits(input);
  return digits ? `254${digits}` : null;
}

export const MPESA_PHONE_MESSAGE = "Enter an M-Pesa number like 0712 345 678";
export const mpesaPhone = text(MPESA_PHONE_MESSAGE)
  .refine((v) => normaliseMpesaPhone(v) !== null, MPESA_PHONE_MESSAGE)
  .transform((v) => normaliseMpesaPhone(v)!);

/** Daraja's STK result codes, in the words a client sees. 0 is paid; anything else failed. */
export const mpesaResultMessages: Record<number, string> = {
  0: "Payment received. Thank you!",
  1: "Your M-Pesa balance was not enough for this payment.",
  1032: "You cancelled the M-Pesa prompt on your phone.",
  1037: "We could not reach your phone. Check it is on and has signal, then try again.",
  1019: "The M-Pesa prompt expired before it was answered.",
  2001: "The M-Pesa PIN entered was wrong.",
};
export function mpesaResultMessage(code: number | null): string {
  if (code === null) return "Waiting for you to confirm on your phone.";
  return mpesaResultMessages[code] ?? "M-Pesa could not complete the payment.";
}

export const payInputSchema = z.object({
  method: z.literal("mpesa", { error: "Only M-Pesa can be paid from here; see the bank details instead" }),
  phone: mpesaPhone,
});
export type PayInput = z.input<typeof payInputSchema>;

const refundAmount = z
  .number({ error: "Amount must be a number" })
  .int("Amount must be whole shillings")
  .positive("Amount must be greater than 0")
  .max(10_000_000_000, "Amount is too large");
const refundReference = text()
  .max(100)
  .nullish()
  .transform((v) => v || null);

/** Money paid back on one payment, whole or in part; `cancelOrder` ends the order too (stock released). */
export const refundInputSchema = z.object({
  amountKes: refundAmount,
  reason: text("Please give a reason").min(1, "Please give a reason").max(500),
  /** How the money went back; the payment's own method when not given. */
  method: z.enum(paymentMethods, { error: "Choose M-Pesa, card or bank transfer" }).optional(),
  reference: refundReference,
  cancelOrder: z.boolean({ error: "Say whether the order is cancelled" }),
});
export type RefundInput = z.input<typeof refundInputSchema>;

/**
 * What happens to the money an order holds when it is rejected or cancelled: paid back now (in part or
 * whole; what is left stays due), or "later", when it is shown as to refund until someone pays it back.
 */
export const refundDecisionSchema = z.union([
  z.literal("later"),
  z.object({
    amountKes: refundAmount,
    method: z.enum(paymentMethods, { error: "Choose M-Pesa, card or bank transfer" }),
    reference: refundReference,
  }),
]);
export type RefundDecision = z.output<typeof refundDecisionSchema>;

export const refundSchema = z.object({
  id: z.number().int(),
  paymentId: z.number().int(),
  amountKes: z.number().int(),
  method: z.enum(paymentMethods),
  reference: z.string().nullable(),
  reason: z.string(),
  by: z.string().nullable(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

export const paymentSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  method: z.enum(paymentMethods),
  amountKes: z.number().int(),
  status: z.enum(paymentRecordStatuses),
  phone: z.string().nullable(),
  reference: z.string().nullable(),
  receipt: z.string().nullable(),
  resultCode: z.number().int().nullable(),
  /** Plain words for the client or staff. */
  message: z.string(),
  needsReview: z.boolean(),
  reviewReason: z.string().nullable(),
  refundReason: z.string().nullable(),
  /** Paid back so far. */
  refundedKes: z.number().int(),
  refunds: z.array(refundSchema),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  /** For the client waiting on a pending M-Pesa prompt: when a new prompt may be sent instead (else null). */
  newPromptFrom: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentStartedSchema = z.object({
  paymentId: z.number().int(),
  status: z.enum(paymentRecordStatuses),
});

export const recordPaymentInputSchema = z.object({
  method: z.enum(paymentMethods, { error: "Choose M-Pesa, card or bank transfer" }),
  amountKes: z
    .number({ error: "Amount must be a number" })
    .int("Amount must be whole shillings")
    .positive("Amount must be greater than 0")
    .max(10_000_000_000, "Amount is too large"),
  reference: text("Reference is required").min(1, "Reference is required").max(100),
  date: isoDate,
});
export type RecordPaymentInput = z.input<typeof recordPaymentInputSchema>;

/** Where clients send bank transfers and paybill payments; the order number is the reference. */
export const paymentDetailsSchema = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  branch: z.string(),
  paybill: z.string(),
  cardAvailable: z.boolean(),
  holdMpesaMinutes: z.number().int(),
  holdBankHours: z.number().int(),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;
