import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import {
  type CountResult,
  isLargeCount,
  type PendingCount,
  type stockCountInputSchema,
} from "../../../contract/inventory";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { inventoryItems, stockCounts, users } from "../../db/schema";
import { conflict, forbidden, notFound } from "../../errors";
import { loadItem } from "./service";
import { countStock, refuseCountBelowHeld } from "./stock";

/**
 * Physical counts. One close to the books moves stock at once; one more than 5 % or KSh 10,000 away waits
 * for a second person, who confirms it (stock moves then, if it has not moved since the count) or rejects it.
 */

type CountRow = typeof stockCounts.$inferSelect;

async function toPending(db: Db, row: CountRow, costPerUnit: number): Promise<PendingCount> {
  const [by] = row.countedBy
    ? await db
        .select({ first: users.firstName, last: users.lastName })
        .from(users)
        .where(eq(users.id, row.countedBy))
    : [];
  const delta = row.countedStock - row.stockAtCount;
  return {
    id: row.id,
    countedStock: row.countedStock,
    stockAtCount: row.stockAtCount,
    delta,
    valueKes: Math.abs(delta) * costPerUnit,
    note: row.note,
    countedBy: by ? `${by.first} ${by.last}` : null,
    countedByUserId: row.countedBy,
    countedAt: row.countedAt.toISOString(),
  };
}

/** The count of an item awaiting a second person, if any. */
export async function pendingCountOf(db: Db, itemId: number): Promise<PendingCount | null> {
  const [row] = await db
    .select({ count: stockCounts, costPerUnit: inventoryItems.costPerUnit })
    .from(stockCounts)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockCounts.inventoryItemId))
    .where(and(eq(stockCounts.inventoryItemId, itemId), eq(stockCounts.status, "pending")));
  return row ? toPending(db, row.count, row.costPerUnit) : null;
}

/** Records a physical count: applied at once when close to the books, else held for a second person. */
export function recordCount(
  ctx: AppContext,
  id: number,
  input: z.output<typeof stockCountInputSchema>,
  actorUserId: number,
): Promise<CountResult> {
  return ctx.database.tx((db) => countItem(db, id, input, { actorUserId, now: ctx.clock.now() }));
}

/**
 * One item's count inside a transaction: `countedStock` is its new on-hand total. With `canisterId` (a
 * canister's count) a shortfall comes off that canister's canes, now or when a second person confirms.
 */
export async function countItem(
  db: Db,
  id: number,
  count: { countedStock: number; note: string; canisterId?: number },
  context: { actorUserId: number; now: Date },
): Promise<CountResult> {
  const [item] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, id)).for("update");
  if (!item) throw notFound("Inventory item");
  const delta = count.countedStock - item.currentStock;
  if (!isLargeCount(delta, item.currentStock, item.costPerUnit)) {
    await countStock(db, id, count, context);
    return { applied: true, item: await loadItem(db, eq(inventoryItems.id, id)), pendingCount: null };
  }
  refuseCountBelowHeld(item, count.countedStock);
  const [row] = await db
    .insert(stockCounts)
    .values({
      inventoryItemId: id,
      countedStock: count.countedStock,
      stockAtCount: item.currentStock,
      note: count.note,
      canisterId: count.canisterId ?? null,
      countedBy: context.actorUserId,
      countedAt: context.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`A count of ${item.itemId} already awaits a second person's confirmation`);
  return {
    applied: false,
    item: await loadItem(db, eq(inventoryItems.id, id)),
    pendingCount: await toPending(db, row, item.costPerUnit),
  };
}

/**
 * A second person decides a waiting count: confirmed, it moves stock with both names in the history; a
 * count made before stock moved again is refused (count again); rejected, it moves nothing.
 */
export function decideCount(
  ctx: AppContext,
  countId: number,
  decision: "confirm" | "reject",
  actor: { id: number; name: string },
): Promise<CountResult> {
  return ctx.database.tx(async (db) => {
    const now = ctx.clock.now();
    const [count] = await db.select().from(stockCounts).where(eq(stockCounts.id, countId)).for("update");
    if (!count) throw notFound("Count");
    if (count.status !== "pending") throw conflict(`This count was already ${count.status}`);
    if (decision === "confirm" && count.countedBy === actor.id) {
      throw forbidden("Another person must confirm your count");
    }
    const [item] = await db
      .select()
      .from(inventoryItems)
      .where(eq(inventoryItems.id, count.inventoryItemId))
      .for("update");
    if (decision === "confirm") {
      if (item!.currentStock !== count.stockAtCount) {
        throw conflict(
          `Stock of ${item!.itemId} has moved since the count (${count.stockAtCount} then, ${item!.currentStock} now); reject it and count again`,
        );
      }
      await countStock(
        db,
        item!.id,
        {
          countedStock: count.countedStock,
          note: `${count.note} (confirmed by ${actor.name})`,
          canisterId: count.canisterId,
        },
        { actorUserId: count.countedBy, now },
      );
    }
    await db
      .update(stockCounts)
      .set({ status: decision === "confirm" ? "confirmed" : "rejected", decidedBy: actor.id, decidedAt: now })
      .where(eq(stockCounts.id, countId));
    return {
      applied: decision === "confirm",
      item: await loadItem(db, eq(inventoryItems.id, item!.id)),
      pendingCount: null,
    };
  });
}
