import { count, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  SHIPMENT_ESTIMATE_DAYS,
  type Shipment,
  type ShipmentStatus,
  type ShipmentSummary,
  type shipmentInputSchema,
  type shipmentListQuery,
} from "../../../contract/shipping";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { orders, shipments } from "../../db/schema";
import { conflict, notFound, validationError } from "../../errors";
import { DAY_MS } from "../../time";
import { advanceOrder } from "../orders/service";

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
  };
}

export function listShipments(
  ctx: AppContext,
  query: z.output<typeof shipmentListQuery>,
): Promise<Shipment[]> {
  return ctx.database.read(async (db) => {
    const rows = await db
      .select()
      .from(shipments)
      .where(query.status ? eq(shipments.status, query.status) : undefined)
      .orderBy(desc(shipments.createdAt), desc(shipments.id))
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(toShipment);
  });
}

export function shipmentSummary(ctx: AppContext): Promise<ShipmentSummary> {
  return ctx.database.read(async (db) => {
    const [row] = await db
      .select({
        total: count(),
        inTransit: sql<string>`count(*) filter (where ${shipments.status} in ('shipped', 'in_transit'))`,
        delivered: sql<string>`count(*) filter (where ${shipments.status} = 'delivered')`,
        delayed: sql<string>`count(*) filter (where ${shipments.status} = 'delayed')`,
      })
      .from(shipments);
    return {
      totalShipments: Number(row!.total),
      inTransit: Number(row!.inTransit),
      delivered: Number(row!.delivered),
      delayed: Number(row!.delayed),
    };
  });
}

async function freeTrackingNumber(db: Db, proposed: string | undefined, now: Date): Promise<string> {
  for (let n = now.getTime(); ; n++) {
    const candidate = proposed ?? `TRK-${n}`;
    const [taken] = await db
      .select({ id: shipments.id })
      .from(shipments)
      .where(eq(shipments.trackingNumber, candidate));
    if (!taken) return candidate;
    proposed = undefined;
  }
}

/** Ships an approved order: the shipment starts preparing and the order moves to processing. */
export function createShipment(
  ctx: AppContext,
  input: z.output<typeof shipmentInputSchema>,
  actorUserId: number,
): Promise<Shipment> {
  return ctx.database.tx(async (db) => {
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(sql`upper(${orders.orderNumber})`, input.orderNumber.toUpperCase()));
    if (!order)
      throw validationError(`No order ${input.orderNumber}`, { orderNumber: "Choose an existing order" });
    if (!["approved", "processing", "shipped"].includes(order.status)) {
      throw conflict(`Order ${order.orderNumber} is ${order.status}; only approved orders can be shipped`);
    }
    const now = ctx.clock.now();
    const [row] = await db
      .insert(shipments)
      .values({
        trackingNumber: await freeTrackingNumber(db, input.trackingNumber, now),
        orderId: order.id,
        orderNumber: order.orderNumber,
        customerName: input.customerName,
        origin: input.origin,
        destination: input.destination,
        carrier: input.carrier,
        temperature: input.temperature,
        specialInstructions: input.specialInstructions ?? null,
        status: "preparing",
        shippedDate: input.shippedDate ? new Date(input.shippedDate) : now,
        expectedDelivery: input.expectedDelivery
          ? new Date(input.expectedDelivery)
          : new Date(now.getTime() + SHIPMENT_ESTIMATE_DAYS * DAY_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await advanceOrder(db, order.id, "processing", {
      actorUserId,
      now,
      note: `Shipment ${row!.trackingNumber} preparing`,
    });
    return toShipment(row!);
  });
}

const orderStatusFor: Partial<Record<ShipmentStatus, "shipped" | "delivered">> = {
  shipped: "shipped",
  in_transit: "shipped",
  delivered: "delivered",
};

/** Any of the five statuses, in any order, until delivered (final); the order follows its shipment. */
export function setShipmentStatus(
  ctx: AppContext,
  id: number,
  status: ShipmentStatus,
  actorUserId: number,
): Promise<Shipment> {
  return ctx.database.tx(async (db) => {
    const [current] = await db.select().from(shipments).where(eq(shipments.id, id)).for("update");
    if (!current) throw notFound("Shipment");
    if (current.status === "delivered" && status !== "delivered") {
      throw conflict(`Shipment ${current.trackingNumber} was delivered; its status is final`);
    }
    const now = ctx.clock.now();
    const [row] = await db
      .update(shipments)
      .set({
        status,
        updatedAt: now,
        deliveredAt: status === "delivered" ? (current.deliveredAt ?? now) : null,
      })
      .where(eq(shipments.id, id))
      .returning();
    const orderTo = orderStatusFor[status];
    if (current.orderId && orderTo) {
      await advanceOrder(db, current.orderId, orderTo, {
        actorUserId,
        now,
        note: `Shipment ${current.trackingNumber} ${status.replace("_", " ")}`,
      });
    }
    return toShipment(row!);
  });
}
