import { randomInt } from "node:crypto";
import { and, eq, ilike, inArray, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  activeShipmentStatuses,
  SHIPMENT_ESTIMATE_DAYS,
  type Shipment,
  type ShipmentStatus,
  type ShipmentSummary,
  type shipmentInputSchema,
  type shipmentListQuery,
  type shipmentStatusInputSchema,
  shipmentStatusLabels,
  shipmentTransitions,
} from "../../../contract/shipping";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { orders, shipmentStatusTotals, shipments } from "../../db/schema";
import { conflict, notFound, validationError } from "../../errors";
import { sortBy } from "../../http/list-sort";
import { countMatching } from "../../http/list-total";
import { containsPattern } from "../../http/search";
import { atNairobiNoon, nairobiDate, nairobiNoonAfter } from "../../time";
import { notifyOrderClient } from "../notifications/order-messages";
import { type Actor, changeOrderStatus, moveExpectedDelivery } from "../orders/process";
import { shipmentPage, shipmentSortColumns } from "./shipment-pages";

type ShipmentRow = typeof shipments.$inferSelect;
const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toShipment(row: ShipmentRow): Shipment {
  return {
    id: row.id,
    trackingNumber: row.trackingNumber,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    customerName: row.customerName,
    origin: row.origin,
    destination: row.destination,
    carrier: row.carrier,
    temperature: row.temperature,
    specialInstructions: row.specialInstructions,
    status: row.status,
    shippedDate: iso(row.shippedDate),
    expectedDelivery: iso(row.expectedDelivery),
    deliveredAt: iso(row.deliveredAt),
    receivedBy: row.receivedBy,
  };
}

function shipmentFilters(query: z.output<typeof shipmentListQuery>) {
  const pattern = query.search && containsPattern(query.search);
  return and(
    pattern
      ? or(
          ilike(shipments.trackingNumber, pattern),
          ilike(shipments.carrier, pattern),
          ilike(shipments.destination, pattern),
          sql`${shipments.orderId} in (select ${orders.id} from ${orders} where ${orders.orderNumber} ilike ${pattern})`,
        )
      : undefined,
    query.status ? eq(shipments.status, query.status) : undefined,
    query.view === "active" ? inArray(shipments.status, activeShipmentStatuses) : undefined,
    query.view === "delivered" || query.view === "cancelled" ? eq(shipments.status, query.view) : undefined,
  );
}

export const countShipments = (ctx: AppContext, query: z.output<typeof shipmentListQuery>) =>
  countMatching(ctx, shipments, shipmentFilters(query), { search: Boolean(query.search) });

export function listShipments(
  ctx: AppContext,
  query: z.output<typeof shipmentListQuery>,
): Promise<Shipment[]> {
  // Without a search or view, a prepared page (`shipmentPage`); the others are built for their filter.
  if (!query.search && !query.view) return ctx.database.read((db) => shipmentPage(db, query));
  return ctx.database.read(async (db) => {
    const rows = await db
      .select()
      .from(shipments)
      .where(shipmentFilters(query))
      .orderBy(...sortBy(shipmentSortColumns, query, shipments.id))
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(toShipment);
  });
}

/** The shipping screen's counts, from the per-status totals a trigger keeps (one row per status). */
export function shipmentSummary(ctx: AppContext): Promise<ShipmentSummary> {
  return ctx.database.read(async (db) => {
    const rows = await db.select().from(shipmentStatusTotals);
    const of = (wanted: (status: string) => boolean) =>
      rows.filter((r) => wanted(r.status)).reduce((sum, r) => sum + r.shipments, 0);
    return {
      totalShipments: of(() => true),
      inTransit: of((s) => s === "shipped" || s === "in_transit"),
      delivered: of((s) => s === "delivered"),
      delayed: of((s) => s === "delayed"),
    };
  });
}

async function freeTrackingNumber(db: Db, proposed: string | undefined, now: Date): Promise<string> {
  for (;;) {
    // Time plus four random digits: two instances making shipments in the same millisecond do not collide.
    const candidate = proposed ?? `TRK-${now.getTime()}${randomInt(10_000).toString().padStart(4, "0")}`;
    const [taken] = await db
      .select({ id: shipments.id })
      .from(shipments)
      .where(eq(shipments.trackingNumber, candidate));
    if (!taken) return candidate;
    proposed = undefined;
  }
}

/**
 * Prepares the one shipment of an approved order: customer and destination come from the order, and the
 * order moves to processing through the order process (which refuses an order neither paid nor on credit).
 */
