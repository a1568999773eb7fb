import { sql } from "drizzle-orm";
import { inventoryItems, itemGenetics, itemServiceTotals } from "../../db/schema";

/**
 * Whose rate an item shows: a semen item its bull's (every item with his registration, sexed and
 * conventional), an embryo lot its own. The same expression groups the services and finds an item's row.
 */
export const fertilityKey = sql<string>`case when ${inventoryItems.type} = 'sperm' and ${itemGenetics.registration} is not null
  then 'bull:' || ${itemGenetics.registration} else 'item:' || ${inventoryItems.id} end`;

/** Services and conceptions per fertility key, from the per-item totals the breeding records' trigger keeps. */
export const fertilityTotals = sql`select ${fertilityKey} as key,
    sum(${itemServiceTotals.services})::int as services,
    sum(${itemServiceTotals.conceptions})::int as conceptions
  from ${itemServiceTotals}
  join ${inventoryItems} on ${inventoryItems.id} = ${itemServiceTotals.inventoryItemId}
  left join ${itemGenetics} on ${itemGenetics.inventoryItemId} = ${inventoryItems.id}
  group by 1`;
