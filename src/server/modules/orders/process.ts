import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { CreditReasonCode } from "../../../contract/invoices";
import {
  canTransition,
  lockedOrderStatuses,
  type OrderStatus,
  openOrderStatuses,
} from "../../../contract/orders";
import type { RefundDecision } from "../../../contract/payments";
import { can, type Role } from "../../../contract/roles";
import { type Db, rowsOf } from "../../db/adapter";
import {
  inventoryItems,
  orderLines,
  orderPicks,
  orders,
  shipments,
  stockBatches,
  stockPositions,
} from "../../db/schema";
import { AppError, conflict, forbidden } from "../../errors";
import { nairobiDate } from "../../time";
import { refreshPaymentState } from "../finance/ledger";
import { refundOrderMoney } from "../finance/refunds";
import { batchExpired } from "../inventory/batches";
import { dispatchOrderStock, releaseOrderStock } from "../inventory/stock";
import { creditInvoicedOrder, documentIssued, invoiceIfFinal } from "../invoices/issue";
import { notifyStatusChange } from "../notifications/order-messages";
import { recordRedate } from "./delivery-dates";
import { recordOrderEvent } from "./events";
import { lockOrder } from "./locked";

/**
 * The one order process. Every change of `orders.status` goes through `changeOrderStatus`, and every edit
 * of an order's details through `editOrderDetails`: each checks the guard table, applies its side effects
 * (stock, shipment, the client's message) and writes exactly one history event, inside the caller's
 * transaction.
 */

export type OrderRow = typeof orders.$inferSelect;
export interface Actor {
  /** null for the system (hold expiry). */
  id: number | null;
  role: Role | "system";
}
export interface StatusChange {
  to: OrderStatus;
  actor: Actor;
  now: Date;
  /** Why, in words: kept in the history (and as the order's notes when rejected or expired). */
  reason?: string | null;
  /** The day the order is now expected: the approver's estimate, then its shipment's due date. */
  expectedDeliveryDate?: Date;
  /** Delivered only: when the client received it (now when not given). */
  deliveredAt?: Date;
  /** Approval only. */
  approval?: { notes?: string; onCredit: boolean };
  /** What the client is told (approval and rejection); the reason and notes stay with staff. */
  clientNote?: string | null;
  /**
   * Rejecting or cancelling an order that holds money: pay it back now (what is not paid back stays due),
   * or "later". Required then; refused with REFUND_DECISION_REQUIRED when missing.
   */
  refund?: RefundDecision;
  /** KRA's reason on the credit note when an invoiced order ends (06, refund, when not given). */
  creditReason?: CreditReasonCode;
}

type Guard = (db: Db, order: OrderRow, change: StatusChange) => Promise<void> | void;

const notOwnOrder: Guard = (_db, order, { actor }) => {
  if (actor.id !== null && order.createdBy === actor.id) {
    throw forbidden(`You created order ${order.orderNumber}; another approver must approve it`);
  }
};

/** A discount above the Sales Manager's limit is a Director's to agree (the `pricing` permission). */
const discountAgreed: Guard = (_db, order, { actor }) => {
  if (!order.discountOverLimit || actor.role === "system" || can(actor.role, "pricing")) return;
  throw forbidden(
    `Order ${order.orderNumber} has a ${order.discountPct}% discount, above the Sales Manager's limit: a Director must approve it`,
  );
};

const itemsViable: Guard = async (db, order) => {
  const bad = await db
    .select({ itemId: inventoryItems.itemId, status: inventoryItems.viabilityStatus })
    .from(orderLines)
    .innerJoin(inventoryItems, eq(inventoryItems.id, orderLines.inventoryItemId))
    .where(
      and(
        eq(orderLines.orderId, order.id),
        or(ne(inventoryItems.viabilityStatus, "viable"), eq(inventoryItems.isActive, false)),
      ),
    );
  if (bad.length > 0) {
    const names = bad.map((b) => `${b.itemId} (${b.status})`).join(", ");
    throw conflict(`Order ${order.orderNumber} cannot be approved: ${names} is no longer viable`);
  }
};

const paidOrOnCredit: Guard = (_db, order, change) => {
  const credit = order.onCredit || change.approval?.onCredit === true;
  if (order.paymentStatus === "paid" || credit) return;
  if (change.to === "approved") {
    throw conflict(
      `Order ${order.orderNumber} is not paid yet; a Director may approve it on credit, otherwise wait for payment`,
    );
  }
  throw conflict(`Order ${order.orderNumber} is neither paid nor approved on credit, so it cannot ship`);
};

