import { and, asc, eq, ne, type SQL, sql } from "drizzle-orm";
import { alertStatusFor, type StorageCondition } from "../../../contract/storage";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { inventoryItems, storageUnits, temperatureReadings } from "../../db/schema";
import { notFound } from "../../errors";

/** Storage units with the stock they hold, by id; `onlyAlerts` keeps units not in the normal range. */
export function listStorageConditions(
  ctx: AppContext,
  options: { onlyAlerts?: boolean; limit: number; offset: number },
): Promise<StorageCondition[]> {
  const where: SQL | undefined = options.onlyAlerts ? ne(storageUnits.alertStatus, "normal") : undefined;
  return ctx.database.read((db) => selectConditions(db, where, options.limit, options.offset));
}

async function selectConditions(
  db: Db,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<StorageCondition[]> {
  const rows = await db
    .select({
      unit: storageUnits,
      affectedSamples: sql<number>`coalesce(sum(${inventoryItems.currentStock}), 0)::int`,
    })
    .from(storageUnits)
    .leftJoin(
      inventoryItems,
      and(eq(inventoryItems.storageUnitId, storageUnits.id), eq(inventoryItems.isActive, true)),
    )
    .where(where)
    .groupBy(storageUnits.id)
    .orderBy(asc(storageUnits.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ unit, affectedSamples }) => ({
    id: unit.id,
    storageUnit: unit.name,
    unitType: unit.unitType,
    location: unit.location,
    temperature: unit.temperature,
    alertStatus: unit.alertStatus,
    affectedSamples: Number(affectedSamples),
    lastUpdated: unit.lastUpdated.toISOString(),
  }));
}

/** Records a reading; the unit takes its temperature and the alert status the thresholds give. */
export function recordReading(
  ctx: AppContext,
  input: { storageUnitId: number; temperature: number },
  actorUserId: number,
): Promise<StorageCondition> {
  return ctx.database.tx(async (db) => {
    const [unit] = await db.select().from(storageUnits).where(eq(storageUnits.id, input.storageUnitId));
    if (!unit) throw notFound("Storage unit");
    const now = ctx.clock.now();
    const alertStatus = alertStatusFor(unit.unitType, input.temperature);
    await db.insert(temperatureReadings).values({
      storageUnitId: unit.id,
      temperature: input.temperature,
      alertStatus,
      recordedAt: now,
      recordedBy: actorUserId,
    });
    await db
      .update(storageUnits)
      .set({ temperature: input.temperature, alertStatus, lastUpdated: now })
      .where(eq(storageUnits.id, unit.id));
    const [condition] = await selectConditions(db, eq(storageUnits.id, unit.id), 1, 0);
    return condition!;
  });
}
