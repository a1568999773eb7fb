import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  canTransition,
  lockedOrderStatuses,
  type Order,
  type OrderDetail,
  type OrderStatus,
  type OrderSummary,
  openOrderStatuses,
  type orderInputSchema,
  type orderListQuery,
  type orderUpdateSchema,
} from "../../../contract/orders";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { orderEvents, orderLines, orders, users } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { containsPattern } from "../../http/search";
import { findCustomerByName } from "../customers/lookup";
import { dispatchOrderStock, releaseOrderStock, reserveStock, type StockRequest } from "../inventory/stock";
import { nextOrderNumber } from "./order-number";

type OrderRow = typeof orders.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    customerId: row.customerId,
    customerName: row.customerName,
    orderType: row.orderType,
    status: row.status,
    source: row.source,
    totalAmountKes: row.totalAmountKes,
    totalAmountUsd: row.totalAmountUsd,
    currency: row.currency,
    orderDate: row.orderDate.toISOString(),
    expectedDeliveryDate: iso(row.expectedDeliveryDate),
    notes: row.notes,
  };
}

export interface NewOrder {
  source: "staff" | "client";
  customer: { id: number; name: string; email: string | null; phone: string | null; address: string | null };
  customerName?: string;
  clientUserId?: number | null;
  orderType: OrderRow["orderType"];
  totalAmountKes: number;
  totalAmountUsd?: number | null;
  currency: OrderRow["currency"];
  paymentMethod?: OrderRow["paymentMethod"];
  deliveryAddress?: string | null;
  specialInstructions?: string | null;
  expectedDeliveryDate?: Date | null;
  notes?: string | null;
  lines?: (StockRequest & { productName: string; breed: string | null; unitPriceKes: number })[];
  createdBy: number | null;
}

/** Inserts an order with its lines, reserves their stock and records the first history entry. */
export async function insertOrder(db: Db, now: Date, input: NewOrder): Promise<OrderRow> {
  const orderNumber = await nextOrderNumber(db, now);
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber,
      source: input.source,
      customerId: input.customer.id,
      clientUserId: input.clientUserId ?? null,
      customerName: input.customerName ?? input.customer.name,
      customerEmail: input.customer.email,
      customerPhone: input.customer.phone,
      customerLocation: input.customer.address,
      orderType: input.orderType,
      status: "pending",
      totalAmountKes: input.totalAmountKes,
      totalAmountUsd: input.totalAmountUsd ?? null,
      currency: input.currency,
      paymentMethod: input.paymentMethod ?? null,
      deliveryAddress: input.deliveryAddress ?? input.customer.address,
      specialInstructions: input.specialInstructions ?? null,
      orderDate: now,
      expectedDeliveryDate: input.expectedDeliveryDate ?? null,
      notes: input.notes ?? null,
      createdBy: input.createdBy,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const lines = input.lines ?? [];
  if (lines.length > 0) {
    await db.insert(orderLines).values(
      lines.map((l) => ({
        orderId: order!.id,
        inventoryItemId: l.inventoryItemId,
        productName: l.productName,
        breed: l.breed,
        quantity: l.quantity,
        unitPriceKes: l.unitPriceKes,
        lineTotalKes: l.unitPriceKes * l.quantity,
      })),
    );
    await reserveStock(db, lines, { orderId: order!.id, orderNumber, actorUserId: input.createdBy, now });
  }
  await db.insert(orderEvents).values({
    orderId: order!.id,
    toStatus: "pending",
    note: input.source === "client" ? "Placed by the client" : "Created by staff",
    actorUserId: input.createdBy,
    createdAt: now,
  });
  return order!;
}

export function createStaffOrder(
  ctx: AppContext,
  input: z.output<typeof orderInputSchema>,
  actorUserId: number,
): Promise<Order> {
  return ctx.database.tx(async (db) => {
    const customer = await findCustomerByName(db, input.customerName);
    const order = await insertOrder(db, ctx.clock.now(), {
      source: "staff",
      customer,
      orderType: input.orderType,
      totalAmountKes: input.totalAmountKes,
      totalAmountUsd: input.totalAmountUsd,
      currency: input.currency,
      expectedDeliveryDate: input.expectedDeliveryDate ? new Date(input.expectedDeliveryDate) : null,
      notes: input.notes,
      createdBy: actorUserId,
    });
    return toOrder(order);
  });
}

