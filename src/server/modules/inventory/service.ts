import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { receiveBatchInputSchema } from "../../../contract/batches";
import { productName } from "../../../contract/client";
import type { InventoryStatus } from "../../../contract/dashboard";
import { toleranceLabels } from "../../../contract/genetics";
import {
  geneticDataSchema,
  type InventoryItem,
  type InventoryItemDetail,
  type InventorySummary,
  type inventoryItemInputSchema,
  type inventoryItemUpdateSchema,
  type inventoryListQuery,
  type reserveInputSchema,
} from "../../../contract/inventory";
import type { Order } from "../../../contract/orders";
import { can, type Role } from "../../../contract/roles";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import {
  canes,
  canisters,
  inventoryItems,
  itemGenetics,
  orders,
  stockMovements,
  stockPositions,
  storageUnits,
} from "../../db/schema";
import { conflict, forbidden, notFound, validationError } from "../../errors";
import { sortBy } from "../../http/list-sort";
import { countMatching } from "../../http/list-total";
import { containsPattern } from "../../http/search";
import { placeOrder } from "../orders/place";
import { toOrder } from "../orders/service";
import { batchesOf, createBatch } from "./batches";
import { pendingCountOf } from "./counts";
import { saveGenetics, toGenetics } from "./genetics";
import { availableStock, isLowStock } from "./low-stock";
import { placeStock } from "./positions";
import { receiveStock } from "./stock";
import { stockChanged } from "./stock-version";

type ItemRow = typeof inventoryItems.$inferSelect;
type GeneticsRow = typeof itemGenetics.$inferSelect;

/** geneticData is stored as JSON; older rows may hold it as a JSON string. */
function parseGeneticData(raw: unknown) {
  const value = typeof raw === "string" ? JSON.parse(raw) : raw;
  return geneticDataSchema.parse(value);
}

type Placement = InventoryItem["placement"];

export function toInventoryItem(
  row: ItemRow,
  storageUnit: string | null,
  genetics: GeneticsRow | null,
  placement: Placement = null,
): InventoryItem {
  return {
    id: row.id,
    itemId: row.itemId,
    type: row.type,
    breedName: row.breedName,
    acquiredFrom: row.acquiredFrom,
    viabilityStatus: row.viabilityStatus,
    currentStock: row.currentStock,
    reservedStock: row.reservedStock,
    availableStock: row.currentStock - row.reservedStock,
    storageLocation: row.storageLocation,
    storageUnit,
    storageUnitId: row.storageUnitId,
    placement,
    costPerUnit: row.costPerUnit,
    taxType: row.taxType,
    itemClassCode: row.itemClassCode,
    isActive: row.isActive,
    description: row.description,
    descriptionSw: row.descriptionSw,
    expiryDate: row.expiryDate,
    geneticData: parseGeneticData(row.geneticData),
    genetics: toGenetics(genetics),
  };
}

type ListQuery = z.output<typeof inventoryListQuery>;

function listFilters(query: Omit<ListQuery, "limit" | "offset">): SQL | undefined {
  const filters: SQL[] = [];
  if (!query.includeInactive) filters.push(eq(inventoryItems.isActive, true));
  if (query.type) filters.push(eq(inventoryItems.type, query.type));
  if (query.status) filters.push(eq(inventoryItems.viabilityStatus, query.status));
  if (query.category) filters.push(sql`${inventoryItems.geneticData}->>'category' = ${query.category}`);
  if (query.origin) filters.push(sql`${inventoryItems.geneticData}->>'origin' = ${query.origin}`);
  if (query.lowStock) filters.push(isLowStock);
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(
      or(
        ilike(inventoryItems.breedName, pattern),
        ilike(inventoryItems.itemId, pattern),
        ilike(inventoryItems.acquiredFrom, pattern),
      )!,
    );
  }
  return and(...filters);
}

