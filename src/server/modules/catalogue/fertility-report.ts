import { and, desc, eq, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import type { BatchFertilityLine, FertilityLine, FertilityReport } from "../../../contract/catalogue";
import {
  fertilityOf,
  fertilityOfOutcomes,
  MIN_SERVICES_FOR_RATE,
  semenTypeLabels,
} from "../../../contract/genetics";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import {
  batchFertilityFlags,
  breedingRecords,
  inventoryItems,
  itemGenetics,
  stockBatches,
} from "../../db/schema";
import { knownOutcome, outcomeCounts } from "../breeding/outcomes";

/** The most lines a group shows: the bulls and lots with the most services come first. */
const MAX_LINES = 100;

async function linesBy(
  db: Db,
  group: { label: SQL<string | null>; detail?: SQL<string | null> },
  where: SQL | undefined,
): Promise<FertilityLine[]> {
  const rows = await db
    .select({
      label: group.label,
      detail: group.detail ?? sql<string | null>`null::text`,
      ...outcomeCounts,
    })
    .from(breedingRecords)
    .leftJoin(inventoryItems, eq(inventoryItems.id, breedingRecords.inventoryItemId))
    .leftJoin(itemGenetics, eq(itemGenetics.inventoryItemId, inventoryItems.id))
    .leftJoin(stockBatches, eq(stockBatches.id, breedingRecords.batchId))
    .where(where)
    .groupBy(...(group.detail ? [group.label, group.detail] : [group.label]))
    .orderBy(desc(sql`count(*) filter (where ${knownOutcome})`), group.label)
    .limit(MAX_LINES);
  return rows.map((r) => ({
    label: r.label ?? "Unknown",
    detail: r.detail,
    ...fertilityOfOutcomes(r),
  }));
}

// The separators (\u00b7 a middle dot, \u00d7 a cross) are escaped because the bundle keeps a tagged template's
// text as written, and one wide character makes Node hold the whole bundle at two bytes a character.

/**
 * Per batch: its rate beside its bull's (the catalogue's figures for the item), and when it was flagged for
 * conceiving well below him.
 */
async function batchLines(db: Db): Promise<BatchFertilityLine[]> {
  const rows = await db
    .select({
      label: sql<string>`${inventoryItems.itemId} || ' \u00b7 batch ' || ${stockBatches.code}`,
      detail: sql<
        string | null
      >`coalesce(${itemGenetics.bullName}, ${inventoryItems.breedName}) || coalesce(' \u00b7 motility ' || ${stockBatches.motilityPct} || '%', '')`,
      ...outcomeCounts,
      bullServices: sql<number>`min(${inventoryItems.fertilityServices})::int`,
      bullConceptions: sql<number>`min(${inventoryItems.fertilityConceptions})::int`,
      flaggedAt: sql<Date | null>`min(${batchFertilityFlags.flaggedAt})`.mapWith(
        batchFertilityFlags.flaggedAt,
      ),
    })
    .from(breedingRecords)
    .innerJoin(stockBatches, eq(stockBatches.id, breedingRecords.batchId))
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockBatches.inventoryItemId))
    .leftJoin(itemGenetics, eq(itemGenetics.inventoryItemId, inventoryItems.id))
    .leftJoin(batchFertilityFlags, eq(batchFertilityFlags.batchId, stockBatches.id))
    .groupBy(stockBatches.id, inventoryItems.id, itemGenetics.inventoryItemId)
    .orderBy(
      sql`min(${batchFertilityFlags.flaggedAt}) desc nulls last`,
      desc(sql`count(*) filter (where ${knownOutcome})`),
      stockBatches.id,
    )
    .limit(MAX_LINES);
  return rows.map((r) => ({
    label: r.label,
    detail: r.detail,
    ...fertilityOfOutcomes(r),
    bullRate: fertilityOf(r.bullConceptions, r.bullServices).rate,
    flaggedAt: r.flaggedAt?.toISOString() ?? null,
  }));
}

/** Every rate from the same definition as the proof sheets, in five groupings. */
export function fertilityReport(ctx: AppContext): Promise<FertilityReport> {
  const ours = isNotNull(breedingRecords.inventoryItemId);
  const semen = and(ours, eq(inventoryItems.type, "sperm"));
  return ctx.database.read(async (db) => ({
    minimumServices: MIN_SERVICES_FOR_RATE,
    bulls: await linesBy(
      db,
      {
        label: sql<string | null>`coalesce(${itemGenetics.bullName}, ${inventoryItems.breedName})`,
        detail: sql<
          string | null
        >`${inventoryItems.breedName} || coalesce(' \u00b7 ' || ${itemGenetics.registration}, '')`,
      },
      semen,
    ),
    embryoLots: await linesBy(
      db,
      {
        label: sql<string | null>`${inventoryItems.itemId}`,
        detail: sql<
          string | null
        >`${inventoryItems.breedName} || coalesce(' \u00b7 ' || ${itemGenetics.bullName} || ' \u00d7 ' || ${itemGenetics.damName}, '')`,
      },
      and(ours, eq(inventoryItems.type, "embryo")),
    ),
    technicians: await linesBy(
      db,
      { label: sql<string | null>`${breedingRecords.technician}` },
      ne(breedingRecords.serviceType, "Natural"),
    ),
    semenTypes: (
      await linesBy(db, { label: sql<string | null>`${itemGenetics.semenType}::text` }, semen)
    ).map((line) => ({
      ...line,
      label: semenTypeLabels[line.label as keyof typeof semenTypeLabels] ?? line.label,
    })),
    batches: await batchLines(db),
  }));
}
