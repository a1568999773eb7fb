import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  BatchOnSale,
  CatalogueBreed,
  CatalogueProduct,
  catalogueQuery,
  ProofSheet,
} from "../../../contract/catalogue";
import { fertilityOf, MIN_SERVICES_FOR_RATE } from "../../../contract/genetics";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import {
  inventoryItems,
  itemGenetics,
  itemServiceTotals,
  stockBatches,
  stockPositions,
} from "../../db/schema";
import { notFound } from "../../errors";
import { containsPattern } from "../../http/search";
import { nairobiDate } from "../../time";
import { toShopProduct } from "../client/catalogue";
import { toInventoryItem } from "../inventory/service";
import { readThroughStock } from "../inventory/stock-cache";
import { fertilityKey, fertilityTotals } from "./fertility";

type Query = z.output<typeof catalogueQuery>;

/** On sale: active and viable (out of stock still shows, with Add disabled). */
const onSale = and(eq(inventoryItems.isActive, true), eq(inventoryItems.viabilityStatus, "viable"))!;

/**
 * What a farmer may call the item: its product name ("Boran Semen", as the cards show it) and its kind as
 * SPEC ("sperm"), the shop ("semen") or Kiswahili ("mbegu") says it.
 */
const nameWords = sql`${inventoryItems.breedName} || case when ${inventoryItems.type} = 'sperm'
  then ' Semen sperm mbegu' else ' Embryo kiinitete' end`;

function filtersOf(q: Query): SQL {
  const f: (SQL | undefined)[] = [onSale];
  if (q.type) f.push(eq(inventoryItems.type, q.type === "semen" ? "sperm" : "embryo"));
  if (q.category) f.push(sql`${inventoryItems.geneticData} ->> 'category' = ${q.category}`);
  if (q.inStock) f.push(sql`${inventoryItems.currentStock} > ${inventoryItems.reservedStock}`);
  if (q.breed) f.push(eq(inventoryItems.breedName, q.breed));
  if (q.semenType) f.push(eq(itemGenetics.semenType, q.semenType));
  if (q.milkMin !== undefined) f.push(gte(itemGenetics.milkKg, q.milkMin));
  if (q.fatPctMin !== undefined) f.push(gte(itemGenetics.fatPct, q.fatPctMin));
  if (q.calvingEaseMax !== undefined) f.push(lte(itemGenetics.calvingEasePct, q.calvingEaseMax));
  if (q.heatTolerance) f.push(sql`${itemGenetics.heatTolerance} >= ${q.heatTolerance}::tolerance_level`);
  if (q.reliabilityMin !== undefined) f.push(gte(itemGenetics.reliabilityPct, q.reliabilityMin));
  if (q.a2a2 !== undefined) f.push(eq(itemGenetics.a2a2, q.a2a2));
  if (q.polled !== undefined) f.push(eq(itemGenetics.polled, q.polled));
  if (q.region)
    f.push(
      sql`(${inventoryItems.geneticData} -> 'region_suitability') @> ${JSON.stringify([q.region])}::jsonb`,
    );
  if (q.priceMin !== undefined) f.push(gte(inventoryItems.costPerUnit, q.priceMin));
  if (q.priceMax !== undefined) f.push(lte(inventoryItems.costPerUnit, q.priceMax));
  if (q.ids) f.push(inArray(inventoryItems.id, q.ids));
  if (q.search) {
    const p = containsPattern(q.search);
    f.push(
      or(
        ilike(inventoryItems.breedName, p),
        ilike(inventoryItems.itemId, p),
        ilike(itemGenetics.bullName, p),
        ilike(itemGenetics.registration, p),
        ilike(inventoryItems.description, p),
        ilike(inventoryItems.descriptionSw, p),
        sql`${nameWords} ilike ${p}`,
      ),
    );
  }
  return and(...f)!;
}

const fertilityRate = sql`case when fert.services >= ${MIN_SERVICES_FOR_RATE} then fert.conceptions::float8 / fert.services end`;

