import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, isNotNull, isNull, lt, lte, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { orderEnded } from "../../../contract/orders";
import {
  mpesaResultMessage,
  type Payment,
  type PaymentDetails,
  type Refund,
  type recordPaymentInputSchema,
  type refundInputSchema,
} from "../../../contract/payments";
import type { AppContext } from "../../context";
import { type Db, type Ending, together } from "../../db/adapter";
import { orders, payments, refunds, users } from "../../db/schema";
import { conflict, notFound, validationError } from "../../errors";
import { atNairobiNoon, nairobiDate } from "../../time";
import { confirmPayment, failPayment, recordReceivedPayment, refreshPaymentState } from "../finance/ledger";
import { keepCallback, lockedPaymentByToken } from "../finance/ledger-statements";
import { refundPayment } from "../finance/refunds";
import { notifyOrderClient } from "../notifications/order-messages";
import { type Actor, changeOrderStatus } from "../orders/process";
import { companyBank } from "../settings/company";
import { parseStkCallback } from "./daraja";
import { paymentMayBecome } from "./transitions";

type PaymentRow = typeof payments.$inferSelect;

/** A prompt's callback is given this long before the STK query asks for the outcome. */
export const QUERY_AFTER_MS = 60_000;
const QUERY_EVERY_MS = 30_000;
/** A push Daraja never acknowledged (no CheckoutRequestID) is given up after this long. */
const ABANDON_UNSENT_MS = 10 * 60_000;

function message(row: PaymentRow): string {
  if (row.needsReview) return "Received; our team is checking the amount and will contact you.";
  switch (row.status) {
    case "paid":
      return row.method === "mpesa" ? mpesaResultMessage(0) : "Payment recorded. Thank you!";
    case "refunded":
      return `Refunded${row.refundReason ? `: ${row.refundReason}` : ""}`;
    case "part_refunded":
      return `KSh ${row.refundedKes.toLocaleString("en-KE")} of KSh ${row.amountKes.toLocaleString("en-KE")} refunded`;
    case "expired":
      return row.resultCode === null
        ? "The order's payment time ran out."
        : mpesaResultMessage(row.resultCode);
    case "pending":
      return mpesaResultMessage(null);
    default:
      return row.method === "mpesa"
        ? mpesaResultMessage(row.resultCode)
        : (row.resultDesc ?? "Not completed");
  }
}

/**
 * A payment as the API answers it. `promptMs` (the client's own view) says when a pending M-Pesa prompt has
 * waited long enough for a new one to be sent.
 */
export function toPayment(
  row: PaymentRow,
  orderNumber: string,
  paidBack: Refund[] = [],
  promptMs?: number,
): Payment {
  return {
    id: row.id,
    orderId: row.orderId,
    orderNumber,
    method: row.method,
    amountKes: row.amountKes,
    status: row.status,
    phone: row.phone,
    reference: row.reference,
    receipt: row.receipt,
    resultCode: row.resultCode,
    message: message(row),
    needsReview: row.needsReview,
    reviewReason: row.reviewReason,
    refundReason: row.refundReason,
    refundedKes: row.refundedKes,
    refunds: paidBack.filter((r) => r.paymentId === row.id),
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    newPromptFrom:
      promptMs !== undefined && row.method === "mpesa" && row.status === "pending"
        ? new Date(row.createdAt.getTime() + promptMs).toISOString()
        : null,
  };
}

/** How a client may pay: the bank details the Directors set (else the environment's), the paybill, the holds. */
export async function paymentDetails(ctx: AppContext): Promise<PaymentDetails> {
  return {
    ...(await ctx.database.read((db) => companyBank(db, ctx.config.bank))),
    paybill: ctx.config.mpesa.shortcode,
    cardAvailable: false,
    holdMpesaMinutes: ctx.config.holds.mpesaMinutes,
    holdBankHours: ctx.config.holds.bankHours,
  };
}

/**
 * Sends an STK push for what the client's own order still owes. The payment row is committed before the
 * call to Daraja (whose callback may arrive at once), and the CheckoutRequestID is stored after it.
 */
