import { and, asc, desc, eq, type Placeholder, sql } from "drizzle-orm";
import type { Batch, BatchInput } from "../../../contract/batches";
import type { Db } from "../../db/adapter";
import { inventoryItems, stockBatches, stockPositions } from "../../db/schema";
import { conflict, notFound, unprocessable } from "../../errors";
import { nairobiDate } from "../../time";

/**
 * Batches (lots) of an item. The item row stays the one truth for how many units are on hand and reserved;
 * a batch says which straws belong together (collection, expiry, post-thaw motility), and the store's
 * positions and pick lists name the batch of every straw they hold.
 */

type BatchRow = typeof stockBatches.$inferSelect;

/** Records a batch of an item; 409 when the item already has a batch of that code. */
export async function createBatch(
  db: Db,
  inventoryItemId: number,
  input: BatchInput,
  receivedAt: Date,
): Promise<BatchRow> {
  const [row] = await db
    .insert(stockBatches)
    .values({
      inventoryItemId,
      code: input.code.trim(),
      collectedOn: input.collectedOn ?? null,
      expiryDate: input.expiryDate ?? null,
      motilityPct: input.motilityPct ?? null,
      receivedAt,
    })
    .onConflictDoNothing({ target: [stockBatches.inventoryItemId, stockBatches.code] })
    .returning();
  if (!row) throw conflict(`This item already has a batch ${input.code.trim()}`);
  return row;
}

/**
 * The batch straws placed without naming one belong to: the item's newest. An item that never had one
 * (a row written before batches, or by hand) gets batch "L1", expiring with the item.
 */
export async function batchOf(db: Db, inventoryItemId: number, batchId: number | undefined): Promise<number> {
  if (batchId !== undefined) {
    const [named] = await db
      .select({ id: stockBatches.id })
      .from(stockBatches)
      .where(and(eq(stockBatches.id, batchId), eq(stockBatches.inventoryItemId, inventoryItemId)));
    if (!named) throw unprocessable("Unknown batch", { batchId: "Choose one of this item's batches" });
    return named.id;
  }
  const [newest] = await db
    .select({ id: stockBatches.id })
    .from(stockBatches)
    .where(eq(stockBatches.inventoryItemId, inventoryItemId))
    .orderBy(desc(stockBatches.receivedAt), desc(stockBatches.id))
    .limit(1);
  if (newest) return newest.id;
  const [item] = await db
    .select({ expiryDate: inventoryItems.expiryDate, createdAt: inventoryItems.createdAt })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, inventoryItemId));
  if (!item) throw notFound("Inventory item");
  return (await createBatch(db, inventoryItemId, { code: "L1", expiryDate: item.expiryDate }, item.createdAt))
    .id;
}

/** A batch is expired from the day after its expiry date, in Nairobi. */
export const isExpired = (expiryDate: string | null, now: Date) =>
  expiryDate !== null && expiryDate < nairobiDate(now);
/** The same rule over `stock_batches` in SQL: the batch has expired. */
export const batchExpired = (now: Date) => sql`${stockBatches.expiryDate} < ${nairobiDate(now)}::date`;
/**
 * Its converse: no expiry date, or not yet past it (what may be picked and sold). Given the time, or the
 * business day's ISO date (or a placeholder for it in a prepared statement).
 */
export const batchUsable = (now: Date | string | Placeholder) =>
  sql`(${stockBatches.expiryDate} is null or ${stockBatches.expiryDate} >= ${now instanceof Date ? nairobiDate(now) : now}::date)`;

/** An item's batches with what of each is in the store and promised, soonest expiry first. */
export async function batchesOf(db: Db, inventoryItemId: number, now: Date): Promise<Batch[]> {
  const rows = await db
    .select({
      batch: stockBatches,
      placed: sql<number>`coalesce(sum(${stockPositions.count}), 0)::int`,
      allocated: sql<number>`coalesce(sum(${stockPositions.allocated}), 0)::int`,
    })
    .from(stockBatches)
    .leftJoin(stockPositions, eq(stockPositions.batchId, stockBatches.id))
    .where(eq(stockBatches.inventoryItemId, inventoryItemId))
    .groupBy(stockBatches.id)
    .orderBy(
      sql`${stockBatches.expiryDate} asc nulls last`,
      asc(stockBatches.receivedAt),
      asc(stockBatches.id),
    );
  return rows.map(({ batch, placed, allocated }) => ({
    id: batch.id,
    code: batch.code,
    collectedOn: batch.collectedOn,
    expiryDate: batch.expiryDate,
    motilityPct: batch.motilityPct,
    receivedAt: batch.receivedAt.toISOString(),
    placed,
    allocated,
    expired: isExpired(batch.expiryDate, now),
  }));
}