function orderOf(sort: Query["sort"]): SQL[] {
  const byName = [asc(inventoryItems.breedName), asc(itemGenetics.bullName), asc(inventoryItems.itemId)];
  switch (sort) {
    case "price_asc":
      return [asc(inventoryItems.costPerUnit), ...byName];
    case "price_desc":
      return [desc(inventoryItems.costPerUnit), ...byName];
    case "index":
      return [sql`${itemGenetics.indexValue} desc nulls last`, ...byName];
    case "milk":
      return [sql`${itemGenetics.milkKg} desc nulls last`, ...byName];
    case "fertility":
      return [sql`${fertilityRate} desc nulls last`, sql`fert.services desc nulls last`, ...byName];
    case "calving_ease":
      return [sql`${itemGenetics.calvingEasePct} asc nulls last`, ...byName];
    case "gain":
      return [sql`${itemGenetics.dailyGainG} desc nulls last`, ...byName];
    case "hardiness":
      return [
        sql`${itemGenetics.heatTolerance} desc nulls last`,
        sql`${itemGenetics.tickResistance} desc nulls last`,
        ...byName,
      ];
    default:
      return byName;
  }
}

/**
 * The matching products in order, one page. Sorting by conception rate joins every product's rate; any
 * other sort leaves the rates to `ratesOf`, which reads them for the page alone. No window count here: it
 * would make the database sort every match in full instead of keeping the page's rows (top-N).
 */
function selectProducts(db: Db, where: SQL, sort: Query["sort"], limit: number, offset: number) {
  const byRate = sort === "fertility";
  const query = db
    .select({ item: inventoryItems, genetics: itemGenetics, key: fertilityKey })
    .from(inventoryItems)
    .leftJoin(itemGenetics, eq(itemGenetics.inventoryItemId, inventoryItems.id))
    .$dynamic();
  if (byRate) query.leftJoin(sql`(${fertilityTotals}) as fert`, sql`fert.key = ${fertilityKey}`);
  return query
    .where(where)
    .orderBy(...orderOf(sort))
    .limit(limit)
    .offset(offset);
}

type Row = Awaited<ReturnType<typeof selectProducts>>[number];
type Totals = { services: number; conceptions: number };

/** The rate each row shows (its bull's, or its lot's own), for the rows of one page only. */
async function ratesOf(db: Db, rows: Row[]): Promise<Map<string, Totals>> {
  const bulls = [
    ...new Set(rows.flatMap((r) => (r.key.startsWith("bull:") ? [r.genetics!.registration!] : []))),
  ];
  const lots = rows.filter((r) => r.key.startsWith("item:")).map((r) => r.item.id);
  if (rows.length === 0) return new Map();
  const totals = await db
    .select({
      key: fertilityKey,
      services: sql<number>`sum(${itemServiceTotals.services})::int`,
      conceptions: sql<number>`sum(${itemServiceTotals.conceptions})::int`,
    })
    .from(itemServiceTotals)
    .innerJoin(inventoryItems, eq(inventoryItems.id, itemServiceTotals.inventoryItemId))
    .leftJoin(itemGenetics, eq(itemGenetics.inventoryItemId, inventoryItems.id))
    .where(
      or(
        bulls.length
          ? and(eq(inventoryItems.type, "sperm"), inArray(itemGenetics.registration, bulls))
          : undefined,
        lots.length ? inArray(inventoryItems.id, lots) : undefined,
      ),
    )
    .groupBy(fertilityKey);
  const byKey = new Map(totals.map((t) => [t.key, t]));
  return new Map(rows.map((r) => [String(r.item.id), byKey.get(r.key) ?? { services: 0, conceptions: 0 }]));
}

function toCatalogueProduct(row: Row, totals: Totals | undefined): CatalogueProduct {
  const item = toInventoryItem(row.item, null, row.genetics);
  return {
    ...toShopProduct(item),
    category: item.geneticData.category,
    origin: item.geneticData.origin,
    acquiredFrom: item.acquiredFrom,
    expiryDate: item.expiryDate,
    breedingValue: item.geneticData.breeding_value ?? null,
    genetics: item.genetics,
    fertility: fertilityOf(totals?.conceptions ?? 0, totals?.services ?? 0),
  };
}