export async function startMpesaPayment(
  ctx: AppContext,
  userId: number,
  orderId: number,
  phone: string,
): Promise<{ paymentId: number; status: PaymentRow["status"] }> {
  const now = ctx.clock.now();
  const prepared = await ctx.database.tx(async (db) => {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.clientUserId, userId)))
      .for("update");
    if (!order) throw notFound("Order");
    if (orderEnded(order.status)) {
      throw conflict(`Order ${order.orderNumber} is ${order.status}; it can no longer be paid`);
    }
    const owed = order.totalAmountKes - order.amountPaidKes;
    if (owed <= 0) throw conflict(`Order ${order.orderNumber} is already paid`);
    const [inFlight] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, "pending")))
      .orderBy(desc(payments.createdAt));
    if (inFlight && now.getTime() - inFlight.createdAt.getTime() < ctx.config.mpesa.promptMs) {
      throw conflict("An M-Pesa prompt was just sent to your phone. Answer it, or try again in two minutes.");
    }
    const [payment] = await db
      .insert(payments)
      .values({
        orderId,
        method: "mpesa",
        amountKes: owed,
        status: "pending",
        phone,
        callbackToken: randomBytes(24).toString("base64url"),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // Leave the client time to answer the prompt (Daraja's prompt lives about two minutes) even when the
    // hold is about to run out, but never longer than a whole M-Pesa hold.
    const answerBy = new Date(now.getTime() + Math.min(2, ctx.config.holds.mpesaMinutes) * 60_000);
    if (order.holdExpiresAt && order.holdExpiresAt < answerBy) {
      await db.update(orders).set({ holdExpiresAt: answerBy }).where(eq(orders.id, orderId));
    }
    await refreshPaymentState(db, orderId, now);
    return { payment: payment!, order };
  });

  const { payment } = prepared;
  try {
    const accepted = await ctx.daraja.stkPush({
      phone,
      amountKes: payment.amountKes,
      accountReference: prepared.order.orderNumber.replace(/^ORD-/, ""),
      description: "Urithi order",
      callbackUrl: `${ctx.config.mpesa.callbackBaseUrl}/api/payments/mpesa/callback/${payment.callbackToken}`,
    });
    await ctx.database.tx(async (db) => {
      await db
        .update(payments)
        .set({
          checkoutRequestId: accepted.checkoutRequestId,
          merchantRequestId: accepted.merchantRequestId,
          updatedAt: ctx.clock.now(),
        })
        .where(eq(payments.id, payment.id));
      await notifyOrderClient(db, prepared.order, "payment_prompt", ctx.clock.now(), {
        amountKes: payment.amountKes,
        phone,
      });
    });
    return { paymentId: payment.id, status: "pending" };
  } catch (error) {
    await ctx.database.tx((db) =>
      failPayment(db, payment.id, "failed", {
        resultCode: null,
        resultDesc: error instanceof Error ? error.message : "M-Pesa request failed",
        now: ctx.clock.now(),
      }),
    );
    throw error;
  }
}

/**
 * Applies a final STK result (from a callback or a query) to a payment; idempotent. Its last statement (a
 * settled order's invoice) is started, not awaited: see `PaymentWritten`.
 */
async function applyResult(
  db: Db,
  payment: PaymentRow,
  result: { resultCode: number; resultDesc: string; amount: number | null; receipt: string | null },
  now: Date,
): Promise<Ending<unknown>> {
  if (result.resultCode === 0) {
    return confirmPayment(db, payment, {
      receipt: result.receipt,
      paidAmountKes: result.amount ?? payment.amountKes,
      paidAt: now,
      now,
    });
  }
  const status = result.resultCode === 1032 ? "cancelled" : result.resultCode === 1019 ? "expired" : "failed";
  await failPayment(db, payment.id, status, {
    resultCode: result.resultCode,
    resultDesc: result.resultDesc,
    now,
  });
  return { last: Promise.resolve() };
}

/**
 * Daraja's callback for one payment. Only the per-payment token in the URL is trusted, and the
 * CheckoutRequestID must match the one Daraja gave us. A repeated callback changes nothing.
 */
export function handleMpesaCallback(ctx: AppContext, token: string, body: unknown): Promise<void> {
  const callback = parseStkCallback(body);
  if (!callback) throw validationError("Not an STK callback");
  // The settled order's invoice goes out with COMMIT: the document counter it locks is held for no round trip.
  return ctx.database.txEndingWith(async (db) => {
    const payment = await lockedPaymentByToken(db, token);
    if (!payment) throw notFound("Payment");
    if (payment.checkoutRequestId && payment.checkoutRequestId !== callback.checkoutRequestId) {
      throw validationError("CheckoutRequestID does not match this payment");
    }
    const now = ctx.clock.now();
    if (payment.status !== "pending" && payment.status !== "expired") return { last: Promise.resolve() };
    // Kept as it came, in the same trip as the result's first reads.
    const kept = keepCallback(db, payment.id, body, callback.checkoutRequestId);
    const [, { last }] = await together([kept, applyResult(db, payment, callback, now)]);
    return { last: last.then(() => undefined) };
  });
}

