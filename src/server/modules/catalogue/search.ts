import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
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
import type { Db } from "../../db/adapter";
import { inventoryItems, itemGenetics, stockBatches, stockPositions } from "../../db/schema";
import { notFound } from "../../errors";
import { containsPattern } from "../../http/search";
import { batchUsable } from "../inventory/batches";
import { readThroughStock } from "../inventory/stock-cache";
import { productsAt, rowVersion } from "./product-rows";

type Query = z.output<typeof catalogueQuery>;

/** On sale: active and viable (out of stock still shows, with Add disabled). */
const onSale = and(eq(inventoryItems.isActive, true), eq(inventoryItems.viabilityStatus, "viable"))!;

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
    // The item's words include its bull's (migration 0030): one column, answered by its trigram index.
    f.push(sql`${inventoryItems.searchWords} like ${containsPattern(q.search).toLowerCase()}`);
  }
  return and(...f)!;
}

/** As the index `inventory_items_on_sale_fertility_idx` writes it, so the sort walks that index. */
const fertilityRate = sql`(case when ${inventoryItems.fertilityServices} >= ${sql.raw(String(MIN_SERVICES_FOR_RATE))}
  then ${inventoryItems.fertilityConceptions}::float8 / ${inventoryItems.fertilityServices} end)`;

function orderOf(sort: Query["sort"]): SQL[] {
  const byName = [asc(inventoryItems.breedName), asc(inventoryItems.bullName), asc(inventoryItems.itemId)];
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
      return [
        sql`${fertilityRate} desc nulls last`,
        // "nulls last" (there are none) only so the order is the index's, letter for letter.
        sql`${inventoryItems.fertilityServices} desc nulls last`,
        ...byName,
      ];
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
 * The ids of one page of matching products, in order: no window count, so the database keeps only the
 * page's rows (top-N, or an on-sale index walked in order: by name, or by conception rate).
 */
function pageOf(db: Db, where: SQL, sort: Query["sort"], limit: number, offset: number) {
  return db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .leftJoin(itemGenetics, eq(itemGenetics.inventoryItemId, inventoryItems.id))
    .where(where)
    .orderBy(...orderOf(sort))
    .limit(limit)
    .offset(offset);
}

/** How many products match `where`: read beside a page, or on its own. */
const countOf = (db: Db, where: SQL) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(inventoryItems)
    .leftJoin(itemGenetics, eq(itemGenetics.inventoryItemId, inventoryItems.id))
    .where(where);

/**
 * One page in order: each product's id, the version of its rows and the totals behind its conception rate,
 * in one statement. The page is chosen on narrow rows; the products themselves come from `productsAt`.
 * With `count`, a full page's rows also carry how many products match (computed once), which saves a
 * second statement.
 */
function selectPage(db: Db, where: SQL, sort: Query["sort"], limit: number, offset: number, count = false) {
  const page = pageOf(db, where, sort, limit, offset).as("page");
  return db
    .select({
      id: inventoryItems.id,
      version: rowVersion,
      viabilityStatus: inventoryItems.viabilityStatus,
      services: inventoryItems.fertilityServices,
      conceptions: inventoryItems.fertilityConceptions,
      confirmed: inventoryItems.fertilityConfirmed,
      reported: inventoryItems.fertilityReported,
      // A short page is the last one and says how many match by itself; the count (an init plan, run only
      // when the CASE reaches it) is for a full page.
      matching: count
        ? sql<number | null>`case when count(*) over () < ${limit} then null else (${countOf(db, where)}) end`
        : sql<null>`null::int`,
    })
    .from(page)
    .innerJoin(inventoryItems, eq(inventoryItems.id, page.id))
    .leftJoin(itemGenetics, eq(itemGenetics.inventoryItemId, inventoryItems.id))
    .orderBy(...orderOf(sort));
}

type PageRow = Awaited<ReturnType<typeof selectPage>>[number];

/** A page's products, each with its rate. */
async function productsOf(ctx: AppContext, db: Db, page: PageRow[]): Promise<CatalogueProduct[]> {
  return (await productsAt(ctx, db, page)).map(({ row, details }) => ({
    ...details,
    fertility: fertilityOf(row.conceptions, row.services, row),
  }));
}

/**
 * One page of the catalogue for a search and how many products match it, each with its rate; shared for a
 * second by the same search, as the shop's list is (stock and prices drop it at once).
 */
export function searchCatalogue(
  ctx: AppContext,
  q: Query,
): Promise<{ products: CatalogueProduct[]; total: number }> {
  return readThroughStock(ctx, `search:${JSON.stringify(q)}`, () => searchOf(ctx, q));
}

function searchOf(ctx: AppContext, q: Query): Promise<{ products: CatalogueProduct[]; total: number }> {
  return ctx.database.read(async (db) => {
    const where = filtersOf(q);
    const rows = await selectPage(db, where, q.sort, q.limit, q.offset, true);
    // A short page that has rows is the last one, so it says how many match; a full one carries the count.
    // Past the last page there is no row to carry it: only then is it read on its own.
    const total = rows[0]
      ? (rows[0].matching ?? q.offset + rows.length)
      : q.offset > 0
        ? ((await countOf(db, where))[0]?.n ?? 0)
        : 0;
    return { products: await productsOf(ctx, db, rows), total };
  });
}

/** A product's proof sheet: any active item, so staff can open it from the inventory too. */
export function getCatalogueProduct(ctx: AppContext, id: number): Promise<ProofSheet> {
  return readThroughStock(ctx, `product:${id}`, () => proofOf(ctx, id));
}

function proofOf(ctx: AppContext, id: number): Promise<ProofSheet> {
  return ctx.database.read(async (db) => {
    const page = await selectPage(
      db,
      and(eq(inventoryItems.id, id), eq(inventoryItems.isActive, true))!,
      "name",
      1,
      0,
    );
    const [product] = await productsOf(ctx, db, page);
    if (!product) throw notFound("Product");
    const batches = await batchesOnSale(db, id, ctx.clock.now());
    return page[0]?.viabilityStatus === "viable"
      ? { ...product, batches }
      : { ...product, inStock: 0, batches: [] };
  });
}

/** The breeds on sale with how many products each, for the breed filter. */
export function catalogueBreeds(ctx: AppContext): Promise<CatalogueBreed[]> {
  // Shared for a second like the searches: every shop visit and every USSD "Top bulls" reads it.
  return readThroughStock(ctx, "breeds", () => breedsOnSale(ctx));
}

function breedsOnSale(ctx: AppContext): Promise<CatalogueBreed[]> {
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
function batchesOnSale(db: Db, inventoryItemId: number, now: Date): Promise<BatchOnSale[]> {
  return db
    .select({
      code: stockBatches.code,
      collectedOn: stockBatches.collectedOn,
      expiryDate: stockBatches.expiryDate,
      motilityPct: stockBatches.motilityPct,
    })
    .from(stockBatches)
    .leftJoin(stockPositions, eq(stockPositions.batchId, stockBatches.id))
    .where(and(eq(stockBatches.inventoryItemId, inventoryItemId), batchUsable(now)))
    .groupBy(stockBatches.id)
    .having(
      sql`count(${stockPositions.id}) = 0 or sum(${stockPositions.count} - ${stockPositions.allocated}) > 0`,
    )
    .orderBy(sql`${stockBatches.expiryDate} asc nulls last`, asc(stockBatches.receivedAt));
}
