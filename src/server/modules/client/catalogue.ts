import { and, asc, eq, inArray } from "drizzle-orm";
import { type CatalogItem, productName, type ShopProduct } from "../../../contract/client";
import { categoryLabels, type InventoryItem } from "../../../contract/inventory";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { inventoryItems } from "../../db/schema";
import { toInventoryItem } from "../inventory/service";

/** What clients may buy: active, viable items, in the order of the catalogue. */
const sellable = and(eq(inventoryItems.isActive, true), eq(inventoryItems.viabilityStatus, "viable"));

export async function sellableItems(db: Db, ids?: number[]): Promise<InventoryItem[]> {
  const rows = await db
    .select()
    .from(inventoryItems)
    .where(ids ? and(sellable, inArray(inventoryItems.id, ids)) : sellable)
    .orderBy(asc(inventoryItems.breedName), asc(inventoryItems.itemId))
    .limit(500);
  return rows.map((r) => toInventoryItem(r, null));
}

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
    features: features(item),
    inStock: item.availableStock,
    regionSuitability: item.geneticData.region_suitability,
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

export const listShopProducts = (ctx: AppContext) =>
  ctx.database.read(async (db) => (await sellableItems(db)).map(toShopProduct));

export const listCatalog = (ctx: AppContext) =>
  ctx.database.read(async (db) => (await sellableItems(db)).map(toCatalogItem));
