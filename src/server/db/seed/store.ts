import { and, asc, eq, gt } from "drizzle-orm";
import { caneLabel } from "../../../contract/cryo-store";
import { createBatch } from "../../modules/inventory/batches";
import { placeStock } from "../../modules/inventory/positions";
import type { Db } from "../adapter";
import * as t from "../schema";

const CANES_PER_CANISTER = 10;
/** Semen straws (0.25 ml) clipped on a cane, and embryo straws in a goblet. */
const STRAWS_PER_CANE = 50;
const STRAWS_PER_GOBLET = 20;

type Unit = typeof t.storageUnits.$inferSelect;
type Item = typeof t.inventoryItems.$inferSelect;

/**
 * Every LN2 tank gets as many canisters of ten as its stock needs: canes for semen, then goblets for
 * embryos. Every straw is placed, each item on canes of its own (a cane never mixes items), in item order,
 * so the map reads like a real store. Placing tops up the pick lists of the open demo orders, so they show
 * real positions.
 */
export async function seedStore(db: Db, units: Unit[], now: Date): Promise<void> {
  for (const unit of units.filter((u) => u.unitType === "liquid_nitrogen")) {
    const mine = await db
      .select()
      .from(t.inventoryItems)
      .where(and(eq(t.inventoryItems.storageUnitId, unit.id), gt(t.inventoryItems.currentStock, 0)))
      .orderBy(asc(t.inventoryItems.itemId));
    let number = 0;
    for (const [kind, type, perCane] of [
      ["cane", "sperm", STRAWS_PER_CANE],
      ["goblet", "embryo", STRAWS_PER_GOBLET],
    ] as const) {
      const ofKind = mine.filter((i) => i.type === type);
      const canesNeeded = ofKind.reduce((sum, i) => sum + Math.ceil(i.currentStock / perCane), 0);
      const canisterCount = Math.ceil(canesNeeded / CANES_PER_CANISTER);
      const caneIds: number[] = [];
      for (let k = 0; k < canisterCount; k++) {
        number += 1;
        caneIds.push(...(await addSeedCanister(db, unit, number, kind, perCane)));
      }
      let next = 0;
      for (const item of ofKind) {
        const placements: { caneId: number; count: number }[] = [];
        for (let left = item.currentStock; left > 0; left -= perCane) {
          placements.push({ caneId: caneIds[next++]!, count: Math.min(left, perCane) });
        }
        await placeSeedItem(db, item, placements, now);
      }
    }
  }
}

async function addSeedCanister(
  db: Db,
  unit: Unit,
  number: number,
  caneKind: "cane" | "goblet",
  capacity: number,
) {
  const [canister] = await db
    .insert(t.canisters)
    .values({ storageUnitId: unit.id, number, caneKind, createdAt: unit.createdAt })
    .returning();
  const rows = await db
    .insert(t.canes)
    .values(
      Array.from({ length: CANES_PER_CANISTER }, (_, i) => ({
        canisterId: canister!.id,
        position: i + 1,
        label: caneLabel(unit.id, number, i + 1),
        capacity,
      })),
    )
    .returning({ id: t.canes.id });
  return rows.map((r) => r.id);
}

/**
 * An item's straws on its canes: the older batch's first (about 40 %), the rest of the newer where two. An
 * item that arrived with its batch (the catalogue's) has all its straws of that batch.
 */
async function placeSeedItem(db: Db, item: Item, placements: { caneId: number; count: number }[], now: Date) {
  const [arrived] = await db.select().from(t.stockBatches).where(eq(t.stockBatches.inventoryItemId, item.id));
  if (arrived) return placeStock(db, item.id, placements, { now: item.createdAt });
  const [older, newer] = await seedBatches(db, item, now);
  let olderLeft = newer === undefined ? Number.POSITIVE_INFINITY : Math.floor(item.currentStock * 0.4);
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
