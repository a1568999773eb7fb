import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/adapter";
import {
  flaskLoans,
  flaskMovements,
  flaskStraws,
  type flasks,
  inventoryItems,
  itemGenetics,
  stockBatches,
} from "../../db/schema";
import { conflict } from "../../errors";
import { issueToFlask, returnFromFlask } from "../inventory/stock";

type FlaskRow = typeof flasks.$inferSelect;

/**
 * Straws from the cryo store into the flask, first-expiry-first: each batch's straws leave stock (a stock
 * movement) and join the flask (a flask movement), in one transaction. A flask holds at most its capacity.
 */
export async function issueStraws(
  db: Db,
  flask: FlaskRow,
  items: { inventoryItemId: number; quantity: number }[],
  actorId: number,
  now: Date,
): Promise<void> {
  const [held] = (await db
    .select({ n: sql<number>`coalesce(sum(${flaskStraws.count}), 0)::int` })
    .from(flaskStraws)
    .where(eq(flaskStraws.flaskId, flask.id))) as [{ n: number }];
  const adding = items.reduce((n, i) => n + i.quantity, 0);
  if (held.n + adding > flask.capacityStraws) {
    throw conflict(
      `${flask.serial} holds ${flask.capacityStraws} straws; it has ${held.n} and ${adding} would not fit`,
    );
  }
  for (const item of items) {
    const batches = await issueToFlask(db, item.inventoryItemId, item.quantity, {
      actorUserId: actorId,
      now,
      note: `Issued to flask ${flask.serial}`,
    });
    for (const b of batches) {
      await db
        .insert(flaskStraws)
        .values({
          flaskId: flask.id,
          inventoryItemId: item.inventoryItemId,
          batchId: b.batchId,
          count: b.count,
        })
        .onConflictDoUpdate({
          target: [flaskStraws.flaskId, flaskStraws.batchId],
          set: { count: sql`${flaskStraws.count} + ${b.count}` },
        });
      await db.insert(flaskMovements).values({
        flaskId: flask.id,
        kind: "issue",
        inventoryItemId: item.inventoryItemId,
        batchId: b.batchId,
        quantity: b.count,
        actorUserId: actorId,
        createdAt: now,
      });
    }
  }
}

/**
 * One straw of a batch used on a cow: it comes off the flask (never below none) with a movement naming the
 * cow's event. Answers the item it was, for the service record.
 */
export async function takeStrawFromFlask(
  db: Db,
  flaskId: number,
  batchId: number,
  by: { actorId: number; cowEventId: number; now: Date },
): Promise<{ inventoryItemId: number }> {
  const [taken] = await db
    .update(flaskStraws)
    .set({ count: sql`${flaskStraws.count} - 1` })
    .where(
      and(eq(flaskStraws.flaskId, flaskId), eq(flaskStraws.batchId, batchId), sql`${flaskStraws.count} >= 1`),
    )
    .returning({ inventoryItemId: flaskStraws.inventoryItemId });
  if (!taken) throw conflict("That straw is not in your flask");
  await db.insert(flaskMovements).values({
    flaskId,
    kind: "use",
    inventoryItemId: taken.inventoryItemId,
    batchId,
    quantity: 1,
    cowEventId: by.cowEventId,
    actorUserId: by.actorId,
    createdAt: by.now,
  });
  return taken;
}

/** Every straw left in a returning flask goes back into stock, batch by batch. */
export async function returnStraws(db: Db, flask: FlaskRow, actorId: number, now: Date): Promise<void> {
  const left = await db
    .select()
    .from(flaskStraws)
    .where(and(eq(flaskStraws.flaskId, flask.id), sql`${flaskStraws.count} > 0`));
  for (const s of left) {
    await returnFromFlask(db, s.inventoryItemId, s.count, {
      actorUserId: actorId,
      now,
      note: `Returned from flask ${flask.serial}`,
    });
    await db.insert(flaskMovements).values({
      flaskId: flask.id,
      kind: "return",
      inventoryItemId: s.inventoryItemId,
      batchId: s.batchId,
      quantity: s.count,
      actorUserId: actorId,
      createdAt: now,
    });
  }
  await db.delete(flaskStraws).where(eq(flaskStraws.flaskId, flask.id));
}

/** The straws in a flask, per batch, with the bull and the batch's expiry. */
export function flaskContents(db: Db, flaskId: number) {
  return db
    .select({
      inventoryItemId: flaskStraws.inventoryItemId,
      itemId: inventoryItems.itemId,
      bullName: itemGenetics.bullName,
      batchId: flaskStraws.batchId,
      batch: stockBatches.code,
      expiryDate: stockBatches.expiryDate,
      count: flaskStraws.count,
    })
    .from(flaskStraws)
    .innerJoin(inventoryItems, eq(inventoryItems.id, flaskStraws.inventoryItemId))
    .innerJoin(stockBatches, eq(stockBatches.id, flaskStraws.batchId))
    .leftJoin(itemGenetics, eq(itemGenetics.inventoryItemId, flaskStraws.inventoryItemId))
    .where(and(eq(flaskStraws.flaskId, flaskId), sql`${flaskStraws.count} > 0`))
    .orderBy(sql`${stockBatches.expiryDate} asc nulls last`, asc(inventoryItems.itemId));
}

/**
 * The straw a technician picked from the flask lent to them: its item and bull, for the cow's record. 409
 * when the flask is not lent to them or holds none of that batch.
 */
export async function strawInFlask(db: Db, technicianId: number, flaskId: number, batchId: number) {
  const [loan] = await db
    .select({ id: flaskLoans.id })
    .from(flaskLoans)
    .where(
      and(
        eq(flaskLoans.flaskId, flaskId),
        eq(flaskLoans.holderUserId, technicianId),
        isNull(flaskLoans.returnedAt),
      ),
    );
  if (!loan) throw conflict("That flask is not lent to you");
  const straw = (await flaskContents(db, flaskId)).find((s) => s.batchId === batchId);
  if (!straw) throw conflict("That straw is not in your flask any more");
  return straw;
}
