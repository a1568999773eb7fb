import { and, asc, eq, sql } from "drizzle-orm";
import { productName } from "../../../contract/client";
import { writeOffReasonLabels } from "../../../contract/inventory";
import { type Db, postgresErrorOf, prepared, together } from "../../db/adapter";
import { inventoryItems, orderLines, stockBatches, stockMovements, stockPositions } from "../../db/schema";
import { type AppError, conflict, notFound } from "../../errors";
import { batchExpired } from "./batches";
import {
  dispatchPicks,
  pickCtes,
  pickTime,
  releasePicks,
  renewExpiredPicks,
  takeFirstExpiring,
  takeFrom,
  trimPositions,
} from "./positions";
import { stockChanged } from "./stock-version";

export interface StockRequest {
  inventoryItemId: number;
  quantity: number;
}

/**
 * Holds stock for an order inside the caller's transaction. Each item moves by one conditional UPDATE
 * (available >= n), taken in id order so concurrent orders lock rows in the same sequence; the CHECK on
 * the table is the backstop. An item that is short refuses its statement in SQL (`stock_short`), so the
 * transaction cannot commit even when COMMIT was sent behind these statements (`txEndingWith`): the answer
 * rejects with a 409 naming the item, and nothing is reserved. The statements are sent at once, in call
 * order.
 */
export function reserveStock(
  db: Db,
  requests: StockRequest[],
  context: { orderId: number; orderNumber: string; actorUserId: number | null; now: Date },
): Promise<void> {
  const merged = new Map<number, number>();
  for (const r of requests) merged.set(r.inventoryItemId, (merged.get(r.inventoryItemId) ?? 0) + r.quantity);
  const ordered = [...merged.entries()].sort(([a], [b]) => a - b);
  if (ordered.length === 0) return Promise.resolve();
  stockChanged();
  const { at, day } = pickTime(context.now);
  return together(
    ordered.map(([item, quantity]) =>
      reserveItem(db, {
        item,
        quantity,
        orderId: context.orderId,
        orderNumber: context.orderNumber,
        actor: context.actorUserId,
        at,
        day,
      }),
    ),
  ).then(
    () => undefined,
    (error: unknown) => {
      throw shortStock(error) ?? error;
    },
  );
}

/** What `stock_short` (migration 0033) tells of the item it refused, as JSON in the refusal's DETAIL. */
interface ShortStock {
  item: { itemId: string; type: string; breedName: string; sellable: boolean; available: number } | null;
  wanted: number;
}

/** The API's answer to a reservation the database refused for want of stock, or null for any other error. */
function shortStock(error: unknown): AppError | null {
  const refusal = postgresErrorOf(error);
  if (refusal?.code !== "UR409" || !refusal.detail) return null;
  const { item, wanted } = JSON.parse(refusal.detail) as ShortStock;
  if (!item) return notFound("Inventory item");
  if (!item.sellable) return conflict(`${productName(item)} (${item.itemId}) is not available for sale`);
  return conflict(
    `Not enough stock for ${productName(item)} (${item.itemId}): ${item.available} available, ${wanted} requested`,
  );
}

/**
 * Reserves one item's units for an order, or refuses (`stock_short`) when it has not got them: the
 * conditional UPDATE locks the row, and the movement and the pick list (which locks the straws after the
 * row, as every other writer does) ride in the same statement, so the row is held for no round trip but
 * COMMIT's.
 */
const reserveItem = prepared<
  {
    item: number;
    quantity: number;
    orderId: number;
    orderNumber: string;
    actor: number | null;
    /** The time, ISO, and its business day, ISO date. */
    at: string;
    day: string;
  },
  { reserved: number }
>(
  "reserve_item",
  (p) => sql`with reserved as (
      update ${inventoryItems} set reserved_stock = ${inventoryItems.reservedStock} + ${p.quantity}::int,
        updated_at = ${p.at}::timestamptz
      where ${inventoryItems.id} = ${p.item}::int and ${inventoryItems.isActive}
        and ${inventoryItems.viabilityStatus} = 'viable'
        and ${inventoryItems.currentStock} - ${inventoryItems.reservedStock} >= ${p.quantity}::int
      returning ${inventoryItems.id}
    ), moved as (
      insert into ${stockMovements} (inventory_item_id, kind, reserved_delta, order_id, note, actor_user_id, created_at)
      select id, 'reservation'::stock_movement_kind, ${p.quantity}::int, ${p.orderId}::int, ${p.orderNumber}::text,
             ${p.actor}::int, ${p.at}::timestamptz
      from reserved
    ), ${pickCtes(p, sql`exists (select from reserved)`)}
    select case when exists (select from reserved) then 1
                else stock_short(${p.item}::int, ${p.quantity}::int) end as reserved`,
);

