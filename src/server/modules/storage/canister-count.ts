import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { canisterCountInputSchema } from "../../../contract/cryo-store";
import type { CountResult } from "../../../contract/inventory";
import type { AppContext } from "../../context";
import { canes, canisters, inventoryItems, stockPositions, storageUnits } from "../../db/schema";
import { notFound } from "../../errors";
import { countItem } from "../inventory/counts";

/**
 * A canister counted as the store counts it: per item, the straws found in it. Each item's new on-hand is
 * its stock less what the map has in this canister plus what was found, recorded as that item's count (at
 * once, or waiting for a second person when large). All items in one transaction: the whole count or none.
 */
export function countCanister(
  ctx: AppContext,
  canisterId: number,
  input: z.output<typeof canisterCountInputSchema>,
  actorUserId: number,
): Promise<CountResult[]> {
  return ctx.database.tx(async (db) => {
    const [canister] = await db
      .select({
        id: canisters.id,
        number: canisters.number,
        tank: storageUnits.name,
        unitId: storageUnits.id,
      })
      .from(canisters)
      .innerJoin(storageUnits, eq(storageUnits.id, canisters.storageUnitId))
      .where(eq(canisters.id, canisterId))
      .for("update", { of: canisters });
    if (!canister) throw notFound("Canister");
    const label = `T${canister.unitId}-C${canister.number}`;
    const results: CountResult[] = [];
    // Items in id order, so two counts never lock them crosswise.
    for (const line of [...input.lines].sort((a, b) => a.inventoryItemId - b.inventoryItemId)) {
      const [item] = await db
        .select({ stock: inventoryItems.currentStock })
        .from(inventoryItems)
        .where(eq(inventoryItems.id, line.inventoryItemId))
        .for("update");
      if (!item) throw notFound("Inventory item");
      const [here] = await db
        .select({ n: sql<number>`coalesce(sum(${stockPositions.count}), 0)::int` })
        .from(stockPositions)
        .innerJoin(canes, eq(canes.id, stockPositions.caneId))
        .where(
          and(eq(canes.canisterId, canisterId), eq(stockPositions.inventoryItemId, line.inventoryItemId)),
        );
      const note = [`${label} (${canister.tank}): ${line.counted} found, ${here!.n} on the map`, input.note]
        .filter(Boolean)
        .join(". ");
      results.push(
        await countItem(
          db,
          line.inventoryItemId,
          { countedStock: item.stock - here!.n + line.counted, note, canisterId },
          { actorUserId, now: ctx.clock.now() },
        ),
      );
    }
    return results;
  });
}