export function createShipment(
  ctx: AppContext,
  input: z.output<typeof shipmentInputSchema>,
  actor: Actor,
): Promise<Shipment> {
  return ctx.database.tx(async (db) => {
    // The order row is locked before anything references it: two concurrent shipments for one order
    // otherwise both take the foreign key's share lock and deadlock when the order process locks it.
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(sql`upper(${orders.orderNumber})`, input.orderNumber.toUpperCase()))
      .for("update");
    if (!order)
      throw validationError(`No order ${input.orderNumber}`, { orderNumber: "Choose an existing order" });
    const [open] = await db
      .select({ trackingNumber: shipments.trackingNumber })
      .from(shipments)
      .where(and(eq(shipments.orderId, order.id), ne(shipments.status, "cancelled")));
    if (open) throw conflict(`Order ${order.orderNumber} already has shipment ${open.trackingNumber}`);
    if (order.status !== "approved") {
      throw conflict(`Order ${order.orderNumber} is ${order.status}; only approved orders can be shipped`);
    }
    const destination = order.deliveryAddress || order.customerLocation;
    if (!destination) throw conflict(`Order ${order.orderNumber} has no delivery address`);
    const now = ctx.clock.now();
    const [row] = await db
      .insert(shipments)
      .values({
        trackingNumber: await freeTrackingNumber(db, input.trackingNumber, now),
        orderId: order.id,
        orderNumber: order.orderNumber,
        customerName: order.customerName,
        origin: input.origin,
        destination,
        carrier: input.carrier,
        temperature: input.temperature,
        // The client's own instructions travel with the shipment unless staff wrote others.
        specialInstructions: input.specialInstructions || order.specialInstructions,
        status: "preparing",
        shippedDate: input.shippedDate ? new Date(input.shippedDate) : now,
        expectedDelivery: dueDate(input.expectedDelivery, order.expectedDeliveryDate, now),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // One date for everyone: the order (what the client sees) is due when its shipment is.
    await changeOrderStatus(db, order.id, {
      to: "processing",
      actor,
      now,
      expectedDeliveryDate: row!.expectedDelivery ?? undefined,
      reason: `Shipment ${row!.trackingNumber} preparing`,
    });
    return toShipment(row!);
  });
}

/** When a new shipment is due: as staff set it, else the date the client was given, else in 3 days. */
function dueDate(requested: string | null | undefined, promised: Date | null, now: Date): Date {
  if (requested) return new Date(requested);
  if (promised && promised > now) return promised;
  return nairobiNoonAfter(now, SHIPMENT_ESTIMATE_DAYS);
}

function refusal(current: ShipmentRow, to: ShipmentStatus): string {
  const label = `Shipment ${current.trackingNumber}`;
  if (current.status === "delivered") return `${label} was delivered; its status is final`;
  if (current.status === "cancelled") return `${label} was cancelled with its order; its status is final`;
  if (to === "preparing") return `${label} has left with its stock; it cannot go back to preparing`;
  return `${label} cannot go from ${shipmentStatusLabels[current.status]} to ${shipmentStatusLabels[to]}`;
}

/** When a delivery was received: as given (not in the future, not before it left), or now. */
function deliveryTime(shipment: ShipmentRow, given: string | undefined, now: Date): Date {
  if (!given) return now;
  const at = new Date(given);
  const left = shipment.shippedDate ?? now;
  if (at > now || at < left) {
    throw validationError("The delivery time must be after it left and not in the future", {
      receivedAt: "Between when it left and now",
    });
  }
  return at;
}

/**
 * Moves a shipment through its state machine; its order follows (shipped when it leaves, then delivered).
 * A delay brings the new expected day and its reason: shipment and order move to it, and the client is told.
 */
export function setShipmentStatus(
  ctx: AppContext,
  id: number,
  input: z.output<typeof shipmentStatusInputSchema>,
  actor: Actor,
): Promise<Shipment> {
  const { status } = input;
  return ctx.database.tx(async (db) => {
    const [current] = await db.select().from(shipments).where(eq(shipments.id, id)).for("update");
    if (!current) throw notFound("Shipment");
    if (current.status === status) return toShipment(current);
    if (!shipmentTransitions[current.status].includes(status)) throw conflict(refusal(current, status));
    const now = ctx.clock.now();
    // Noon in Nairobi on the day given: a calendar day, whatever the time zone that reads it.
    const delayedTo =
      status === "delayed" && input.expectedDelivery ? atNairobiNoon(input.expectedDelivery) : null;
    if (delayedTo && input.expectedDelivery! <= nairobiDate(now)) {
      throw validationError("A delay needs a new date after today", {
        expectedDelivery: "Choose a day after today",
      });
    }
    const receivedAt = status === "delivered" ? deliveryTime(current, input.receivedAt, now) : null;
    const receivedBy = status === "delivered" ? input.receivedBy!.trim() : null;
    const note = `Shipment ${current.trackingNumber} ${shipmentStatusLabels[status].toLowerCase()}${
      receivedBy ? `, received by ${receivedBy}` : ""
    }`;
    if (current.orderId && current.status === "preparing") {
      await changeOrderStatus(db, current.orderId, { to: "shipped", actor, now, reason: note });
    }
    if (current.orderId && status === "delivered") {
      await changeOrderStatus(db, current.orderId, {
        to: "delivered",
        actor,
        now,
        reason: note,
        deliveredAt: receivedAt!,
      });
    }
    const [row] = await db
      .update(shipments)
      .set({
        status,
        updatedAt: now,
        shippedDate: current.status === "preparing" ? now : current.shippedDate,
        deliveredAt: receivedAt,
        receivedBy,
        ...(delayedTo ? { expectedDelivery: delayedTo } : {}),
      })
      .where(eq(shipments.id, id))
      .returning();
    if (current.orderId && delayedTo) {
      const order = await moveExpectedDelivery(db, current.orderId, {
        to: delayedTo,
        reason: input.reason!,
        actor,
        now,
      });
      await notifyOrderClient(db, order, "order_delayed", now, { date: delayedTo, reason: input.reason });
    }
    return toShipment(row!);
  });
}
