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

/**
 * The totals behind the rate of the item in the enclosing query's row, as a lateral join: the same rule as
 * `fertilityKey` (a semen item with a registration its bull's, every item with that registration; anything
 * else its own), written so each arm reads its rows through an index for one row at a time.
 */
export const fertilityOfRow = sql`lateral (select coalesce(sum(x.services), 0)::int as services,
    coalesce(sum(x.conceptions), 0)::int as conceptions
  from (
    select t.services, t.conceptions from item_genetics g2
      join inventory_items i2 on i2.id = g2.inventory_item_id and i2.type = 'sperm'
      join item_service_totals t on t.inventory_item_id = g2.inventory_item_id
    where ${inventoryItems.type} = 'sperm' and g2.registration = ${itemGenetics.registration}
    union all
    select t.services, t.conceptions from item_service_totals t
    where t.inventory_item_id = ${inventoryItems.id}
      and not (${inventoryItems.type} = 'sperm' and ${itemGenetics.registration} is not null)
  ) x)`;