/** Money on an order that ends is either paid back now or knowingly left to refund; never kept silently. */
const refundDecided: Guard = (_db, order, change) => {
  if (order.amountPaidKes <= 0 || change.refund !== undefined) return;
  throw new AppError(
    "REFUND_DECISION_REQUIRED",
    `Order ${order.orderNumber} holds KSh ${order.amountPaidKes.toLocaleString("en-KE")} paid. Refund it now, or mark it to refund later.`,
  );
};

const creditOnlyByDirector: Guard = (_db, _order, change) => {
  if (change.approval?.onCredit && change.actor.role !== "director") {
    throw forbidden("Only a Director can approve an order on credit");
  }
};

/**
 * Every straw on the pick list was confirmed at the tank by its label before its shipment is made (so a
 * shipment can never wait on a pick nobody can reach) and before the order leaves.
 */
const picksConfirmed: Guard = async (db, order, change) => {
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderPicks)
    .where(
      and(eq(orderPicks.orderId, order.id), isNull(orderPicks.dispatchedAt), isNull(orderPicks.confirmedAt)),
    );
  if (open!.n > 0) {
    const picks = `${open!.n} pick${open!.n === 1 ? "" : "s"} not yet confirmed by scanning the label`;
    throw conflict(
      change.to === "processing"
        ? `Order ${order.orderNumber} has ${picks}: scan every cane on its pick list before creating the shipment`
        : `Order ${order.orderNumber} cannot ship: ${picks}`,
    );
  }
};

/**
 * No straw leaves from a batch that expired after it was picked: the background job picks those again from
 * unexpired straws within a beat; until then the order waits.
 */
const picksUnexpired: Guard = async (db, order, change) => {
  const [stale] = await db
    .select({ code: stockBatches.code, expiry: stockBatches.expiryDate, itemId: inventoryItems.itemId })
    .from(orderPicks)
    .innerJoin(stockBatches, eq(stockBatches.id, orderPicks.batchId))
    .innerJoin(inventoryItems, eq(inventoryItems.id, orderPicks.inventoryItemId))
    .where(and(eq(orderPicks.orderId, order.id), isNull(orderPicks.dispatchedAt), batchExpired(change.now)))
    .limit(1);
  if (stale) {
    throw conflict(
      `Order ${order.orderNumber} cannot ship: batch ${stale.code} of ${stale.itemId} expired on ${stale.expiry}; its straws are being picked again from unexpired stock, so check the pick list in a minute`,
    );
  }
};

/**
 * Every unit leaves as a straw on the pick list or from stock never placed in the store. Where the list
 * falls short and the item has no such stock left, the units could only come from expired straws (their
 * batch's free straws are written off, but not below what orders hold): staff receive stock or cancel.
 */
const picksCover: Guard = async (db, order) => {
  const [short] = await rowsOf<{ itemId: string; missing: number }>(
    db,
    sql`select i.item_id as "itemId", (l.quantity - l.picked)::int as missing
        from (
          select ${orderLines.inventoryItemId} as item, sum(${orderLines.quantity}) as quantity,
                 (select coalesce(sum(${orderPicks.count}), 0) from ${orderPicks}
                  where ${orderPicks.orderId} = ${order.id} and ${orderPicks.inventoryItemId} = ${orderLines.inventoryItemId}
                    and ${orderPicks.dispatchedAt} is null) as picked
          from ${orderLines}
          where ${orderLines.orderId} = ${order.id} and ${orderLines.inventoryItemId} is not null
          group by ${orderLines.inventoryItemId}
        ) l
        join ${inventoryItems} i on i.id = l.item
        where l.quantity - l.picked > i.current_stock - (
          select coalesce(sum(${stockPositions.count}), 0) from ${stockPositions}
          where ${stockPositions.inventoryItemId} = l.item)
        limit 1`,
  );
  if (short) {
    throw conflict(
      `Order ${order.orderNumber} cannot ship: ${short.missing} of ${short.itemId} have no straw on the pick list, and the store holds no unexpired straw for them. Receive new stock of ${short.itemId} or cancel the order.`,
    );
  }
};

/** The guard table: what must hold before an order may enter each status (besides the state machine). */
const guards: Partial<Record<OrderStatus, Guard[]>> = {
  approved: [notOwnOrder, discountAgreed, creditOnlyByDirector, itemsViable, paidOrOnCredit],
  processing: [paidOrOnCredit, picksConfirmed],
  shipped: [paidOrOnCredit, picksUnexpired, picksCover, picksConfirmed],
  rejected: [refundDecided],
  cancelled: [refundDecided],
};