/** An order's lines that hold stock, in item-id order so rows are always locked in the same sequence. */
function stockLinesOf(db: Db, orderId: number) {
  return db
    .select({ itemId: orderLines.inventoryItemId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), sql`${orderLines.inventoryItemId} is not null`))
    .orderBy(asc(orderLines.inventoryItemId));
}

/** Gives back everything an order holds (on cancellation or rejection). */
export async function releaseOrderStock(
  db: Db,
  order: { id: number; orderNumber: string },
  context: { actorUserId: number | null; now: Date; reason: "release" },
): Promise<void> {
  await releasePicks(db, order.id);
  const lines = await stockLinesOf(db, order.id);
  for (const line of lines) {
    const itemId = line.itemId!;
    stockChanged();
    await db
      .update(inventoryItems)
      .set({ reservedStock: sql`${inventoryItems.reservedStock} - ${line.quantity}`, updatedAt: context.now })
      .where(eq(inventoryItems.id, itemId));
    await db.insert(stockMovements).values({
      inventoryItemId: itemId,
      kind: context.reason,
      reservedDelta: -line.quantity,
      orderId: order.id,
      note: order.orderNumber,
      actorUserId: context.actorUserId,
      createdAt: context.now,
    });
  }
}

/** The order leaves the building: its reserved units come off both on-hand and reserved stock. */
export async function dispatchOrderStock(
  db: Db,
  order: { id: number; orderNumber: string },
  context: { actorUserId: number | null; now: Date },
): Promise<void> {
  await dispatchPicks(db, order.id, context.now);
  const lines = await stockLinesOf(db, order.id);
  for (const line of lines) {
    stockChanged();
    await db
      .update(inventoryItems)
      .set({
        currentStock: sql`${inventoryItems.currentStock} - ${line.quantity}`,
        reservedStock: sql`${inventoryItems.reservedStock} - ${line.quantity}`,
        updatedAt: context.now,
      })
      .where(eq(inventoryItems.id, line.itemId!));
    await db.insert(stockMovements).values({
      inventoryItemId: line.itemId!,
      kind: "sale",
      stockDelta: -line.quantity,
      reservedDelta: -line.quantity,
      orderId: order.id,
      note: order.orderNumber,
      actorUserId: context.actorUserId,
      createdAt: context.now,
    });
    // Units it held that sat in no position came off the shelf unrecorded: the map must follow.
    await trimPositions(db, line.itemId!);
  }
}

/** Uses one unit of an item outside any order (e.g. a straw used in a breeding service); 409 when none is free. */
export async function consumeOneUnit(
  db: Db,
  inventoryItemId: number,
  context: { actorUserId: number | null; now: Date; note: string; batchId?: number },
): Promise<void> {
  stockChanged();
  const [moved] = await db
    .update(inventoryItems)
    .set({ currentStock: sql`${inventoryItems.currentStock} - 1`, updatedAt: context.now })
    .where(
      and(
        eq(inventoryItems.id, inventoryItemId),
        eq(inventoryItems.isActive, true),
        eq(inventoryItems.viabilityStatus, "viable"),
        sql`${inventoryItems.currentStock} - ${inventoryItems.reservedStock} >= 1`,
      ),
    )
    .returning({ itemId: inventoryItems.itemId });
  if (!moved) {
    const [item] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, inventoryItemId));
    if (!item) throw notFound("Inventory item");
    throw conflict(`${item.itemId} has no unit free to use`);
  }
  await db.insert(stockMovements).values({
    inventoryItemId,
    kind: "consumption",
    stockDelta: -1,
    note: context.note,
    actorUserId: context.actorUserId,
    createdAt: context.now,
  });
  if (context.batchId !== undefined)
    await takeFrom(db, inventoryItemId, { batchId: context.batchId }, 1, true);
  await trimPositions(db, inventoryItemId);
}

/**
 * Takes units out of stock for good (damaged, expired, failed a quality check). Only units no order holds
 * can go: one conditional UPDATE, so a concurrent reservation and a write-off never overdraw the item.
 */
export async function writeOffStock(
  db: Db,
  inventoryItemId: number,
  change: { quantity: number; note: string; batchId?: number; caneId?: number },
  context: { actorUserId: number | null; now: Date },
): Promise<void> {
  stockChanged();
  const [moved] = await db
    .update(inventoryItems)
    .set({ currentStock: sql`${inventoryItems.currentStock} - ${change.quantity}`, updatedAt: context.now })
    .where(
      and(
        eq(inventoryItems.id, inventoryItemId),
        sql`${inventoryItems.currentStock} - ${inventoryItems.reservedStock} >= ${change.quantity}`,
      ),
    )
    .returning({ id: inventoryItems.id });
  if (!moved) {
    const [item] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, inventoryItemId));
    if (!item) throw notFound("Inventory item");
    throw conflict(
      `${item.itemId} has ${item.currentStock - item.reservedStock} units no order holds; ${change.quantity} cannot be written off`,
    );
  }
  await db.insert(stockMovements).values({
    inventoryItemId,
    kind: "write_off",
    stockDelta: -change.quantity,
    note: change.note,
    actorUserId: context.actorUserId,
    createdAt: context.now,
  });
  if (change.batchId !== undefined || change.caneId !== undefined) {
    await takeFrom(db, inventoryItemId, { batchId: change.batchId, caneId: change.caneId }, change.quantity);
  }
  await trimPositions(db, inventoryItemId);
}

