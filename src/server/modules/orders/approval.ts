import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { approveInputSchema, PendingOrder, rejectInputSchema } from "../../../contract/client";
import type { Order, pendingOrderQuery } from "../../../contract/orders";
import type { AppContext } from "../../context";
import { orders, users } from "../../db/schema";
import { sortBy } from "../../http/list-sort";
import { nairobiNoonAfter } from "../../time";
import { orderTotals } from "../finance/figures";
import { type Actor, changeOrderStatus } from "./process";
import { itemsByOrder, toOrder } from "./service";

/** Orders awaiting a decision, oldest first (first come, first served). */
/** Exact at any size: the per-status order totals. */
export const countPendingOrders = (ctx: AppContext) =>
  ctx.database.read(async (db) => (await orderTotals(db)).byStatus.get("pending") ?? 0);

export function listPendingOrders(
  ctx: AppContext,
  page: z.output<typeof pendingOrderQuery>,
): Promise<PendingOrder[]> {
  return ctx.database.read(async (db) => {
    const found = await db
      .select({ order: orders, firstName: users.firstName, lastName: users.lastName, role: users.role })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.createdBy))
      .where(eq(orders.status, "pending"))
      .orderBy(...sortBy({ orderDate: orders.orderDate }, page, orders.id))
      .limit(page.limit)
      .offset(page.offset);
    if (found.length === 0) return [];
    const rows = found.map((f) => f.order);
    const creators = new Map(
      found.map((f) => [f.order.id, f.role && f.role !== "client" ? `${f.firstName} ${f.lastName}` : null]),
    );
    const items = await itemsByOrder(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((o) => ({
      id: o.id,
      orderNumber: o.orderNumber,
      customerName: o.customerName,
      customerPhone: o.customerPhone,
      customerEmail: o.customerEmail,
      customerLocation: o.customerLocation,
      deliveryContact: o.deliveryContact ?? null,
      deliveryAddress: o.deliveryAddress,
      requestedDeliveryDate: o.requestedDeliveryDate,
      specialInstructions: o.specialInstructions,
      paymentMethod: o.paymentMethod,
      currency: o.currency,
      totalAmount: o.totalAmountKes,
      orderDate: o.orderDate.toISOString(),
      source: o.source,
      notes: o.notes,
      createdBy: creators.get(o.id) ?? null,
      createdByUserId: o.createdBy,
      discountPct: o.discountPct,
      discountOverLimit: o.discountOverLimit,
      paymentStatus: o.paymentStatus,
      amountPaidKes: o.amountPaidKes,
      holdExpiresAt: o.holdExpiresAt?.toISOString() ?? null,
      items: items.get(o.id) ?? [],
    }));
  });
}

/** Approves a pending order: estimated delivery = now + days; the approver is the signed-in user. */
export function approveOrder(
  ctx: AppContext,
  id: number,
  input: z.output<typeof approveInputSchema>,
  actor: Actor,
): Promise<Order> {
  const now = ctx.clock.now();
  return ctx.database.tx(async (db) => {
    const row = await changeOrderStatus(db, id, {
      to: "approved",
      actor,
      now,
      reason: [`Delivery in ${input.estimatedDays} day${input.estimatedDays === 1 ? "" : "s"}`, input.notes]
        .filter(Boolean)
        .join(". "),
      expectedDeliveryDate: nairobiNoonAfter(now, input.estimatedDays),
      approval: {
        notes: input.notes,
        onCredit: input.onCredit === true,
      },
      clientNote: input.clientNote || null,
    });
    return toOrder(row);
  });
}

/**
 * Rejects a pending order, releasing its stock: the reason is what the client is told, the internal note
 * stays with staff, and money it holds is refunded now or left due as `input.refund` says.
 */
export function rejectOrder(
  ctx: AppContext,
  id: number,
  input: z.output<typeof rejectInputSchema>,
  actor: Actor,
): Promise<Order> {
  return ctx.database.tx(async (db) =>
    toOrder(
      await changeOrderStatus(db, id, {
        to: "rejected",
        actor,
        now: ctx.clock.now(),
        reason: [input.reason, input.internalNote].filter(Boolean).join(". "),
        clientNote: input.reason,
        refund: input.refund,
      }),
    ),
  );
}
