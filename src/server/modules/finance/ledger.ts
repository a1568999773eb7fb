import { and, eq } from "drizzle-orm";
import { orderEnded, type PaymentStatus, paymentMethodLabels } from "../../../contract/orders";
import { type Db, type Ending, together } from "../../db/adapter";
import { orders, payments } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { invoiceDue } from "../invoices/issue";
import { notifyOrderClient, orderMessageReads, writeOrderMessage } from "../notifications/order-messages";
import { lockOrder } from "../orders/locked";
import { paymentMayBecome } from "../payments/transitions";
import {
  insertIncome,
  insertPaidPayment,
  markPaid,
  orderOfPayment,
  orderPaymentSums,
  settleOrder,
} from "./ledger-statements";

/**
 * The ledger's commands: a payment confirmed, failed or recorded, each in the caller's transaction with its
 * income and the order's payment state. Refunds are refunds.ts; the figures are figures.ts.
 */

function derive(total: number, paid: number, anyPending: boolean, anyRefunded: boolean): PaymentStatus {
  if (total > 0 && paid >= total) return "paid";
  if (paid > 0) return "part_paid";
  if (anyPending) return "pending";
  if (anyRefunded) return "refunded";
  return "unpaid";
}

/**
 * Re-derives an order's payment state from its payments, net of what was paid back (flagged ones count only
 * once a person clears them). Answers what is still to pay.
 */
export async function refreshPaymentState(db: Db, orderId: number, now: Date): Promise<number> {
  const { balanceKes, invoice } = await settlePaymentState(db, orderId, now);
  if (invoice) await invoice();
  return balanceKes;
}

/**
 * `refreshPaymentState`, but when the order is now paid in full (its sale final) it answers the statement that
 * issues its tax invoice instead of running it, for the payment to start last in its transaction: every
 * invoice waits for the document counter that statement locks.
 */
async function settlePaymentState(
  db: Db,
  orderId: number,
  now: Date,
): Promise<{ balanceKes: number; invoice: (() => Promise<unknown>) | null }> {
  const sums = await orderPaymentSums(db, orderId);
  if (!sums) throw notFound("Order");
  const paymentStatus = derive(sums.total, sums.paid, sums.pending, sums.refunded > 0);
  // Its RETURNING is the order as it now stands, which the invoice's reads, sent behind it, do not wait for.
  const updated = settleOrder(db, orderId, { paymentStatus, paid: sums.paid, refunded: sums.refunded, now });
  // Paid in full, the sale is final: its tax invoice is issued in this same transaction.
  let invoice: (() => Promise<unknown>) | null = null;
  if (paymentStatus === "paid") invoice = await invoiceDue(db, orderId, now, {}, updated);
  else await updated;
  return { balanceKes: Math.max(sums.total - sums.paid, 0), invoice };
}

/**
 * A payment written, and the transaction's last statement started but not awaited: the order's tax invoice
 * when the payment settled it (else nothing). The caller awaits `last`, or lets COMMIT follow it
 * (`txEndingWith`).
 */
export interface PaymentWritten extends Ending<unknown> {
  payment: PaymentRow | null;
}

type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** How the ledger describes a payment's income (the demo seed writes the same). */
export function incomeDescription(
  order: Pick<OrderRow, "orderNumber" | "customerName">,
  method: PaymentRow["method"],
): string {
  return `Payment for ${order.orderNumber} (${order.customerName}) by ${paymentMethodLabels[method]}`;
}

function writeIncome(db: Db, order: OrderRow, payment: PaymentRow, actorUserId: number | null, date: Date) {
  return insertIncome(db, {
    payment,
    customerId: order.customerId,
    description: incomeDescription(order, payment.method),
    createdBy: actorUserId,
    date,
  });
}

/**
 * Marks a pending payment paid, writes its income and re-derives the order's state. Conditional on the
 * payment still being pending (or expired with its order: a late success is still money received), so a
 * repeated confirmation (duplicate callback) credits nothing. A payment
 * whose amount differs from what was asked is kept but flagged for review, and credits nothing until then.
 * `current` is the payment as the caller read it: only its id and its amount, which never changes, are used.
 */