/**
 * One page of the catalogue for a search and how many products match it (counted only when the page is
 * full or past the end), then the page's rates; shared for a second by the same search, as the shop's list
 * is (stock and prices drop it at once).
 */
export function searchCatalogue(
  ctx: AppContext,
  q: Query,
): Promise<{ products: CatalogueProduct[]; total: number }> {
  return readThroughStock(ctx, `search:${JSON.stringify(q)}`, () => pageOf(ctx, q));
}

function pageOf(ctx: AppContext, q: Query): Promise<{ products: CatalogueProduct[]; total: number }> {
  return ctx.database.read(async (db) => {
    const rows = await selectProducts(db, filtersOf(q), q.sort, q.limit, q.offset);
    // A short page that has rows is the last one, so it says how many match; otherwise count them.
    let total = q.offset + rows.length;
    if (rows.length === q.limit || (rows.length === 0 && q.offset > 0)) {
      const [counted] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(inventoryItems)
        .leftJoin(itemGenetics, eq(itemGenetics.inventoryItemId, inventoryItems.id))
        .where(filtersOf(q));
      total = counted?.n ?? 0;
    }
    const rates = await ratesOf(db, rows);
    return { products: rows.map((r) => toCatalogueProduct(r, rates.get(String(r.item.id)))), total };
  });
}

/** A product's proof sheet: any active item, so staff can open it from the inventory too. */
export function getCatalogueProduct(ctx: AppContext, id: number): Promise<ProofSheet> {
  return readThroughStock(ctx, `product:${id}`, () => proofOf(ctx, id));
}

function proofOf(ctx: AppContext, id: number): Promise<ProofSheet> {
  return ctx.database.read(async (db) => {
    const [row] = await selectProducts(
      db,
      and(eq(inventoryItems.id, id), eq(inventoryItems.isActive, true))!,
      "name",
      1,
      0,
    );
    if (!row) throw notFound("Product");
    const product = toCatalogueProduct(row, (await ratesOf(db, [row])).get(String(row.item.id)));
    const batches = await batchesOnSale(db, id, nairobiDate(ctx.clock.now()));
    return row.item.viabilityStatus === "viable"
      ? { ...product, batches }
      : { ...product, inStock: 0, batches: [] };
  });
}

/** The breeds on sale with how many products each, for the breed filter. */
export function catalogueBreeds(ctx: AppContext): Promise<CatalogueBreed[]> {
  return ctx.database.read((db) =>
    db
      .select({ breed: inventoryItems.breedName, count: sql<number>`count(*)::int` })
      .from(inventoryItems)
      .where(onSale)
      .groupBy(inventoryItems.breedName)
      .orderBy(asc(inventoryItems.breedName)),
  );
}

/**
 * The batches a buyer would be sent from, soonest expiry first: not expired, and with straws in the store
 * that no order holds, or received and not placed anywhere yet.
 */
function batchesOnSale(db: Db, inventoryItemId: number, today: string): Promise<BatchOnSale[]> {
  return db
    .select({
      code: stockBatches.code,
      collectedOn: stockBatches.collectedOn,
      expiryDate: stockBatches.expiryDate,
      motilityPct: stockBatches.motilityPct,
    })
    .from(stockBatches)
    .leftJoin(stockPositions, eq(stockPositions.batchId, stockBatches.id))
    .where(
      and(
        eq(stockBatches.inventoryItemId, inventoryItemId),
        sql`(${stockBatches.expiryDate} is null or ${stockBatches.expiryDate} >= ${today}::date)`,
      ),
    )
    .groupBy(stockBatches.id)
    .having(
      sql`count(${stockPositions.id}) = 0 or sum(${stockPositions.count} - ${stockPositions.allocated}) > 0`,
    )
    .orderBy(sql`${stockBatches.expiryDate} asc nulls last`, asc(stockBatches.receivedAt));
}
