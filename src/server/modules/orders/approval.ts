import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { approveInputSchema, PendingOrder } from "../../../contract/client";
import { canTransition, type Order } from "../../../contract/orders";
import type { Pagination } from "../../../contract/pagination";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { orderEvents, orders } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { DAY_MS } from "../../time";
import { endOrder, itemsByOrder, toOrder } from "./service";

/** Orders awaiting a decision, oldest first (first come, first served). */
export function listPendingOrders(ctx: AppContext, page: Pagination): Promise<PendingOrder[]> {
  return ctx.database.read(async (db) => {
    const rows = await db
      .select()
      .from(orders)
      .where(eq(orders.status, "pending"))
      .orderBy(asc(orders.orderDate), asc(orders.id))
      .limit(page.limit)
      .offset(page.offset);
    if (rows.length === 0) return [];
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
      paymentMethod: o.paymentMethod,
      currency: o.currency,
      totalAmount: o.totalAmountKes,
      orderDate: o.orderDate.toISOString(),
      source: o.source,
      notes: o.notes,
      items: items.get(o.id) ?? [],
    }));
  });
}

async function loadForDecision(db: Db, id: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).for("update");
  if (!order) throw notFound("Order");
  return order;
}

/** Approves a pending order: estimated delivery = now + days; the approver is the signed-in user. */
export function approveOrder(
  ctx: AppContext,
  id: number,
  input: z.output<typeof approveInputSchema>,
  actorUserId: number,
): Promise<Order> {
  return ctx.database.tx(async (db) => {
    const order = await loadForDecision(db, id);
    if (!canTransition(order.status, "approved")) {
      throw conflict(`Order ${order.orderNumber} is ${order.status}; only pending orders can be approved`);
    }
    const now = ctx.clock.now();
    const [row] = await db
      .update(orders)
      .set({
        status: "approved",
        expectedDeliveryDate: new Date(now.getTime() + input.estimatedDays * DAY_MS),
        notes: input.notes || order.notes,
        decidedBy: actorUserId,
        decidedAt: now,
        updatedAt: now,
      })
      .where(and(eq(orders.id, id), eq(orders.status, "pending")))
      .returning();
    await db.insert(orderEvents).values({
      orderId: id,
      fromStatus: "pending",
      toStatus: "approved",
      note: [`Delivery in ${input.estimatedDays} day${input.estimatedDays === 1 ? "" : "s"}`, input.notes]
        .filter(Boolean)
        .join(". "),
      actorUserId,
      createdAt: now,
    });
    return toOrder(row!);
  });
}

/** Rejects a pending order, keeping the reason as its notes and releasing its stock. */
export function rejectOrder(
  ctx: AppContext,
  id: number,
  reason: string,
  actorUserId: number,
): Promise<Order> {
  return ctx.database.tx(async (db) => {
    const order = await loadForDecision(db, id);
    if (!canTransition(order.status, "rejected")) {
      throw conflict(`Order ${order.orderNumber} is ${order.status}; only pending orders can be rejected`);
    }
    const row = await endOrder(db, order, "rejected", { actorUserId, now: ctx.clock.now(), note: reason });
    return toOrder(row);
  });
}