/**
 * Callbacks get lost: asks Daraja about prompts older than a minute that are still pending. Each payment is
 * claimed with a conditional update of last_queried_at, so two app instances never query the same one at once.
 */
export async function reconcilePendingMpesa(ctx: AppContext, batch = 20): Promise<number> {
  const now = ctx.clock.now();
  const before = new Date(now.getTime() - QUERY_AFTER_MS);
  const claimed = await ctx.database.tx(async (db) => {
    await db
      .update(payments)
      .set({ status: "failed", resultDesc: "M-Pesa never acknowledged the request", updatedAt: now })
      .where(
        and(
          paymentMayBecome("failed"),
          isNull(payments.checkoutRequestId),
          lt(payments.createdAt, new Date(now.getTime() - ABANDON_UNSENT_MS)),
        ),
      );
    const due = await db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.status, "pending"),
          eq(payments.method, "mpesa"),
          isNotNull(payments.checkoutRequestId),
          lt(payments.createdAt, before),
          or(
            isNull(payments.lastQueriedAt),
            lt(payments.lastQueriedAt, new Date(now.getTime() - QUERY_EVERY_MS)),
          ),
        ),
      )
      .orderBy(asc(payments.createdAt))
      .limit(batch)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((d) => d.id);
    const rows: PaymentRow[] = [];
    for (const id of ids) {
      const [row] = await db
        .update(payments)
        .set({ lastQueriedAt: now })
        .where(and(eq(payments.id, id), eq(payments.status, "pending")))
        .returning();
      if (row) rows.push(row);
    }
    return rows;
  });
  let settled = 0;
  for (const payment of claimed) if (await askDaraja(ctx, payment)) settled++;
  return settled;
}

/** Asks Daraja what became of one claimed prompt and applies the answer; false while it has none yet. */
async function askDaraja(ctx: AppContext, payment: PaymentRow): Promise<boolean> {
  const answer = await ctx.daraja.stkQuery(payment.checkoutRequestId!).catch(() => null);
  if (!answer || answer.resultCode === null) return false;
  const { resultCode, resultDesc } = answer;
  await ctx.database.tx(async (db) => {
    const [current] = await db.select().from(payments).where(eq(payments.id, payment.id)).for("update");
    if (current?.status !== "pending") return;
    const applied = await applyResult(
      db,
      current,
      { resultCode, resultDesc, amount: null, receipt: null },
      ctx.clock.now(),
    );
    await applied.last;
  });
  return true;
}

/** A client may ask about their prompt this often ("I have paid"); the job asks on its own every 30 s. */
const CLIENT_QUERY_EVERY_MS = 5_000;
/**
 * A client waiting on the page has their prompt asked about once it is this old: M-Pesa's callback lands within
 * seconds of the PIN, so a prompt still pending after 10 s has likely lost it, and the next query (5 s later at
 * most) finds it paid well inside 15 s.
 */
export const WAITING_QUERY_AFTER_MS = 10_000;

/**
 * POST /api/client/payments/:id/check ("I have paid"): asks Daraja now about the client's own pending prompt,
 * so a lost callback does not keep them waiting for the job. Claimed like the job's query (a conditional
 * update of last_queried_at), so taps and instances never ask at once; answers the payment as it stands.
 */
export function checkClientPayment(ctx: AppContext, userId: number, paymentId: number): Promise<Payment> {
  return askForClient(ctx, userId, paymentId, ctx.clock.now());
}

/**
 * GET /api/client/payments/:id, polled every 2 s by a client waiting on the page: once the prompt is 10 s old,
 * the poll asks Daraja too (at most every 5 s), so a lost callback costs the farmer seconds, not the job's minute.
 */
export function pollClientPayment(ctx: AppContext, userId: number, paymentId: number): Promise<Payment> {
  return askForClient(ctx, userId, paymentId, new Date(ctx.clock.now().getTime() - WAITING_QUERY_AFTER_MS));
}

/** Claims and asks about the client's own pending prompt if it was sent before `sentBefore`; answers it as it stands. */
async function askForClient(
  ctx: AppContext,
  userId: number,
  paymentId: number,
  sentBefore: Date,
): Promise<Payment> {
  const now = ctx.clock.now();
  const claimed = await ctx.database.tx(async (db) => {
    const [mine] = await db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.id, paymentId), eq(orders.clientUserId, userId)));
    if (!mine) throw notFound("Payment");
    const [row] = await db
      .update(payments)
      .set({ lastQueriedAt: now })
      .where(
        and(
          eq(payments.id, paymentId),
          eq(payments.status, "pending"),
          isNotNull(payments.checkoutRequestId),
          lte(payments.createdAt, sentBefore),
          or(
            isNull(payments.lastQueriedAt),
            lt(payments.lastQueriedAt, new Date(now.getTime() - CLIENT_QUERY_EVERY_MS)),
          ),
        ),
      )
      .returning();
    return row;
  });
  if (claimed) await askDaraja(ctx, claimed);
  return getClientPayment(ctx, userId, paymentId);
}