function listFilters(query: { search?: string; status?: OrderStatus }): SQL | undefined {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(or(ilike(orders.orderNumber, pattern), ilike(orders.customerName, pattern))!);
  }
  return and(...filters);
}

export function listOrders(ctx: AppContext, query: z.output<typeof orderListQuery>): Promise<Order[]> {
  return ctx.database.read(async (db) => {
    const rows = await db
      .select()
      .from(orders)
      .where(listFilters(query))
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(toOrder);
  });
}

export function recentOrders(ctx: AppContext, limit: number): Promise<Order[]> {
  return listOrders(ctx, { limit, offset: 0 });
}

/** Totals over every order; revenue leaves out rejected and cancelled orders. */
export function orderSummary(ctx: AppContext): Promise<OrderSummary> {
  const counted = sql`${orders.status} not in ('rejected', 'cancelled')`;
  return ctx.database.read(async (db) => {
    const [row] = await db
      .select({
        totalOrders: count(),
        totalRevenueKes: sql<string>`coalesce(sum(${orders.totalAmountKes}) filter (where ${counted}), 0)`,
        totalRevenueUsd: sql<string>`coalesce(sum(${orders.totalAmountUsd}) filter (where ${counted}), 0)`,
        pendingOrders: sql<number>`count(*) filter (where ${orders.status} = 'pending')::int`,
        deliveredOrders: sql<number>`count(*) filter (where ${orders.status} = 'delivered')::int`,
      })
      .from(orders);
    return {
      totalOrders: Number(row!.totalOrders),
      totalRevenueKes: Number(row!.totalRevenueKes),
      totalRevenueUsd: Number(row!.totalRevenueUsd),
      pendingOrders: Number(row!.pendingOrders),
      deliveredOrders: Number(row!.deliveredOrders),
    };
  });
}

async function loadOrder(db: Db, id: number): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFound("Order");
  return row;
}

export function getOrderDetail(ctx: AppContext, id: number): Promise<OrderDetail> {
  return ctx.database.read(async (db) => {
    const order = await loadOrder(db, id);
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, id))
      .orderBy(asc(orderLines.id));
    const history = await db
      .select({
        event: orderEvents,
        actor: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      })
      .from(orderEvents)
      .leftJoin(users, eq(users.id, orderEvents.actorUserId))
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
    return {
      ...toOrder(order),
      customerEmail: order.customerEmail,
      customerPhone: order.customerPhone,
      customerLocation: order.customerLocation,
      paymentMethod: order.paymentMethod,
      lines: lines.map((l) => ({
        id: l.id,
        inventoryItemId: l.inventoryItemId,
        productName: l.productName,
        breed: l.breed,
        quantity: l.quantity,
        unitPriceKes: l.unitPriceKes,
        lineTotalKes: l.lineTotalKes,
      })),
      history: history.map(({ event, actor }) => ({
        id: event.id,
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        note: event.note,
        actor,
        createdAt: event.createdAt.toISOString(),
      })),
    };
  });
}

const isLocked = (status: OrderStatus) => (lockedOrderStatuses as readonly OrderStatus[]).includes(status);

/** Edits an order's details while it has not shipped (nor ended). */
export function updateOrder(
  ctx: AppContext,
  id: number,
  input: z.output<typeof orderUpdateSchema>,
  actorUserId: number,
): Promise<Order> {
  return ctx.database.tx(async (db) => {
    const order = await loadOrder(db, id);
    if (isLocked(order.status))
      throw conflict(`Order ${order.orderNumber} is ${order.status} and can no longer be edited`);
    const changes: Partial<typeof orders.$inferInsert> = { updatedAt: ctx.clock.now() };
    if (
      input.customerName !== undefined &&
      input.customerName.toLowerCase() !== order.customerName.toLowerCase()
    ) {
      const customer = await findCustomerByName(db, input.customerName);
      Object.assign(changes, {
        customerId: customer.id,
        customerName: customer.name,
        customerEmail: customer.email,
        customerPhone: customer.phone,
        customerLocation: customer.address,
      });
    }
    if (input.orderType !== undefined) changes.orderType = input.orderType;
    if (input.totalAmountKes !== undefined) changes.totalAmountKes = input.totalAmountKes;
    if (input.totalAmountUsd !== undefined) changes.totalAmountUsd = input.totalAmountUsd;
    if (input.currency !== undefined) changes.currency = input.currency;
    if (input.expectedDeliveryDate !== undefined) {
      changes.expectedDeliveryDate = input.expectedDeliveryDate ? new Date(input.expectedDeliveryDate) : null;
    }
    if (input.notes !== undefined) changes.notes = input.notes;
    const [row] = await db.update(orders).set(changes).where(eq(orders.id, id)).returning();
    await db.insert(orderEvents).values({
      orderId: id,
      fromStatus: order.status,
      toStatus: order.status,
      note: "Details edited",
      actorUserId,
      createdAt: ctx.clock.now(),
    });
    return toOrder(row!);
  });
}

