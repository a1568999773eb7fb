import { eq } from "drizzle-orm";
import { caneLabel } from "../../../contract/cryo-store";
import { placeStock } from "../../modules/inventory/positions";
import type { Db } from "../database";
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
export async function seedStore(db: Db, units: Unit[], items: Item[]): Promise<void> {
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
      if (placements.length) await placeStock(db, item.id, placements, { now: item.createdAt });
    }
  }
}

function canisterNamed(location: string): number {
  const n = Number(/Canister\s+(\d+)/i.exec(location)?.[1] ?? 1);
  return Math.min(Math.max(n, 1), CANISTERS_PER_TANK);
}
