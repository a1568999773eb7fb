import { and, desc, eq, inArray } from "drizzle-orm";
import { kesText } from "../../../contract/money";
import { type PaymentMethod, paymentMethodLabels } from "../../../contract/orders";
import type { Db } from "../../db/adapter";
import { orders, payments, refunds, transactions } from "../../db/schema";
import { conflict, notFound, validationError } from "../../errors";
import { notifyOrderClient } from "../notifications/order-messages";
import { recordOrderEvent } from "../orders/events";
import { paymentMayBecome } from "../payments/transitions";
import { refreshPaymentState } from "./ledger";

/**
 * The ledger's refunds: money paid back on a payment, in part or whole. Each is a refunds row, a ledger entry
 * of type refund (when the payment's income was booked), one history event on its order and a message to
 * the client, all in the caller's transaction.
 */

type PaymentRow = typeof payments.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

export interface RefundMoney {
  amountKes: number;
  reason: string;
  /** How it went back; the payment's own method when not given. */
  method?: PaymentMethod;
  reference: string | null;
}

const refundable = inArray(payments.status, ["paid", "part_refunded"]);

/** Pays `amountKes` back on one locked payment that holds at least that much. */
async function payBack(
  db: Db,
  payment: PaymentRow,
  amountKes: number,
  money: RefundMoney,
  actorUserId: number | null,
  now: Date,
): Promise<RefundRow> {
  const refundedKes = payment.refundedKes + amountKes;
  const to = refundedKes === payment.amountKes ? "refunded" : "part_refunded";
  const [moved] = await db
    .update(payments)
    .set({ status: to, refundedKes, refundReason: money.reason, updatedAt: now })
    .where(and(eq(payments.id, payment.id), paymentMayBecome(to)))
    .returning({ id: payments.id });
  if (!moved) throw conflict("This payment changed meanwhile; please reload");
  const [refund] = await db
    .insert(refunds)
    .values({
      paymentId: payment.id,
      orderId: payment.orderId,
      amountKes,
      method: money.method ?? payment.method,
      reference: money.reference,
      reason: money.reason,
      createdBy: actorUserId,
      createdAt: now,
    })
    .returning();
  const [income] = await db
    .select({
      description: transactions.description,
      currency: transactions.currency,
      customerId: transactions.customerId,
    })
    .from(transactions)
    .where(and(eq(transactions.paymentId, payment.id), eq(transactions.type, "income")));
  // A payment held for review booked no income, so its refund has nothing to reverse.
  if (income) {
    await db.insert(transactions).values({
      type: "refund",
      amount: String(amountKes),
      currency: income.currency,
      description: `Refund: ${income.description}. ${money.reason}`,
      reference: money.reference ?? payment.receipt ?? payment.reference,
      status: "completed",
      date: now,
      orderId: payment.orderId,
      customerId: income.customerId,
      paymentId: payment.id,
      refundId: refund!.id,
      createdBy: actorUserId,
    });
  }
  return refund!;
}

/** The order's payment state, its history line and the client's message after money went back. */
async function afterRefund(
  db: Db,
  orderId: number,
  refunded: { amountKes: number; money: RefundMoney; actorUserId: number | null; now: Date },
): Promise<void> {
  const { amountKes, money, actorUserId, now } = refunded;
  await refreshPaymentState(db, orderId, now);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const how = money.method ? ` by ${paymentMethodLabels[money.method]}` : "";
  const ref = money.reference ? ` (ref ${money.reference})` : "";
  await recordOrderEvent(db, {
    orderId,
    from: order!.status,
    to: order!.status,
    note: `Refunded ${kesText(amountKes)}${how}${ref}: ${money.reason}`,
    changes: { refundedKes: { from: order!.refundedKes - amountKes, to: order!.refundedKes } },
    actorUserId,
    now,
  });
  await notifyOrderClient(db, order!, "refund_sent", now, {
    amountKes,
    reason: money.reason,
    receipt: money.reference,
  });
}

/** Refunds part or all of one paid payment. */
export async function refundPayment(
  db: Db,
  paymentId: number,
  money: RefundMoney,
  actorUserId: number | null,
  now: Date,
): Promise<{ payment: PaymentRow; refund: RefundRow }> {
  const [current] = await db.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  if (!current) throw notFound("Payment");
  if (current.status !== "paid" && current.status !== "part_refunded") {
    throw conflict(`Only a paid payment can be refunded; this one is ${current.status}`);
  }
  const left = current.amountKes - current.refundedKes;
  if (money.amountKes > left) {
    throw validationError(`Only ${kesText(left)} of this payment is left to refund`, {
      amountKes: `At most ${kesText(left)}`,
    });
  }
  const refund = await payBack(db, current, money.amountKes, money, actorUserId, now);
  await afterRefund(db, current.orderId, { amountKes: money.amountKes, money, actorUserId, now });
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return { payment: payment!, refund };
}

/**
 * Pays back `amountKes` of what an order holds, from its payments newest first (one held for review
 * first: it is the money nobody asked for). What is not paid back stays due.
 */
export async function refundOrderMoney(
  db: Db,
  orderId: number,
  money: RefundMoney & { method: PaymentMethod },
  actorUserId: number | null,
  now: Date,
): Promise<void> {
  const held = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), refundable))
    .orderBy(desc(payments.needsReview), desc(payments.paidAt), desc(payments.id))
    .for("update");
  const total = held.reduce((sum, p) => sum + p.amountKes - p.refundedKes, 0);
  if (money.amountKes > total) {
    throw validationError(`This order holds ${kesText(total)}; a refund cannot be more than that`, {
      amountKes: `At most ${kesText(total)}`,
    });
  }
  let left = money.amountKes;
  for (const payment of held) {
    if (left === 0) break;
    const part = Math.min(left, payment.amountKes - payment.refundedKes);
    await payBack(db, payment, part, money, actorUserId, now);
    left -= part;
  }
  await afterRefund(db, orderId, { amountKes: money.amountKes, money, actorUserId, now });
}
