import { and, asc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { StorageCondition } from "../../../contract/storage";
import type { AppContext } from "../../context";
import { inventoryItems, storageUnits } from "../../db/schema";

/** Storage units with the stock they hold, by id; `onlyAlerts` keeps units not in the normal range. */
export function listStorageConditions(
  ctx: AppContext,
  options: { onlyAlerts?: boolean; limit: number; offset: number },
): Promise<StorageCondition[]> {
  const where: SQL | undefined = options.onlyAlerts ? ne(storageUnits.alertStatus, "normal") : undefined;
  return ctx.database.read(async (db) => {
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
      .limit(options.limit)
      .offset(options.offset);
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
  });
}
