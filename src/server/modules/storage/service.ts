import { and, eq, type SQL, sql } from "drizzle-orm";
import type { SortOrder } from "../../../contract/pagination";
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
import { sortBy } from "../../http/list-sort";
import { syncAlert } from "./alerts";
import { temperatureAlertMessage } from "./messages";

/** A page of storage units, by name in `order`. */
export interface UnitPage {
  limit: number;
  offset: number;
  order?: SortOrder;
}

/** Storage units with the stock they hold, by name; `onlyAlerts` keeps units not in the normal range. */
export function listStorageConditions(
  ctx: AppContext,
  options: UnitPage & { onlyAlerts?: boolean },
): Promise<StorageCondition[]> {
  // The banner's list: units whose temperature alert nobody has acknowledged yet.
  const where: SQL | undefined = options.onlyAlerts
    ? sql`exists (select 1 from ${storageAlerts} where ${storageAlerts.storageUnitId} = ${storageUnits.id}
        and ${storageAlerts.kind} = 'temperature' and ${storageAlerts.resolvedAt} is null
        and ${storageAlerts.acknowledgedAt} is null)`
    : undefined;
  return ctx.database.read((db) => selectConditions(db, where, options));
}

/**
 * Storage units by name with the active stock each holds: units on hand and their value at list price. The
 * one query behind the conditions list and the tanks screen.
 */
export function selectUnitsWithStock(db: Db, where: SQL | undefined, page: UnitPage) {
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
    .orderBy(
      ...sortBy({ name: storageUnits.name }, { sort: "name", order: page.order ?? "asc" }, storageUnits.id),
    )
    .limit(page.limit)
    .offset(page.offset);
}

async function selectConditions(db: Db, where: SQL | undefined, page: UnitPage): Promise<StorageCondition[]> {
  const rows = await selectUnitsWithStock(db, where, page);
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
    const [condition] = await selectConditions(db, eq(storageUnits.id, unit.id), { limit: 1, offset: 0 });
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
