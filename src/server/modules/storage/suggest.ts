import { eq, sql } from "drizzle-orm";
import type { PlacementSuggestion } from "../../../contract/cryo-store";
import type { AppContext } from "../../context";
import { rowsOf } from "../../db/adapter";
import { inventoryItems } from "../../db/schema";
import { notFound } from "../../errors";
import { caneKindFor } from "../inventory/positions";

/** How many candidate positions one suggestion reads at most: 200 canes hold thousands of straws. */
const CANDIDATES = 200;

/**
 * Where `count` straws of an item would go: canes or goblets of its kind with room that hold nothing else,
 * those already holding the item first, then its own tank's, in canister and position order, so a batch
 * lands on a run of neighbouring canes. Nothing is placed: the screen shows the run and places it in one
 * step, through the same checks as any placement.
 */
export function suggestPlacement(
  ctx: AppContext,
  inventoryItemId: number,
  count: number,
): Promise<PlacementSuggestion> {
  return ctx.database.read(async (db) => {
    const [item] = await db
      .select({ type: inventoryItems.type, storageUnitId: inventoryItems.storageUnitId })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, inventoryItemId));
    if (!item) throw notFound("Inventory item");
    const rows = await rowsOf<{ id: number; label: string; tank_name: string; free: number }>(
      db,
      sql`select c.id, c.label, su.name as tank_name, c.capacity - coalesce(used.n, 0) as free
        from storage_canes c
        join storage_canisters cn on cn.id = c.canister_id
        join storage_units su on su.id = cn.storage_unit_id
        left join lateral (
          select sum(p.count)::int as n,
            bool_or(p.inventory_item_id <> ${inventoryItemId}) as other,
            bool_or(p.inventory_item_id = ${inventoryItemId}) as mine
          from stock_positions p where p.cane_id = c.id
        ) used on true
        where cn.cane_kind = ${caneKindFor(item.type)}
          and not coalesce(used.other, false)
          and c.capacity > coalesce(used.n, 0)
        order by coalesce(used.mine, false) desc, coalesce(su.id = ${item.storageUnitId}, false) desc,
          su.name, cn.number, c.position
        limit ${CANDIDATES}`,
    );
    const placements: PlacementSuggestion["placements"] = [];
    let left = count;
    for (const cane of rows) {
      if (left === 0) break;
      const n = Math.min(left, Number(cane.free));
      placements.push({ caneId: cane.id, label: cane.label, tankName: cane.tank_name, count: n });
      left -= n;
    }
    return { placements, short: left };
  });
}
