import { and, eq, sql } from "drizzle-orm";
import { LOW_STOCK_THRESHOLD } from "../../../contract/inventory";
import { prepared } from "../../db/adapter";
import { inventoryItems } from "../../db/schema";

/** Units on hand that no order holds. */
export const availableStock = sql`(${inventoryItems.currentStock} - ${inventoryItems.reservedStock})`;

/**
 * The one definition of low stock, for every screen that counts it (dashboard, inventory filter, reports):
 * an active, viable item with at most LOW_STOCK_THRESHOLD units available. Expired or compromised stock is
 * not "low", it is not for sale at all. The web's `isLowStock` (contract) says the same for one item.
 */
export const isLowStock = and(
  eq(inventoryItems.isActive, true),
  eq(inventoryItems.viabilityStatus, "viable"),
  sql`${availableStock} <= ${LOW_STOCK_THRESHOLD}`,
)!;

/**
 * The low items themselves, fewest available first: for the inventory report and the daily digest. Prepared:
 * on PGlite, planning it asked the size of each of the items' fifteen indexes, three times its running cost.
 */
export const lowStockItems = prepared<
  Record<string, never>,
  { itemId: string; breedName: string; available: number }
>(
  "low_stock_items",
  () => sql`select ${inventoryItems.itemId} as "itemId", ${inventoryItems.breedName} as "breedName",
      ${availableStock}::int as available
    from ${inventoryItems} where ${isLowStock}
    order by ${availableStock}, ${inventoryItems.itemId}`,
);
