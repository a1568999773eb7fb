import { and, asc, eq, sql } from "drizzle-orm";
import { type CatalogItem, productName, type ShopProduct } from "../../../contract/client";
import type { BullFacts } from "../../../contract/client-labels";
import { categoryLabels, type InventoryItem } from "../../../contract/inventory";
import type { AppContext } from "../../context";
import { type Db, prepared } from "../../db/adapter";
import { inventoryItems, itemGenetics } from "../../db/schema";
import { toInventoryItem } from "../inventory/service";
import { readThroughStock } from "../inventory/stock-cache";

/** What clients may buy: active, viable items, in the order of the catalogue. */
const sellable = and(eq(inventoryItems.isActive, true), eq(inventoryItems.viabilityStatus, "viable"));

export async function sellableItems(db: Db): Promise<InventoryItem[]> {
  const rows = await db
    .select({ item: inventoryItems, genetics: itemGenetics })
    .from(inventoryItems)
    .leftJoin(itemGenetics, eq(itemGenetics.inventoryItemId, inventoryItems.id))
    .where(sellable)
    .orderBy(asc(inventoryItems.breedName), asc(inventoryItems.itemId));
  return rows.map((r) => toInventoryItem(r.item, null, r.genetics));
}

/**
 * The sellable items among `ids`, with what an order line takes from them: its name, breed and price. Read
 * with every order, so no more columns than that.
 */
export const orderableItems = prepared<
  { ids: number[] },
  Pick<InventoryItem, "id" | "type" | "breedName" | "costPerUnit"> & Required<BullFacts>
>(
  "orderable_items",
  (p) => sql`select ${inventoryItems.id} as id, ${inventoryItems.type} as type,
      ${inventoryItems.breedName} as "breedName", ${inventoryItems.costPerUnit} as "costPerUnit",
      ${itemGenetics.bullName} as "bullName", ${itemGenetics.registration} as "bullCode",
      ${itemGenetics.semenType} as "semenType"
    from ${inventoryItems} left join ${itemGenetics} on ${itemGenetics.inventoryItemId} = ${inventoryItems.id}
    where ${sellable} and ${inventoryItems.id} = any(${p.ids}::int[])`,
);

function features(item: InventoryItem): string[] {
  const g = item.geneticData;
  return [
    g.milk_yield && `Milk yield ${g.milk_yield}`,
    g.heat_tolerance && `Heat tolerance: ${g.heat_tolerance}`,
    g.breeding_value !== undefined && `Breeding value ${g.breeding_value}/100`,
    g.weight_gain && `Weight gain ${g.weight_gain}`,
    `${categoryLabels[g.category]} genetics`,
  ].filter((f): f is string => typeof f === "string");
}

export function toShopProduct(item: InventoryItem): ShopProduct {
  return {
    id: item.id,
    itemId: item.itemId,
    name: productName(item),
    type: item.type === "embryo" ? "embryo" : "semen",
    breed: item.breedName,
    price: item.costPerUnit,
    currency: "KES",
    description: item.description ?? `${productName(item)} from ${item.acquiredFrom}`,
    descriptionSw: item.descriptionSw,
    features: features(item),
    inStock: item.availableStock,
    regionSuitability: item.geneticData.region_suitability,
    bullName: item.genetics.bullName ?? null,
    bullCode: item.genetics.registration ?? null,
    semenType: item.genetics.semenType ?? null,
  };
}

export function toCatalogItem(item: InventoryItem): CatalogItem {
  return {
    id: item.id,
    itemId: item.itemId,
    type: item.type,
    breedName: item.breedName,
    viabilityStatus: item.viabilityStatus,
    currentStock: item.availableStock,
    costPerUnit: item.costPerUnit,
  };
}

const sellableNow = (ctx: AppContext) =>
  readThroughStock(ctx, "shop", async () => {
    const items = await ctx.database.read((db) => sellableItems(db));
    return { products: items.map(toShopProduct), catalog: items.map(toCatalogItem) };
  });

export const listShopProducts = async (ctx: AppContext) => (await sellableNow(ctx)).products;

export const listCatalog = async (ctx: AppContext) => (await sellableNow(ctx)).catalog;
