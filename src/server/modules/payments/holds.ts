import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { AppContext } from "../../context";
import { type Db, prepared } from "../../db/adapter";
import { orderLines, orders, payments } from "../../db/schema";
import { conflict } from "../../errors";
import { refreshPaymentState } from "../finance/ledger";
import { notifyOrderClient } from "../notifications/order-messages";
import { changeOrderStatus } from "../orders/process";
import { paymentMayBecome } from "./transitions";

type Holds = Config["holds"];
const MINUTE_MS = 60_000;

/** How long an unpaid client order holds its stock: minutes for an M-Pesa prompt, days for a transfer. */
export function holdUntil(holds: Holds, method: "mpesa" | "bank" | "card", now: Date): Date {
  const ms = method === "mpesa" ? holds.mpesaMinutes * MINUTE_MS : holds.bankHours * 60 * MINUTE_MS;
  return new Date(now.getTime() + ms);
}

interface UnpaidHeld {
  orders: number;
  units: number;
}

const unpaidOpen = and(eq(orders.status, "pending"), inArray(orders.paymentStatus, ["unpaid", "pending"]));

/**
 * What the client's unpaid open orders hold now: how many orders and how many units. One account may not
 * lock the catalogue away (`checkUnpaidCap`). The caller locks the client's user row (SELECT … FOR UPDATE)
 * in this transaction in a statement sent before this one (it may travel in the same write: the server
 * still runs them in turn, and this one reads afresh once the lock is held), so two orders placed at once
 * are counted one after the other.
 */
export const unpaidHeld = (db: Db, userId: number): Promise<UnpaidHeld> =>
  unpaidHeldStatement(db, { userId }).then(([held]) => held!);

const unpaidHeldStatement = prepared<{ userId: number }, UnpaidHeld>(
  "unpaid_held",
  (p) => sql`select count(distinct ${orders.id})::int as orders,
      coalesce(sum(${orderLines.quantity}), 0)::int as units
    from ${orders} left join ${orderLines} on ${orderLines.orderId} = ${orders.id}
    where ${orders.clientUserId} = ${p.userId} and ${unpaidOpen}`,
);

/** Refuses an order that would take the client's unpaid orders past either cap. */
export function checkUnpaidCap(holds: Holds, open: UnpaidHeld, newUnits: number): void {
  if (open.orders >= holds.maxOpenUnpaidOrders) {
    throw conflict(
      `You already have ${open.orders} unpaid orders. Pay for one of them, or wait for it to expire, before placing another.`,
    );
  }
  if (open.units + newUnits > holds.maxOpenUnpaidUnits) {
    throw conflict(
      `Unpaid orders can hold at most ${holds.maxOpenUnpaidUnits} units at a time; you hold ${open.units}. Pay for an order first.`,
    );
  }
}

/** How long before an M-Pesa hold ends the client is texted that it will (issue 39: "holds the farmer can see"). */
export const HOLD_WARNING_MINUTES = 10;

/**
 * Texts each client whose M-Pesa hold ends within 10 minutes, once: the order is claimed by setting
 * hold_warned_at (FOR UPDATE SKIP LOCKED, then a conditional update), so instances never text twice.
 */
export function warnHolds(ctx: AppContext, batch = 50): Promise<number> {
  const now = ctx.clock.now();
  return ctx.database.tx(async (db) => {
    const due = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          unpaidOpen,
          eq(orders.paymentMethod, "mpesa"),
          isNull(orders.holdWarnedAt),
          gt(orders.holdExpiresAt, now),
          lte(orders.holdExpiresAt, new Date(now.getTime() + HOLD_WARNING_MINUTES * MINUTE_MS)),
        ),
      )
      .orderBy(asc(orders.holdExpiresAt), asc(orders.id))
      .limit(batch)
      .for("update", { skipLocked: true });
    let warned = 0;
    for (const { id } of due) {
      const [order] = await db
        .update(orders)
        .set({ holdWarnedAt: now })
        .where(and(eq(orders.id, id), isNull(orders.holdWarnedAt)))
        .returning();
      if (!order) continue;
      const minutes = Math.max(1, Math.round((order.holdExpiresAt!.getTime() - now.getTime()) / MINUTE_MS));
      await notifyOrderClient(db, order, "hold_ending", now, { minutes });
      warned++;
    }
    return warned;
  });
}

export const EXPIRED_REASON =
  "Payment was not received in time, so the order expired and its items were released";

/**
 * Expires unpaid orders whose hold has run out: cancels them through the order process (which releases the
 * stock) and expires their pending payments. Rows are claimed with FOR UPDATE SKIP LOCKED, so app instances
 * running this at once each take different orders; the process's conditional update is the backstop.
 */
export function expireHolds(ctx: AppContext, batch = 50): Promise<number> {
  const now = ctx.clock.now();
  return ctx.database.tx(async (db) => {
    const due = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(unpaidOpen, lte(orders.holdExpiresAt, now)))
      .orderBy(asc(orders.holdExpiresAt), asc(orders.id))
      .limit(batch)
      .for("update", { skipLocked: true });
    for (const { id } of due) {
      await db
        .update(payments)
        .set({ status: "expired", updatedAt: now })
        .where(and(eq(payments.orderId, id), paymentMayBecome("expired")));
      await refreshPaymentState(db, id, now);
      await changeOrderStatus(db, id, {
        to: "cancelled",
        actor: { id: null, role: "system" },
        now,
        reason: EXPIRED_REASON,
        clientNote: EXPIRED_REASON,
        refund: "later",
      });
    }
    return due.length;
  });
}
