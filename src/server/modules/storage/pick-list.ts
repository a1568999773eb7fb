import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { PickList } from "../../../contract/cryo-store";
import { type OrderStatus, openOrderStatuses } from "../../../contract/orders";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import {
  canes,
  canisters,
  inventoryItems,
  orderLines,
  orderPicks,
  orders,
  stockBatches,
  storageUnits,
  users,
} from "../../db/schema";
import { conflict, notFound, unprocessable } from "../../errors";
import { lockOrder } from "../orders/locked";

export function pickList(ctx: AppContext, orderId: number): Promise<PickList> {
  return ctx.database.read((db) => loadPickList(db, orderId));
}

/** The order's picks with exact positions and batches, in the order they were allocated (first expiry first). */
async function loadPickList(db: Db, orderId: number): Promise<PickList> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound("Order");
  const rows = await db
    .select({
      id: orderPicks.id,
      inventoryItemId: orderPicks.inventoryItemId,
      itemId: inventoryItems.itemId,
      breedName: inventoryItems.breedName,
      batchCode: stockBatches.code,
      batchExpiry: stockBatches.expiryDate,
      label: canes.label,
      caneKind: canisters.caneKind,
      tankName: storageUnits.name,
      canister: canisters.number,
      count: orderPicks.count,
      confirmedAt: orderPicks.confirmedAt,
      confirmedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(orderPicks)
    .innerJoin(inventoryItems, eq(inventoryItems.id, orderPicks.inventoryItemId))
    .innerJoin(stockBatches, eq(stockBatches.id, orderPicks.batchId))
    .innerJoin(canes, eq(canes.id, orderPicks.caneId))
    .innerJoin(canisters, eq(canisters.id, canes.canisterId))
    .innerJoin(storageUnits, eq(storageUnits.id, canisters.storageUnitId))
    .leftJoin(users, eq(users.id, orderPicks.confirmedBy))
    .where(eq(orderPicks.orderId, orderId))
    .orderBy(asc(orderPicks.id));
  const lines = rows.map((r) => ({ ...r, confirmedAt: r.confirmedAt?.toISOString() ?? null }));
  const holdsStock = (openOrderStatuses as readonly OrderStatus[]).includes(order.status);
  const held = holdsStock
    ? await db
        .select({
          inventoryItemId: orderLines.inventoryItemId,
          itemId: inventoryItems.itemId,
          quantity: sql<number>`sum(${orderLines.quantity})::int`,
        })
        .from(orderLines)
        .innerJoin(inventoryItems, eq(inventoryItems.id, orderLines.inventoryItemId))
        .where(eq(orderLines.orderId, orderId))
        .groupBy(orderLines.inventoryItemId, inventoryItems.itemId)
    : [];
  const unplaced = held
    .map((h) => ({
      itemId: h.itemId,
      count:
        h.quantity -
        lines.filter((l) => l.inventoryItemId === h.inventoryItemId).reduce((sum, l) => sum + l.count, 0),
    }))
    .filter((u) => u.count > 0);
  return {
    orderId,
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    deliveryAddress: order.deliveryAddress || order.customerLocation,
    lines,
    unplaced,
    allConfirmed: lines.every((l) => l.confirmedAt !== null),
  };
}

/**
 * Confirms one pick by the label scanned or typed at the tank: a cane's or goblet's label, or the item ID
 * on the straw. The first unconfirmed pick that matches is confirmed; 422 when nothing on the list matches.
 */
export function scanPick(ctx: AppContext, orderId: number, code: string, actorUserId: number) {
  return ctx.database.tx(async (db) => {
    const order = await lockOrder(db, orderId);
    const wanted = code.trim().toUpperCase();
    const matches = await db
      .select({ id: orderPicks.id, confirmedAt: orderPicks.confirmedAt })
      .from(orderPicks)
      .innerJoin(canes, eq(canes.id, orderPicks.caneId))
      .innerJoin(inventoryItems, eq(inventoryItems.id, orderPicks.inventoryItemId))
      .where(
        and(
          eq(orderPicks.orderId, orderId),
          isNull(orderPicks.dispatchedAt),
          or(eq(sql`upper(${canes.label})`, wanted), eq(sql`upper(${inventoryItems.itemId})`, wanted)),
        ),
      )
      .orderBy(asc(orderPicks.id));
    const next = matches.find((m) => m.confirmedAt === null);
    if (!next) {
      if (matches.length > 0) throw conflict(`${wanted} is already confirmed for ${order.orderNumber}`);
      throw unprocessable(`${wanted} is not on the pick list of ${order.orderNumber}`, {
        code: "This label is not on the pick list",
      });
    }
    await db
      .update(orderPicks)
      .set({ confirmedAt: ctx.clock.now(), confirmedBy: actorUserId })
      .where(eq(orderPicks.id, next.id));
    return loadPickList(db, orderId);
  });
}
