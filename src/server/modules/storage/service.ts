import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import {
  type AlertStatus,
  alertStatusFor,
  type StorageCondition,
  type StorageUnitType,
} from "../../../contract/storage";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { inventoryItems, storageAlerts, storageUnits, temperatureReadings } from "../../db/schema";
import { notFound } from "../../errors";
import { syncAlert } from "./alerts";
import { temperatureAlertMessage } from "./messages";

/** Storage units with the stock they hold, by id; `onlyAlerts` keeps units not in the normal range. */
export function listStorageConditions(
  ctx: AppContext,
  options: { onlyAlerts?: boolean; limit: number; offset: number },
): Promise<StorageCondition[]> {
  // The banner's list: units whose temperature alert nobody has acknowledged yet.
  const where: SQL | undefined = options.onlyAlerts
    ? sql`exists (select 1 from ${storageAlerts} where ${storageAlerts.storageUnitId} = ${storageUnits.id}
        and ${storageAlerts.kind} = 'temperature' and ${storageAlerts.resolvedAt} is null
        and ${storageAlerts.acknowledgedAt} is null)`
    : undefined;
  return ctx.database.read((db) => selectConditions(db, where, options.limit, options.offset));
}

/**
 * Storage units by id with the active stock each holds: units on hand and their value at list price. The
 * one query behind the conditions list and the tanks screen.
 */
export function selectUnitsWithStock(db: Db, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select({
      unit: storageUnits,
      samples: sql<number>`coalesce(sum(${inventoryItems.currentStock}), 0)::int`,
      valueKes: sql<string>`coalesce(sum(${inventoryItems.currentStock} * ${inventoryItems.costPerUnit}), 0)::bigint`,
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
}

async function selectConditions(
  db: Db,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<StorageCondition[]> {
  const rows = await selectUnitsWithStock(db, where, limit, offset);
  return rows.map(({ unit, samples: affectedSamples }) => ({
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

/** Records a reading; the unit takes its temperature and the alert status the thresholds give, and its alert follows. */
export function recordReading(
  ctx: AppContext,
  input: { storageUnitId: number; temperature: number },
  actorUserId: number,
): Promise<StorageCondition> {
  return ctx.database.tx(async (db) => {
    const [unit] = await db.select().from(storageUnits).where(eq(storageUnits.id, input.storageUnitId));
    if (!unit) throw notFound("Storage unit");
    await applyTemperature(db, unit, input.temperature, actorUserId, ctx.clock.now());
    const [condition] = await selectConditions(db, eq(storageUnits.id, unit.id), 1, 0);
    return condition!;
  });
}

/** The one way a temperature lands on a unit: the reading, the unit's status, and its temperature alert. */
export async function applyTemperature(
  db: Db,
  unit: { id: number; name: string; unitType: StorageUnitType },
  temperature: number,
  actorUserId: number,
  now: Date,
): Promise<void> {
  const alertStatus = alertStatusFor(unit.unitType, temperature);
  await db
    .insert(temperatureReadings)
    .values({ storageUnitId: unit.id, temperature, alertStatus, recordedAt: now, recordedBy: actorUserId });
  await db
    .update(storageUnits)
    .set({ temperature, alertStatus, lastUpdated: now })
    .where(eq(storageUnits.id, unit.id));
  await syncTemperatureAlert(db, { id: unit.id, name: unit.name, temperature, alertStatus }, now);
}

/** A unit's temperature alert follows its status: raised, updated or resolved. */
export function syncTemperatureAlert(
  db: Db,
  unit: { id: number; name: string; temperature: number; alertStatus: AlertStatus },
  now: Date,
): Promise<void> {
  return syncAlert(db, {
    storageUnitId: unit.id,
    kind: "temperature",
    severity: unit.alertStatus === "normal" ? null : unit.alertStatus,
    message: temperatureAlertMessage(unit.name, unit.temperature, unit.alertStatus),
    now,
  });
}
