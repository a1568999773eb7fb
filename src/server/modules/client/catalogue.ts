import { and, asc, eq, inArray } from "drizzle-orm";
import { type CatalogItem, productName, type ShopProduct } from "../../../contract/client";
import { categoryLabels, type InventoryItem } from "../../../contract/inventory";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { inventoryItems, itemGenetics } from "../../db/schema";
import { toInventoryItem } from "../inventory/service";
import { stockVersion } from "../inventory/stock-version";

/** What clients may buy: active, viable items, in the order of the catalogue. */
const sellable = and(eq(inventoryItems.isActive, true), eq(inventoryItems.viabilityStatus, "viable"));

export async function sellableItems(db: Db, ids?: number[]): Promise<InventoryItem[]> {
  const rows = await db
    .select({ item: inventoryItems, genetics: itemGenetics })
    .from(inventoryItems)
    .leftJoin(itemGenetics, eq(itemGenetics.inventoryItemId, inventoryItems.id))
    .where(ids ? and(sellable, inArray(inventoryItems.id, ids)) : sellable)
    .orderBy(asc(inventoryItems.breedName), asc(inventoryItems.itemId));
  return rows.map((r) => toInventoryItem(r.item, null, r.genetics));
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

/**
 * How long an instance may show the catalogue it read: every shop visit reads it, and a database trip per
 * visit costs most of the request. Changes made through this instance drop the copy at once (the stock
 * version); another instance's changes show within this time. Ordering always checks live stock.
 */
export const CATALOGUE_TTL_MS = 1000;

interface Cached {
  version: number;
  readAt: number;
  items: Promise<{ products: ShopProduct[]; catalog: CatalogItem[] }>;
}
const cache = new WeakMap<AppContext["database"], Cached>();

function sellableNow(ctx: AppContext) {
  const now = Date.now();
  const hit = cache.get(ctx.database);
  if (hit && hit.version === stockVersion() && now - hit.readAt < CATALOGUE_TTL_MS) return hit.items;
  // The version is taken before the read: a change committed meanwhile makes the next request read again.
  const entry: Cached = {
    version: stockVersion(),
    readAt: now,
    items: ctx.database.read(async (db) => {
      const items = await sellableItems(db);
      return { products: items.map(toShopProduct), catalog: items.map(toCatalogItem) };
    }),
  };
  cache.set(ctx.database, entry);
  // A failed read is not kept: the next request tries the database again.
  entry.items.catch(() => cache.get(ctx.database) === entry && cache.delete(ctx.database));
  return entry.items;
}

export const listShopProducts = async (ctx: AppContext) => (await sellableNow(ctx)).products;

export const listCatalog = async (ctx: AppContext) => (await sellableNow(ctx)).catalog;