const isOpen = (s: OrderStatus) => (openOrderStatuses as readonly OrderStatus[]).includes(s);

/** Moves an order to `to` through the guard table, with its side effects and one history event. */
export async function changeOrderStatus(db: Db, orderId: number, change: StatusChange): Promise<OrderRow> {
  const order = await lockOrder(db, orderId);
  const from = order.status;
  if (!canTransition(from, change.to)) {
    throw conflict(`Order ${order.orderNumber} is ${from} and cannot become ${change.to}`);
  }
  for (const guard of guards[change.to] ?? []) await guard(db, order, change);

  // Nothing enters pending, so every change ends the unpaid hold: approval keeps the stock until shipping.
  const set: Partial<typeof orders.$inferInsert> = {
    status: change.to,
    updatedAt: change.now,
    holdExpiresAt: null,
  };
  const dateMoved =
    change.expectedDeliveryDate !== undefined &&
    change.expectedDeliveryDate.getTime() !== order.expectedDeliveryDate?.getTime();
  if (dateMoved) set.expectedDeliveryDate = change.expectedDeliveryDate;
  // The day approval promises stays as it was promised; later moves are new dates (delivery-dates.ts).
  if (change.to === "approved" && change.expectedDeliveryDate) {
    set.confirmedDeliveryDate = nairobiDate(change.expectedDeliveryDate);
  }
  if (change.to === "delivered") set.deliveredAt = change.deliveredAt ?? change.now;
  if (change.to === "approved" && change.approval) {
    set.notes = change.approval.notes || order.notes;
    set.onCredit = order.onCredit || (change.approval.onCredit && order.paymentStatus !== "paid");
  }
  if (change.to === "approved" || change.to === "rejected") {
    set.decidedBy = change.actor.id;
    set.decidedAt = change.now;
  }
  if ((change.to === "rejected" || change.to === "cancelled") && change.reason) set.notes = change.reason;
  if (change.clientNote !== undefined) set.clientNote = change.clientNote;

  // Conditional on the status read under lock: a concurrent change makes this a no-op, never a double effect.
  const [row] = await db
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, orderId), eq(orders.status, from)))
    .returning();
  if (!row) throw conflict(`Order ${order.orderNumber} changed meanwhile; please reload`);

  const context = { actorUserId: change.actor.id, now: change.now };
  if (dateMoved)
    await recordRedate(db, order, { ...context, to: change.expectedDeliveryDate!, reason: null });
  if (change.to === "rejected" || change.to === "cancelled") {
    if (isOpen(from)) await releaseOrderStock(db, order, { ...context, reason: "release" });
    await db
      .update(shipments)
      .set({ status: "cancelled", updatedAt: change.now })
      .where(and(eq(shipments.orderId, orderId), eq(shipments.status, "preparing")));
  }
  if (change.to === "shipped") await dispatchOrderStock(db, order, context);

  // Shipped on credit, the sale is final and its invoice goes with it (a paid order has one already); an
  // invoiced sale that ends is credited. The change's one history event names the document.
  const document =
    change.to === "shipped"
      ? await invoiceIfFinal(db, orderId, change.now, { inEvent: true })
      : change.to === "rejected" || change.to === "cancelled"
        ? await creditInvoicedOrder(db, orderId, {
            reasonCode: change.creditReason ?? "06",
            reason: change.reason || `Order ${change.to}`,
            actorUserId: change.actor.id,
            now: change.now,
            inEvent: true,
          })
        : null;
  const creditNote = set.onCredit && !order.onCredit ? "Approved on credit (unpaid)" : null;
  await recordOrderEvent(db, {
    orderId,
    from,
    to: change.to,
    note:
      [change.reason, creditNote, document && documentIssued(document)].filter(Boolean).join(". ") || null,
    changes: dateMoved
      ? {
          expectedDeliveryDate: {
            from: order.expectedDeliveryDate?.toISOString() ?? null,
            to: change.expectedDeliveryDate!.toISOString(),
          },
        }
      : null,
    actorUserId: change.actor.id,
    now: change.now,
  });
  await notifyStatusChange(db, row, change.to, {
    reason: change.clientNote ?? change.reason,
    bySystem: change.actor.id === null,
    now: change.now,
  });
  if (typeof change.refund === "object") {
    await refundOrderMoney(
      db,
      orderId,
      { ...change.refund, reason: change.reason || `Order ${change.to}` },
      change.actor.id,
      change.now,
    );
    return lockOrder(db, orderId);
  }
  return row;
}

