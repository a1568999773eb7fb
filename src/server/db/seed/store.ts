import { eq } from "drizzle-orm";
import { caneLabel } from "../../../contract/cryo-store";
import { createBatch } from "../../modules/inventory/batches";
import { placeStock } from "../../modules/inventory/positions";
import type { Db } from "../adapter";
import * as t from "../schema";

const CANISTERS_PER_TANK = 6;
const CANES_PER_CANISTER = 10;
const STRAWS_PER_CANE = 20;

type Unit = typeof t.storageUnits.$inferSelect;
type Item = typeof t.inventoryItems.$inferSelect;

/**
 * Every LN2 tank gets six canisters of ten canes (goblets where it keeps embryos), and every item's straws
 * are placed from the canister its old free-text location named ("Canister 3, Goblet B"), overflowing into
 * the next canisters. Placing tops up the pick lists of the open demo orders, so they show real positions.
 */
export async function seedStore(db: Db, units: Unit[], items: Item[], now: Date): Promise<void> {
  for (const unit of units.filter((u) => u.unitType === "liquid_nitrogen")) {
    const mine = items.filter((i) => i.storageUnitId === unit.id);
    const embryoCanisters = new Set(
      mine.filter((i) => i.type === "embryo").map((i) => canisterNamed(i.storageLocation)),
    );
    const caneIds: number[][] = [];
    for (let number = 1; number <= CANISTERS_PER_TANK; number++) {
      const [canister] = await db
        .insert(t.canisters)
        .values({
          storageUnitId: unit.id,
          number,
          caneKind: embryoCanisters.has(number) ? "goblet" : "cane",
          createdAt: unit.createdAt,
        })
        .returning();
      const rows = await db
        .insert(t.canes)
        .values(
          Array.from({ length: CANES_PER_CANISTER }, (_, i) => ({
            canisterId: canister!.id,
            position: i + 1,
            label: caneLabel(unit.id, number, i + 1),
            capacity: STRAWS_PER_CANE,
          })),
        )
        .returning({ id: t.canes.id });
      caneIds.push(rows.map((r) => r.id));
    }
    const free = caneIds.map((canes) => canes.map((id) => ({ id, room: STRAWS_PER_CANE })));
    for (const item of mine) {
      const [fresh] = await db.select().from(t.inventoryItems).where(eq(t.inventoryItems.id, item.id));
      let left = fresh!.currentStock;
      const placements: { caneId: number; count: number }[] = [];
      const start = canisterNamed(item.storageLocation) - 1;
      for (let k = 0; k < CANISTERS_PER_TANK && left > 0; k++) {
        for (const cane of free[(start + k) % CANISTERS_PER_TANK]!) {
          const n = Math.min(left, cane.room);
          if (n === 0) continue;
          placements.push({ caneId: cane.id, count: n });
          cane.room -= n;
          left -= n;
          if (left === 0) break;
        }
      }
      if (placements.length === 0) continue;
      const [older, newer] = await seedBatches(db, item, now);
      // The older batch's straws first (about 40 %), the rest of the newer one where there are two.
      let olderLeft = newer === undefined ? Number.POSITIVE_INFINITY : Math.floor(fresh!.currentStock * 0.4);
      const batched = placements.flatMap((p) => {
        const fromOlder = Math.min(p.count, olderLeft);
        olderLeft -= fromOlder;
        return [
          ...(fromOlder > 0 ? [{ ...p, count: fromOlder, batchId: older }] : []),
          ...(p.count > fromOlder ? [{ ...p, count: p.count - fromOlder, batchId: newer }] : []),
        ];
      });
      await placeStock(db, item.id, batched, { now: item.createdAt });
    }
  }
}

const DAY = 24 * 60 * 60 * 1000;
export const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** A believable post-thaw motility for a demo semen batch, 45-68 %, varying by item; none for embryos. */
export const demoMotility = (item: { id: number; type: string }, offset: number) =>
  item.type === "sperm" ? 45 + ((item.id * 7 + offset) % 24) : null;

/**
 * An item's demo batches: semen with a long shelf life arrives as an older collection that expires first and
 * a newer one (post-thaw motility 45-68 %, varying by item); embryos and short-lived semen as one batch.
 */
async function seedBatches(db: Db, item: Item, now: Date): Promise<[number, number | undefined]> {
  const expiry = item.expiryDate ? new Date(`${item.expiryDate}T00:00:00Z`) : null;
  const received = item.createdAt;
  const split =
    item.type === "sperm" &&
    expiry !== null &&
    expiry.getTime() - 210 * DAY > now.getTime() &&
    item.currentStock >= 40;
  const older = await createBatch(
    db,
    item.id,
    {
      code: "L1",
      collectedOn: isoDay(new Date(received.getTime() - (split ? 400 : 30) * DAY)),
      expiryDate: expiry && (split ? isoDay(new Date(expiry.getTime() - 180 * DAY)) : isoDay(expiry)),
      motilityPct: demoMotility(item, 0),
    },
    new Date(received.getTime() - (split ? 300 : 0) * DAY),
  );
  if (!split) return [older.id, undefined];
  const newer = await createBatch(
    db,
    item.id,
    {
      code: "L2",
      collectedOn: isoDay(new Date(received.getTime() - 45 * DAY)),
      expiryDate: isoDay(expiry!),
      motilityPct: demoMotility(item, 11),
    },
    received,
  );
  return [older.id, newer.id];
}

function canisterNamed(location: string): number {
  const n = Number(/Canister\s+(\d+)/i.exec(location)?.[1] ?? 1);
  return Math.min(Math.max(n, 1), CANISTERS_PER_TANK);
}