/** Units received into stock (a new batch of the item): on hand grows, with a receipt in its history. */
export async function receiveStock(
  db: Db,
  inventoryItemId: number,
  change: { quantity: number; note: string },
  context: { actorUserId: number | null; now: Date },
): Promise<void> {
  stockChanged();
  const [moved] = await db
    .update(inventoryItems)
    .set({ currentStock: sql`${inventoryItems.currentStock} + ${change.quantity}`, updatedAt: context.now })
    .where(eq(inventoryItems.id, inventoryItemId))
    .returning({ id: inventoryItems.id });
  if (!moved) throw notFound("Inventory item");
  await db.insert(stockMovements).values({
    inventoryItemId,
    kind: "receipt",
    stockDelta: change.quantity,
    note: change.note,
    actorUserId: context.actorUserId,
    createdAt: context.now,
  });
}

/**
 * A count below what orders hold is refused; those orders must change first, or the books would promise
 * straws that are not in the tank.
 */
export function refuseCountBelowHeld(
  item: { itemId: string; reservedStock: number },
  countedStock: number,
): void {
  if (countedStock < item.reservedStock) {
    throw conflict(
      `${item.reservedStock} units of ${item.itemId} are held for orders; a count of ${countedStock} needs those orders changed first`,
    );
  }
}

/**
 * A physical count: on-hand stock becomes what was counted and the difference is an adjustment; a count
 * below what orders hold is refused (refuseCountBelowHeld). Returns the difference (0 records nothing).
 */
export async function countStock(
  db: Db,
  inventoryItemId: number,
  count: { countedStock: number; note: string; canisterId?: number | null },
  context: { actorUserId: number | null; now: Date },
): Promise<number> {
  const [item] = await db
    .select()
    .from(inventoryItems)
    .where(eq(inventoryItems.id, inventoryItemId))
    .for("update");
  if (!item) throw notFound("Inventory item");
  refuseCountBelowHeld(item, count.countedStock);
  const delta = count.countedStock - item.currentStock;
  if (delta === 0) return 0;
  stockChanged();
  await db
    .update(inventoryItems)
    .set({ currentStock: count.countedStock, updatedAt: context.now })
    .where(eq(inventoryItems.id, inventoryItemId));
  await db.insert(stockMovements).values({
    inventoryItemId,
    kind: "adjustment",
    stockDelta: delta,
    note: `Count: ${count.note}`,
    actorUserId: context.actorUserId,
    createdAt: context.now,
  });
  // A canister's count found straws missing there: they come off its canes first.
  if (delta < 0 && count.canisterId)
    await takeFrom(db, inventoryItemId, { canisterId: count.canisterId }, -delta, true);
  if (delta < 0) await trimPositions(db, inventoryItemId);
  return delta;
}

/**
 * Items past their expiry date leave saleable stock: viable becomes expired, with a line in the item's
 * history. Run by the background job on every instance; the conditional UPDATE makes that safe.
 */
export async function expireOutdatedItems(db: Db, context: { today: string; now: Date }): Promise<number> {
  stockChanged();
  const expired = await db
    .update(inventoryItems)
    .set({ viabilityStatus: "expired", updatedAt: context.now })
    .where(
      and(
        eq(inventoryItems.viabilityStatus, "viable"),
        sql`${inventoryItems.expiryDate} is not null and ${inventoryItems.expiryDate} < ${context.today}`,
      ),
    )
    .returning({ id: inventoryItems.id, expiryDate: inventoryItems.expiryDate });
  if (expired.length > 0) {
    await db.insert(stockMovements).values(
      expired.map((item) => ({
        inventoryItemId: item.id,
        kind: "adjustment" as const,
        note: `Past its expiry date (${item.expiryDate}): marked expired`,
        createdAt: context.now,
      })),
    );
  }
  return expired.length;
}

/**
 * Straws of a batch past its expiry date leave stock for good, as the write-off staff would record for it
 * ("Expired: batch B expired on …", by no one), so the shop never sells them. Only straws no order holds,
 * and never below what orders hold: where orders hold more than the unexpired stock, the rest stays until
 * staff act, and those orders cannot ship (the order process). Run by the background job after picks from
 * expired batches are made again, so their straws are free by then. Returns the straws written off.
 */