export interface DetailsEdit {
  customer?: { id: number; name: string; email: string | null; phone: string; address: string };
  orderType?: OrderRow["orderType"];
  totalAmountKes?: number;
  totalAmountUsd?: number | null;
  currency?: OrderRow["currency"];
  expectedDeliveryDate?: Date | null;
  notes?: string | null;
}

const moneyFields = ["totalAmountKes", "totalAmountUsd", "currency"] as const;
const trackedFields = [...moneyFields, "expectedDeliveryDate"] as const;

const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));

/**
 * Edits an order that has not shipped or ended. An itemised order's money is its lines' sum, so editing it
 * is refused; every changed money or date field is recorded old -> new in one history event.
 */
export async function editOrderDetails(
  db: Db,
  orderId: number,
  edit: DetailsEdit,
  actor: Actor,
  now: Date,
): Promise<OrderRow> {
  const order = await lockOrder(db, orderId);
  if ((lockedOrderStatuses as readonly OrderStatus[]).includes(order.status)) {
    throw conflict(`Order ${order.orderNumber} is ${order.status} and can no longer be edited`);
  }
  const set: Partial<typeof orders.$inferInsert> = {};
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of trackedFields) {
    const next = edit[field];
    if (next === undefined || comparable(next) === comparable(order[field])) continue;
    changes[field] = { from: comparable(order[field]), to: comparable(next) };
    Object.assign(set, { [field]: next });
  }
  const moneyEdited = moneyFields.some((f) => changes[f]);
  if (moneyEdited) {
    const [lines] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    if (lines!.n > 0) {
      throw conflict(
        `Order ${order.orderNumber} is priced from its ${lines!.n} line(s); its amount cannot be edited`,
      );
    }
    if (order.amountPaidKes > (edit.totalAmountKes ?? order.totalAmountKes)) {
      throw conflict(
        `Order ${order.orderNumber} has KES ${order.amountPaidKes} paid; the amount cannot go below it`,
      );
    }
  }
  if (edit.customer && edit.customer.id !== order.customerId) {
    Object.assign(set, {
      customerId: edit.customer.id,
      customerName: edit.customer.name,
      customerEmail: edit.customer.email,
      customerPhone: edit.customer.phone,
      customerLocation: edit.customer.address,
    });
    changes.customer = { from: order.customerName, to: edit.customer.name };
  }
  if (edit.orderType !== undefined && edit.orderType !== order.orderType) set.orderType = edit.orderType;
  if (edit.notes !== undefined && edit.notes !== order.notes) set.notes = edit.notes;
  if (Object.keys(set).length === 0) return order;

  const [row] = await db
    .update(orders)
    .set({ ...set, updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning();
  if (changes.expectedDeliveryDate && edit.expectedDeliveryDate) {
    await recordRedate(db, order, {
      to: edit.expectedDeliveryDate,
      reason: null,
      actorUserId: actor.id,
      now,
    });
  }
  const changed = Object.keys(changes);
  await recordOrderEvent(db, {
    orderId,
    from: order.status,
    to: order.status,
    note: changed.length > 0 ? `Details edited: ${changed.join(", ")}` : "Details edited",
    changes: changed.length > 0 ? changes : null,
    actorUserId: actor.id,
    now,
  });
  if (moneyEdited) await refreshPaymentState(db, orderId, now);
  return row!;
}

/**
 * A new expected delivery day for an order already under way (its shipment is delayed): the date moves and
 * one history event records old -> new with the reason.
 */
export async function moveExpectedDelivery(
  db: Db,
  orderId: number,
  move: { to: Date; reason: string; actor: Actor; now: Date },
): Promise<OrderRow> {
  const order = await lockOrder(db, orderId);
  const [row] = await db
    .update(orders)
    .set({ expectedDeliveryDate: move.to, updatedAt: move.now })
    .where(eq(orders.id, orderId))
    .returning();
  await recordRedate(db, order, {
    to: move.to,
    reason: move.reason,
    actorUserId: move.actor.id,
    now: move.now,
  });
  await recordOrderEvent(db, {
    orderId,
    from: order.status,
    to: order.status,
    note: `Delivery delayed: ${move.reason}`,
    changes: {
      expectedDeliveryDate: {
        from: order.expectedDeliveryDate?.toISOString() ?? null,
        to: move.to.toISOString(),
      },
    },
    actorUserId: move.actor.id,
    now: move.now,
  });
  return row!;
}
