import { eq, sql } from "drizzle-orm";
import { MIN_SERVICES_FOR_RATE, wilsonInterval } from "../../../contract/fertility-rule";
import type { Db } from "../../db/adapter";
import {
  batchFertilityFlags,
  breedingRecords,
  fertilityTotals,
  inventoryItems,
  itemGenetics,
  stockBatches,
} from "../../db/schema";
import { messageRows, writeMessages } from "../notifications/outbox";
import { staffReaders } from "../notifications/readers";
import { outcomeCounts } from "./outcomes";

const percent = (part: number, whole: number) => Math.round((part / whole) * 100);

/**
 * After a confirmed outcome on one of its services: flags the batch once, to the Chief Scientist, when its
 * confirmed conception is well below its bull's, meaning the top of its 95% Wilson interval is under his
 * confirmed rate (both from at least MIN_SERVICES_FOR_RATE confirmed outcomes). A batch of a good bull
 * that conceives this badly points at handling or storage (thawing, a warm tank), not at the bull.
 * Runs in the transaction of the outcome; answers whether it raised the flag.
 */
export async function checkBatch(db: Db, batchId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({
      label: sql<string>`${inventoryItems.itemId} || ' batch ' || ${stockBatches.code}`,
      bull: sql<string>`coalesce(${itemGenetics.bullName}, ${inventoryItems.breedName})`,
      services: outcomeCounts.services,
      conceptions: outcomeCounts.conceptions,
      bullServices: sql<number>`min(${fertilityTotals.services})::int`,
      bullConceptions: sql<number>`min(${fertilityTotals.conceptions})::int`,
    })
    .from(breedingRecords)
    .innerJoin(stockBatches, eq(stockBatches.id, breedingRecords.batchId))
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockBatches.inventoryItemId))
    .leftJoin(itemGenetics, eq(itemGenetics.inventoryItemId, inventoryItems.id))
    .leftJoin(
      fertilityTotals,
      eq(
        fertilityTotals.key,
        sql`fertility_key(${inventoryItems.type}, ${itemGenetics.registration}, ${inventoryItems.id})`,
      ),
    )
    .where(eq(breedingRecords.batchId, batchId))
    .groupBy(stockBatches.id, inventoryItems.id, itemGenetics.inventoryItemId);
  if (!row || row.services < MIN_SERVICES_FOR_RATE || (row.bullServices ?? 0) < MIN_SERVICES_FOR_RATE) {
    return false;
  }
  const [, high] = wilsonInterval(row.conceptions, row.services);
  if (high >= row.bullConceptions / row.bullServices) return false;
  const [flag] = await db
    .insert(batchFertilityFlags)
    .values({
      batchId,
      services: row.services,
      conceptions: row.conceptions,
      bullServices: row.bullServices,
      bullConceptions: row.bullConceptions,
      flaggedAt: now,
    })
    .onConflictDoNothing()
    .returning({ batchId: batchFertilityFlags.batchId });
  if (!flag) return false;
  const alarm = `${row.label} (${row.bull}): ${row.conceptions} of ${row.services} confirmed (${percent(row.conceptions, row.services)}%) against the bull's ${percent(row.bullConceptions, row.bullServices)}%`;
  const scientists = await staffReaders(db, ["chief_scientist"]);
  await writeMessages(
    db,
    scientists.flatMap((reader) =>
      messageRows({
        kind: "batch_fertility_low",
        reader,
        facts: { alarm },
        channels: ["email"],
        dedupeKey: `batch-fertility:${batchId}:${reader.userId}`,
        now,
      }),
    ),
  );
  return true;
}