/** An item's positions in one row: the first three cane labels, how many, the straws placed, the tank. */
const placementOf = sql<Placement | string>`(
  select json_build_object(
    'labels', coalesce((array_agg(distinct ${canes.label} order by ${canes.label}))[1:3], '{}'),
    'positions', count(distinct ${canes.id}),
    'placed', coalesce(sum(${stockPositions.count}), 0),
    'tank', min(${storageUnits.name}))
  from ${stockPositions}
  join ${canes} on ${canes.id} = ${stockPositions.caneId}
  join ${canisters} on ${canisters.id} = ${canes.canisterId}
  join ${storageUnits} on ${storageUnits.id} = ${canisters.storageUnitId}
  where ${stockPositions.inventoryItemId} = ${inventoryItems.id})`;

const inventorySortColumns = {
  itemId: inventoryItems.itemId,
  breedName: inventoryItems.breedName,
  currentStock: inventoryItems.currentStock,
  costPerUnit: inventoryItems.costPerUnit,
  expiryDate: inventoryItems.expiryDate,
};
const byItemId = { sort: "itemId", order: "asc" } as const;

async function selectItems(
  db: Db,
  where: SQL | undefined,
  limit: number,
  offset: number,
  sort: Pick<ListQuery, "sort" | "order"> = byItemId,
) {
  const rows = await db
    .select({ item: inventoryItems, unit: storageUnits.name, genetics: itemGenetics, placement: placementOf })
    .from(inventoryItems)
    .leftJoin(storageUnits, eq(storageUnits.id, inventoryItems.storageUnitId))
    .leftJoin(itemGenetics, eq(itemGenetics.inventoryItemId, inventoryItems.id))
    .where(where)
    .orderBy(...sortBy(inventorySortColumns, sort, inventoryItems.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ item, unit, genetics, placement }) =>
    toInventoryItem(item, unit, genetics, typeof placement === "string" ? JSON.parse(placement) : placement),
  );
}

export function listInventory(ctx: AppContext, query: ListQuery): Promise<InventoryItem[]> {
  return ctx.database.read((db) => selectItems(db, listFilters(query), query.limit, query.offset, query));
}

export const countInventory = (ctx: AppContext, query: ListQuery) =>
  countMatching(ctx, inventoryItems, listFilters(query), { search: Boolean(query.search) });

/** The summary cards over the same filters as the list. */
export function inventorySummary(ctx: AppContext, query: ListQuery): Promise<InventorySummary> {
  return ctx.database.read(async (db) => {
    const [row] = await db
      .select({
        totalEmbryos: sql<string>`coalesce(sum(${inventoryItems.currentStock}) filter (where ${inventoryItems.type} = 'embryo'), 0)`,
        totalSpermDoses: sql<string>`coalesce(sum(${inventoryItems.currentStock}) filter (where ${inventoryItems.type} = 'sperm'), 0)`,
        viableItems: sql<string>`count(*) filter (where ${inventoryItems.viabilityStatus} = 'viable')`,
        storageUnits: sql<string>`count(distinct ${inventoryItems.storageUnitId})`,
      })
      .from(inventoryItems)
      .where(listFilters(query));
    return {
      totalEmbryos: Number(row!.totalEmbryos),
      totalSpermDoses: Number(row!.totalSpermDoses),
      viableItems: Number(row!.viableItems),
      storageUnits: Number(row!.storageUnits),
    };
  });
}

/** Dashboard: units available to sell by type, and how many sellable items run low. */
export function inventoryStatus(ctx: AppContext): Promise<InventoryStatus> {
  return ctx.database.read(async (db) => {
    const [row] = await db
      .select({
        embryos: sql<string>`coalesce(sum(${availableStock}) filter (where ${inventoryItems.type} = 'embryo'), 0)`,
        sperm: sql<string>`coalesce(sum(${availableStock}) filter (where ${inventoryItems.type} = 'sperm'), 0)`,
        lowStock: sql<string>`count(*) filter (where ${isLowStock})`,
      })
      .from(inventoryItems)
      .where(and(eq(inventoryItems.isActive, true), eq(inventoryItems.viabilityStatus, "viable")));
    return { embryos: Number(row!.embryos), sperm: Number(row!.sperm), lowStock: Number(row!.lowStock) };
  });
}

export async function loadItem(db: Db, where: SQL): Promise<InventoryItem> {
  const [item] = await selectItems(db, where, 1, 0);
  if (!item) throw notFound("Inventory item");
  return item;
}