async function orderNumberOf(db: Db, orderId: number): Promise<string> {
  const [order] = await db.select({ n: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound("Order");
  return order.n;
}

export function getClientPayment(ctx: AppContext, userId: number, paymentId: number): Promise<Payment> {
  return ctx.database.read(async (db) => {
    const [row] = await db
      .select({ payment: payments, orderNumber: orders.orderNumber })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.id, paymentId), eq(orders.clientUserId, userId)));
    if (!row) throw notFound("Payment");
    return toPayment(
      row.payment,
      row.orderNumber,
      await refundsOf(db, eq(refunds.paymentId, paymentId)),
      ctx.config.mpesa.promptMs,
    );
  });
}

export function listOrderPayments(ctx: AppContext, orderId: number): Promise<Payment[]> {
  return ctx.database.read(async (db) => {
    const orderNumber = await orderNumberOf(db, orderId);
    const rows = await db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(asc(payments.createdAt), asc(payments.id));
    const paidBack = await refundsOf(db, eq(refunds.orderId, orderId));
    return rows.map((r) => toPayment(r, orderNumber, paidBack));
  });
}

export function recordPayment(
  ctx: AppContext,
  orderId: number,
  input: z.output<typeof recordPaymentInputSchema>,
  actorUserId: number,
): Promise<Payment> {
  const now = ctx.clock.now();
  const today = nairobiDate(now);
  if (input.date > today) {
    throw validationError("A payment cannot be dated in the future", {
      date: "Date cannot be in the future",
    });
  }
  // Today's payment is stamped now (never later today); an earlier day's at noon, Nairobi time.
  const paidAt = input.date === today ? now : atNairobiNoon(input.date);
  // The settled order's invoice goes out with COMMIT: the document counter it locks is held for no round trip.
  return ctx.database.txEndingWith(async (db) => {
    const { payment, orderNumber, last } = await recordReceivedPayment(
      db,
      orderId,
      { method: input.method, amountKes: input.amountKes, reference: input.reference, paidAt },
      actorUserId,
      now,
    );
    return { last: last.then(() => toPayment(payment, orderNumber)) };
  });
}

/** The refunds matching `where`, oldest first, with who made each. */
async function refundsOf(db: Db, where: SQL): Promise<Refund[]> {
  const rows = await db
    .select({ refund: refunds, firstName: users.firstName, lastName: users.lastName })
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.createdBy))
    .where(where)
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  return rows.map(({ refund: r, firstName, lastName }) => ({
    id: r.id,
    paymentId: r.paymentId,
    amountKes: r.amountKes,
    method: r.method,
    reference: r.reference,
    reason: r.reason,
    by: firstName ? `${firstName} ${lastName ?? ""}`.trim() : null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Pays back part or all of a payment. With `cancelOrder` its order is cancelled too (stock released, client
 * told); without, the order stays and awaits the money again.
 */
export function refund(
  ctx: AppContext,
  paymentId: number,
  input: z.output<typeof refundInputSchema>,
  actor: Actor,
): Promise<Payment> {
  const now = ctx.clock.now();
  return ctx.database.tx(async (db) => {
    const [held] = await db
      .select({ orderId: payments.orderId, status: orders.status, orderNumber: orders.orderNumber })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(payments.id, paymentId));
    if (!held) throw notFound("Payment");
    if (input.cancelOrder && (held.status === "shipped" || held.status === "delivered")) {
      throw conflict(
        `Order ${held.orderNumber} is ${held.status} and cannot be cancelled; refund it without cancelling`,
      );
    }
    const { payment } = await refundPayment(db, paymentId, input, actor.id, now);
    if (input.cancelOrder && !orderEnded(held.status)) {
      await changeOrderStatus(db, held.orderId, {
        to: "cancelled",
        actor,
        now,
        reason: `Cancelled with a refund: ${input.reason}`,
        refund: "later",
      });
    }
    return toPayment(payment, held.orderNumber, await refundsOf(db, eq(refunds.paymentId, paymentId)));
  });
}