export async function writeOffExpiredBatches(db: Db, now: Date, limit = 20): Promise<number> {
  const due = await db
    .selectDistinct({ itemId: stockPositions.inventoryItemId, batchId: stockPositions.batchId })
    .from(stockPositions)
    .innerJoin(stockBatches, eq(stockBatches.id, stockPositions.batchId))
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockPositions.inventoryItemId))
    .where(
      and(
        batchExpired(now),
        sql`${stockPositions.count} > ${stockPositions.allocated}`,
        sql`${inventoryItems.currentStock} > ${inventoryItems.reservedStock}`,
      ),
    )
    .orderBy(stockPositions.inventoryItemId, stockPositions.batchId)
    .limit(limit);
  let written = 0;
  for (const { itemId, batchId } of due) {
    // The item's row first, as every stock change takes it; what is free is read under that lock, so
    // instances running this at once write each straw off once.
    const [item] = await db
      .select({ free: sql<number>`(${inventoryItems.currentStock} - ${inventoryItems.reservedStock})::int` })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, itemId))
      .for("update");
    const [batch] = await db
      .select({
        code: stockBatches.code,
        expiry: stockBatches.expiryDate,
        free: sql<number>`coalesce(sum(${stockPositions.count} - ${stockPositions.allocated}), 0)::int`,
      })
      .from(stockBatches)
      .leftJoin(stockPositions, eq(stockPositions.batchId, stockBatches.id))
      .where(and(eq(stockBatches.id, batchId), eq(stockBatches.inventoryItemId, itemId)))
      .groupBy(stockBatches.id);
    const quantity = Math.min(batch?.free ?? 0, item?.free ?? 0);
    if (quantity <= 0) continue;
    const note = `${writeOffReasonLabels.expired}: batch ${batch!.code} expired on ${batch!.expiry}`;
    await writeOffStock(db, itemId, { quantity, note, batchId }, { actorUserId: null, now });
    written += quantity;
  }
  return written;
}

/**
 * Straws promised to orders from a batch that has since expired are swapped for unexpired ones (FEFO), so
 * no expired straw leaves with a shipment. Run by the background job on every instance.
 */
export async function renewExpiredBatchPicks(db: Db, now: Date, batch = 50): Promise<number> {
  const renewed = await renewExpiredPicks(db, now, batch);
  if (renewed > 0) stockChanged();
  return renewed;
}

/**
 * Straws leave the cryo store for a flask: on hand falls (only units no order holds), the straws come off
 * their canes first-expiry-first, and a movement records it. Answers how many went from each batch.
 */
export async function issueToFlask(
  db: Db,
  inventoryItemId: number,
  quantity: number,
  context: { actorUserId: number | null; now: Date; note: string },
): Promise<{ batchId: number; count: number }[]> {
  stockChanged();
  const [moved] = await db
    .update(inventoryItems)
    .set({ currentStock: sql`${inventoryItems.currentStock} - ${quantity}`, updatedAt: context.now })
    .where(
      and(
        eq(inventoryItems.id, inventoryItemId),
        eq(inventoryItems.type, "sperm"),
        sql`${inventoryItems.currentStock} - ${inventoryItems.reservedStock} >= ${quantity}`,
      ),
    )
    .returning({ id: inventoryItems.id });
  if (!moved) {
    const [item] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, inventoryItemId));
    if (!item) throw notFound("Inventory item");
    if (item.type !== "sperm") throw conflict(`${item.itemId} is not semen: only straws go in a flask`);
    throw conflict(
      `${item.itemId} has ${item.currentStock - item.reservedStock} units no order holds; ${quantity} cannot be issued`,
    );
  }
  const batches = await takeFirstExpiring(db, inventoryItemId, quantity, context.now);
  await db.insert(stockMovements).values({
    inventoryItemId,
    kind: "flask_issue",
    stockDelta: -quantity,
    note: context.note,
    actorUserId: context.actorUserId,
    createdAt: context.now,
  });
  return batches;
}

/** Unused straws back from a flask: on hand grows again, with a movement (they wait to be placed on a cane). */
export async function returnFromFlask(
  db: Db,
  inventoryItemId: number,
  quantity: number,
  context: { actorUserId: number | null; now: Date; note: string },
): Promise<void> {
  stockChanged();
  await db
    .update(inventoryItems)
    .set({ currentStock: sql`${inventoryItems.currentStock} + ${quantity}`, updatedAt: context.now })
    .where(eq(inventoryItems.id, inventoryItemId));
  await db.insert(stockMovements).values({
    inventoryItemId,
    kind: "flask_return",
    stockDelta: quantity,
    note: context.note,
    actorUserId: context.actorUserId,
    createdAt: context.now,
  });
}
