import { sql } from "drizzle-orm";
import { breedingRecords, inventoryItems, itemGenetics } from "../../db/schema";
import { conceived, knownOutcome } from "../breeding/outcomes";

/**
 * Whose rate an item shows: a semen item its bull's (every item with his registration, sexed and
 * conventional), an embryo lot its own. The same expression groups the services and finds an item's row.
 */
export const fertilityKey = sql<string>`case when ${inventoryItems.type} = 'sperm' and ${itemGenetics.registration} is not null
  then 'bull:' || ${itemGenetics.registration} else 'item:' || ${inventoryItems.id} end`;

/** Services and conceptions per fertility key, from the breeding records that used our straws or embryos. */
export const fertilityTotals = sql`select ${fertilityKey} as key,
    count(*) filter (where ${knownOutcome})::int as services,
    count(*) filter (where ${conceived})::int as conceptions
  from ${breedingRecords}
  join ${inventoryItems} on ${inventoryItems.id} = ${breedingRecords.inventoryItemId}
  left join ${itemGenetics} on ${itemGenetics.inventoryItemId} = ${inventoryItems.id}
  where ${breedingRecords.inventoryItemId} is not null
  group by 1`;