/** Moves an open order to a final state (cancelled or rejected) and releases the stock it held. */
export async function endOrder(
  db: Db,
  order: OrderRow,
  to: "cancelled" | "rejected",
  context: { actorUserId: number; now: Date; note: string | null },
): Promise<OrderRow> {
  const [row] = await db
    .update(orders)
    .set({
      status: to,
      updatedAt: context.now,
      ...(to === "rejected"
        ? { notes: context.note, decidedBy: context.actorUserId, decidedAt: context.now }
        : {}),
    })
    .where(and(eq(orders.id, order.id), inArray(orders.status, [...openOrderStatuses])))
    .returning();
  if (!row) throw conflict(`Order ${order.orderNumber} is ${order.status} and cannot be ${to}`);
  await releaseOrderStock(db, order, {
    actorUserId: context.actorUserId,
    now: context.now,
    reason: "release",
  });
  await db.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: to,
    note: context.note,
    actorUserId: context.actorUserId,
    createdAt: context.now,
  });
  return row;
}

export function cancelOrder(ctx: AppContext, id: number, actorUserId: number): Promise<Order> {
  return ctx.database.tx(async (db) => {
    const order = await loadOrder(db, id);
    const row = await endOrder(db, order, "cancelled", {
      actorUserId,
      now: ctx.clock.now(),
      note: "Cancelled by staff",
    });
    return toOrder(row);
  });
}

/**
 * Moves an order along the state machine when its shipment moves (processing, shipped, delivered).
 * Already there: nothing to do. Delivered straight from approved/processing passes through shipped so the
 * stock leaves once. Anything else the machine forbids is a 409.
 */
export async function advanceOrder(
  db: Db,
  orderId: number,
  to: "processing" | "shipped" | "delivered",
  context: { actorUserId: number; now: Date; note: string },
): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw notFound("Order");
  if (order.status === to) return;
  if (to === "delivered" && order.status !== "shipped" && canTransition(order.status, "shipped")) {
    await advanceOrder(db, orderId, "shipped", context);
    return advanceOrder(db, orderId, "delivered", context);
  }
  if (to === "processing" && order.status !== "approved") return;
  if (!canTransition(order.status, to)) {
    throw conflict(`Order ${order.orderNumber} is ${order.status} and cannot become ${to}`);
  }
  await db.update(orders).set({ status: to, updatedAt: context.now }).where(eq(orders.id, orderId));
  if (to === "shipped") await dispatchOrderStock(db, order, context);
  await db.insert(orderEvents).values({
    orderId,
    fromStatus: order.status,
    toStatus: to,
    note: context.note,
    actorUserId: context.actorUserId,
    createdAt: context.now,
  });
}

export type OrderItem = { productName: string; breed: string | null; quantity: number; price: number };

/** The lines of a page of orders, by order id, as clients and approvers see them. */
export async function itemsByOrder(db: Db, orderIds: number[]): Promise<Map<number, OrderItem[]>> {
  const byOrder = new Map<number, OrderItem[]>();
  if (orderIds.length === 0) return byOrder;
  const lines = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
  for (const l of lines) {
    const items = byOrder.get(l.orderId) ?? [];
    items.push({ productName: l.productName, breed: l.breed, quantity: l.quantity, price: l.unitPriceKes });
    byOrder.set(l.orderId, items);
  }
  return byOrder;
}
