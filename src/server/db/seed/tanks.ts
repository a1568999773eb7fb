import { syncTemperatureAlert } from "../../modules/storage/service";
import { syncTankAlerts } from "../../modules/storage/tanks";
import { DAY_MS } from "../../time";
import type { Db } from "../adapter";
import * as t from "../schema";
import type { SeedTank } from "./data";

const LN2_SUPPLIER = "BOC Kenya, Nairobi";

/**
 * A refill and a dip each morning since, then the alerts those readings and the clock raise, the same way
 * the app raises them, so the demo opens on a tank that needs attention.
 */
export async function seedTankHistory(
  db: Db,
  units: (typeof t.storageUnits.$inferSelect & { ln2?: SeedTank })[],
  now: Date,
): Promise<void> {
  for (const unit of units) {
    await syncTemperatureAlert(db, unit, unit.lastUpdated);
    const tank = unit.ln2;
    if (!tank) continue;
    const refilledAt = new Date(now.getTime() - tank.refilledDaysAgo * DAY_MS - 3 * 3600_000);
    await db
      .insert(t.refills)
      .values({ storageUnitId: unit.id, litres: tank.litres, supplier: LN2_SUPPLIER, refilledAt });
    await db.insert(t.levelReadings).values(
      Array.from({ length: tank.refilledDaysAgo + 1 }, (_, day) => {
        // Dipsticks read to the half centimetre: a little scatter around the true loss.
        const scatter = ((day * 7) % 5) / 10 - 0.2;
        const levelPct = Math.round((tank.levelAfterPct - tank.lossPctPerDay * day + scatter) * 10) / 10;
        return {
          storageUnitId: unit.id,
          method: "dipstick" as const,
          unit: "percent" as const,
          value: levelPct,
          levelPct,
          recordedAt: new Date(refilledAt.getTime() + day * DAY_MS),
        };
      }),
    );
    await syncTankAlerts(db, unit.id, now);
  }
}
