import { and, eq, inArray, sql } from "drizzle-orm";
import type { CatalogueProduct } from "../../../contract/catalogue";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { inventoryItems, itemGenetics } from "../../db/schema";
import { toShopProduct } from "../client/catalogue";
import { toInventoryItem } from "../inventory/service";

/**
 * Which version of a product's two rows a statement saw: PostgreSQL gives every row version its own `xmin`
 * (the transaction that wrote it), so any change to the item, its stock or its genetics, by any instance,
 * reads as a new version. The catalogue's SQL reads only this beside each page's ids.
 */
export const rowVersion = sql<string>`${inventoryItems}.xmin::text || '/' || coalesce(${itemGenetics}.xmin::text, '')`;

/** A product as its rows say, without its conception rate, which the search reads live. */
export type ProductDetails = Omit<CatalogueProduct, "fertility">;

interface Kept {
  version: string;
  details: ProductDetails;
}

/** More than any catalogue holds today; past it the product read longest ago goes. */
const MAX_PRODUCTS = 20_000;
const kept = new WeakMap<AppContext["database"], Map<number, Kept>>();

/**
 * The products of a page, in the page's order, each as its rows stood at `version`. Searches that differ
 * share most of their products, and reading ~60 columns per product out of PGlite cost more than finding
 * the page, so a product is read whole only when its rows changed since this instance last read it.
 */
export async function productsAt<Row extends { id: number; version: string }>(
  ctx: AppContext,
  db: Db,
  page: readonly Row[],
): Promise<{ row: Row; details: ProductDetails }[]> {
  const cache = kept.get(ctx.database) ?? new Map<number, Kept>();
  kept.set(ctx.database, cache);
  const stale = page.filter((p) => cache.get(p.id)?.version !== p.version).map((p) => p.id);
  if (stale.length > 0) {
    for (const row of await wholeRows(db, stale)) {
      cache.delete(row.item.id);
      cache.set(row.item.id, { version: row.version, details: toDetails(row) });
    }
    while (cache.size > MAX_PRODUCTS) cache.delete(cache.keys().next().value!);
  }
  // A product deleted between the two reads is left out, as the next search would.
  return page.flatMap((p) => {
    const hit = cache.get(p.id);
    return hit ? [{ row: p, details: hit.details }] : [];
  });
}

/**
 * The rows behind products, with the version read: on PostgreSQL a change may land between the page and
 * this read, and then the newer rows are the ones kept and shown.
 */
const wholeRows = (db: Db, ids: number[]) =>
  db
    .select({ item: inventoryItems, genetics: itemGenetics, version: rowVersion })
    .from(inventoryItems)
    // The ids on both sides: with them on one only, PGlite's planner hashed every genetics row for a page.
    .leftJoin(
      itemGenetics,
      and(eq(itemGenetics.inventoryItemId, inventoryItems.id), inArray(itemGenetics.inventoryItemId, ids)),
    )
    .where(inArray(inventoryItems.id, ids));

function toDetails(row: Awaited<ReturnType<typeof wholeRows>>[number]): ProductDetails {
  const item = toInventoryItem(row.item, null, row.genetics);
  return {
    ...toShopProduct(item),
    category: item.geneticData.category,
    origin: item.geneticData.origin,
    acquiredFrom: item.acquiredFrom,
    expiryDate: item.expiryDate,
    breedingValue: item.geneticData.breeding_value ?? null,
    genetics: item.genetics,
  };
}