export function getInventoryItem(ctx: AppContext, id: number): Promise<InventoryItemDetail> {
  return ctx.database.read((db) => itemDetail(db, id, ctx.clock.now()));
}

/** An item with its batches and its latest stock movements. */
async function itemDetail(db: Db, id: number, now: Date): Promise<InventoryItemDetail> {
  const item = await loadItem(db, eq(inventoryItems.id, id));
  const movements = await db
    .select({ m: stockMovements, orderNumber: orders.orderNumber })
    .from(stockMovements)
    .leftJoin(orders, eq(orders.id, stockMovements.orderId))
    .where(eq(stockMovements.inventoryItemId, id))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(200);
  return {
    ...item,
    batches: await batchesOf(db, id, now),
    pendingCount: await pendingCountOf(db, id),
    movements: movements.map(({ m, orderNumber }) => ({
      id: m.id,
      kind: m.kind,
      stockDelta: m.stockDelta,
      reservedDelta: m.reservedDelta,
      note: m.note,
      orderNumber,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/**
 * A new batch of an item received into stock: the batch, a receipt of its units, its straws placed where
 * given (the rest wait unplaced), and the item's expiry moved to the batch's when that is later.
 */
export function receiveBatch(
  ctx: AppContext,
  id: number,
  input: z.output<typeof receiveBatchInputSchema>,
  actorUserId: number,
): Promise<InventoryItemDetail> {
  return ctx.database.tx(async (db) => {
    const now = ctx.clock.now();
    const [item] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, id)).for("update");
    if (!item) throw notFound("Inventory item");
    const batch = await createBatch(db, id, input.batch, now);
    const note = `Batch ${batch.code} received${input.note ? `: ${input.note}` : ""}`;
    await receiveStock(db, id, { quantity: input.count, note }, { actorUserId, now });
    if (batch.expiryDate && (!item.expiryDate || batch.expiryDate > item.expiryDate)) {
      await db.update(inventoryItems).set({ expiryDate: batch.expiryDate }).where(eq(inventoryItems.id, id));
    }
    const positions = (input.positions ?? []).map((p) => ({ ...p, batchId: batch.id }));
    if (positions.length > 0) await placeStock(db, id, positions, { now, allowMixing: input.allowMixing });
    return itemDetail(db, id, now);
  });
}

/** Finds an item by the code on its straw/tank label (the item ID), for the QR scanner. */
export function findInventoryByCode(ctx: AppContext, code: string): Promise<InventoryItem> {
  return ctx.database.read((db) =>
    loadItem(db, eq(sql`upper(${inventoryItems.itemId})`, code.trim().toUpperCase())),
  );
}

export function createInventoryItem(
  ctx: AppContext,
  input: z.output<typeof inventoryItemInputSchema>,
  actorUserId: number,
): Promise<InventoryItem> {
  return ctx.database.tx(async (db) => {
    const [clash] = await db
      .select({ id: inventoryItems.id })
      .from(inventoryItems)
      .where(eq(inventoryItems.itemId, input.itemId));
    if (clash) throw conflict(`An item with ID ${input.itemId} already exists`);
    await checkStorageUnit(db, input.storageUnitId);
    const now = ctx.clock.now();
    stockChanged();
    const [row] = await db
      .insert(inventoryItems)
      .values({
        itemId: input.itemId,
        type: input.type,
        currentStock: input.currentStock,
        ...detailsOf(input),
        // New semen is exempt unless said otherwise; an embryo waits for a Director.
        taxType: input.taxType ?? (input.type === "sperm" ? "A" : null),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await db.insert(stockMovements).values({
      inventoryItemId: row!.id,
      kind: "receipt",
      stockDelta: input.currentStock,
      note: `Received from ${input.acquiredFrom}`,
      actorUserId,
      createdAt: now,
    });
    await saveGenetics(db, row!.id, input.genetics);
    await createBatch(db, row!.id, input.batch ?? { code: "L1", expiryDate: input.expiryDate }, now);
    if (input.positions?.length) await placeStock(db, row!.id, input.positions, { now });
    return loadItem(db, eq(inventoryItems.id, row!.id));
  });
}

/**
 * The columns an item's editable details fill, on receipt and on correction alike. SPEC's readable
 * heat_tolerance follows the typed level when one is given, so the two never disagree.
 */
const detailsOf = (input: z.output<typeof inventoryItemUpdateSchema>) => ({
  breedName: input.breedName,
  acquiredFrom: input.acquiredFrom,
  costPerUnit: input.costPerUnit,
  storageLocation: input.storageLocation,
  storageUnitId: input.storageUnitId ?? null,
  expiryDate: input.expiryDate ?? null,
  description: input.description ?? null,
  ...(input.descriptionSw !== undefined && { descriptionSw: input.descriptionSw }),
  ...(input.taxType !== undefined && { taxType: input.taxType }),
  ...(input.itemClassCode !== undefined && { itemClassCode: input.itemClassCode || null }),
  geneticData: input.genetics?.heatTolerance
    ? { ...input.geneticData, heat_tolerance: toleranceLabels[input.genetics.heatTolerance] }
    : input.geneticData,
});

async function checkStorageUnit(db: Db, storageUnitId: number | null | undefined): Promise<void> {
  if (!storageUnitId) return;
  const [unit] = await db
    .select({ id: storageUnits.id })
    .from(storageUnits)
    .where(eq(storageUnits.id, storageUnitId));
  if (!unit)
    throw validationError("Unknown storage unit", { storageUnitId: "Choose an existing storage unit" });
}

/**
 * Corrects an item's details (breed, supplier, price, tax type, storage, expiry, genetics); its stock is not
 * touched. Its list price and tax type change only with the `pricing` permission (Directors).
 */
export function updateInventoryItem(
  ctx: AppContext,
  id: number,
  input: z.output<typeof inventoryItemUpdateSchema>,
  actor: { role: Role },
): Promise<InventoryItem> {
  return ctx.database.tx(async (db) => {
    const [current] = await db
      .select({ costPerUnit: inventoryItems.costPerUnit, taxType: inventoryItems.taxType })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, id));
    if (!current) throw notFound("Inventory item");
    if (input.costPerUnit !== current.costPerUnit && !can(actor.role, "pricing")) {
      throw forbidden("Only a Director may change a list price");
    }
    // What KRA is told the sale is taxed at is a Director's call, like the price.
    if (input.taxType !== undefined && input.taxType !== current.taxType && !can(actor.role, "pricing")) {
      throw forbidden("Only a Director may change an item's tax type");
    }
    await checkStorageUnit(db, input.storageUnitId);
    stockChanged();
    const [row] = await db
      .update(inventoryItems)
      .set({ ...detailsOf(input), updatedAt: ctx.clock.now() })
      .where(eq(inventoryItems.id, id))
      .returning({ id: inventoryItems.id });
    if (!row) throw notFound("Inventory item");
    if (input.genetics) await saveGenetics(db, id, input.genetics);
    return loadItem(db, eq(inventoryItems.id, id));
  });
}

/** Holds stock for a named customer as a pending order of that item, so it follows the order's life. */
export function reserveForCustomer(
  ctx: AppContext,
  id: number,
  input: z.output<typeof reserveInputSchema>,
  actorUserId: number,
): Promise<{ order: Order; item: InventoryItem }> {
  return ctx.database.tx(async (db) => {
    const now = ctx.clock.now();
    const item = await loadItem(db, eq(inventoryItems.id, id));
    const { last } = await placeOrder(db, now, {
      buyer: { kind: "customer", customerId: input.customerId, customerName: input.customerName },
      products: [{ id: item.id, quantity: input.quantity }],
      notForSale: () => conflict(`${productName(item)} (${item.itemId}) is not available for sale`),
      notes: input.notes || `Reserved from inventory (${item.itemId})`,
      createdBy: actorUserId,
    });
    const order = await last;
    return { order: toOrder(order), item: await loadItem(db, eq(inventoryItems.id, id)) };
  });
}

export async function* inventoryCsvRows(ctx: AppContext, query: ListQuery): AsyncGenerator<InventoryItem[]> {
  const pageSize = 500;
  for (let offset = 0; ; offset += pageSize) {
    const page = await ctx.database.read((db) =>
      selectItems(db, listFilters(query), pageSize, offset, query),
    );
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
  }
}