export async function confirmPayment(
  db: Db,
  current: PaymentRow,
  outcome: { receipt: string | null; paidAmountKes: number; paidAt: Date; now: Date },
): Promise<PaymentWritten> {
  const paymentId = current.id;
  const order = await orderOfPayment(db, paymentId);
  const mismatch = outcome.paidAmountKes !== current.amountKes;
  const overpaid = order!.amountPaidKes + current.amountKes > order!.totalAmountKes;
  // Money on an order that has ended is received all the same: the order shows it as due to refund.
  const reviewReason = mismatch
    ? `Paid KES ${outcome.paidAmountKes}, asked KES ${current.amountKes}`
    : overpaid
      ? `The order was already paid (${order!.amountPaidKes} of ${order!.totalAmountKes}); refund or reallocate`
      : null;
  const paid = await markPaid(db, paymentId, {
    receipt: outcome.receipt,
    paidAt: outcome.paidAt,
    reviewReason,
    now: outcome.now,
  });
  if (!paid) return { payment: null, last: Promise.resolve() };
  // The income, the order's new state and the message's reads in one trip: none reads what another writes.
  const [, { balanceKes, invoice }, said] = await together([
    paid.needsReview ? Promise.resolve() : writeIncome(db, order!, paid, null, outcome.paidAt),
    settlePaymentState(db, paid.orderId, outcome.now),
    orderMessageReads(db, order!),
  ]);
  const told = writeOrderMessage(db, order!, said, "payment_received", outcome.now, {
    amountKes: outcome.paidAmountKes,
    receipt: outcome.receipt,
    balanceKes: orderEnded(order!.status) ? 0 : balanceKes,
  });
  return { payment: paid, last: lastWrites(told, invoice) };
}

/** Ends a pending payment without money (failed, cancelled or expired prompt). */
export async function failPayment(
  db: Db,
  paymentId: number,
  status: "failed" | "cancelled" | "expired",
  detail: { resultCode: number | null; resultDesc: string | null; now: Date },
): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({ status, resultCode: detail.resultCode, resultDesc: detail.resultDesc, updatedAt: detail.now })
    .where(and(eq(payments.id, paymentId), paymentMayBecome(status)))
    .returning();
  if (!row) return null;
  await refreshPaymentState(db, row.orderId, detail.now);
  // A result from M-Pesa is news to the client; a prompt that never left (M-Pesa down) was shown on screen.
  if (detail.resultCode !== null) {
    const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
    await notifyOrderClient(db, order!, "payment_failed", detail.now);
  }
  return row;
}

/** A payment staff saw arrive (bank transfer, card terminal, paybill). Cannot take the order past its total. */
export async function recordReceivedPayment(
  db: Db,
  orderId: number,
  input: { method: PaymentRow["method"]; amountKes: number; reference: string; paidAt: Date },
  actorUserId: number,
  now: Date,
): Promise<PaymentWritten & { payment: PaymentRow; orderNumber: string }> {
  const order = await lockOrder(db, orderId);
  if (orderEnded(order.status)) {
    throw conflict(`Order ${order.orderNumber} is ${order.status}; it takes no payments`);
  }
  const owed = order.totalAmountKes - order.amountPaidKes;
  if (input.amountKes > owed) {
    throw conflict(
      owed === 0
        ? `Order ${order.orderNumber} is already fully paid`
        : `Order ${order.orderNumber} owes KES ${owed.toLocaleString("en-KE")}; KES ${input.amountKes.toLocaleString("en-KE")} is more than that`,
    );
  }
  const payment = await insertPaidPayment(db, {
    orderId,
    method: input.method,
    amountKes: input.amountKes,
    reference: input.reference,
    recordedBy: actorUserId,
    paidAt: input.paidAt,
    now,
  });
  // The income, the order's new state and the message's reads in one trip: none reads what another writes.
  const [, { balanceKes, invoice }, said] = await together([
    writeIncome(db, order, payment!, actorUserId, input.paidAt),
    settlePaymentState(db, orderId, now),
    orderMessageReads(db, order),
  ]);
  const told = writeOrderMessage(db, order, said, "payment_received", now, {
    amountKes: input.amountKes,
    balanceKes,
  });
  return { payment: payment!, orderNumber: order.orderNumber, last: lastWrites(told, invoice) };
}

/**
 * A payment's last writes, started now in this order: the client's message (already sent), then the settled
 * order's invoice, which locks the document counter, so COMMIT can follow them in the same write.
 */
function lastWrites(told: Promise<number>, invoice: (() => Promise<unknown>) | null): Promise<unknown> {
  return together([told, invoice ? invoice() : Promise.resolve()]);
}
