import { and, asc, eq, ilike, inArray, max, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import {
  type Canister,
  caneLabel,
  type canisterInputSchema,
  type ItemWhereabouts,
  type placementInputSchema,
  type TankMap,
  type Transfer,
  tankLabel,
  type transferInputSchema,
} from "../../../contract/cryo-store";
import { containerLabelPattern } from "../../../contract/store-labels";
import type { transferListQuery } from "../../../contract/tanks";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import {
  canes,
  canisters,
  inventoryItems,
  itemGenetics,
  stockBatches,
  stockPositions,
  stockTransfers,
  storageUnits,
  users,
} from "../../db/schema";
import { notFound, unprocessable } from "../../errors";
import { sortBy } from "../../http/list-sort";
import { containsPattern } from "../../http/search";
import { caneKindFor, placeStock, transferStock } from "../inventory/positions";
import type { UnitPage } from "./service";

/** Adds a canister with its canes or goblets, numbered after the tank's last one, each with its label. */
export function addCanister(ctx: AppContext, input: z.output<typeof canisterInputSchema>) {
  return ctx.database.tx(async (db) => {
    const [unit] = await db
      .select({ id: storageUnits.id })
      .from(storageUnits)
      .where(eq(storageUnits.id, input.storageUnitId))
      .for("update");
    if (!unit) throw unprocessable("Unknown storage unit", { storageUnitId: "Choose an existing tank" });
    const [last] = await db
      .select({ n: max(canisters.number) })
      .from(canisters)
      .where(eq(canisters.storageUnitId, unit.id));
    const number = (last?.n ?? 0) + 1;
    const [canister] = await db
      .insert(canisters)
      .values({ storageUnitId: unit.id, number, caneKind: input.caneKind, createdAt: ctx.clock.now() })
      .returning();
    await db.insert(canes).values(
      Array.from({ length: input.canes }, (_, i) => ({
        canisterId: canister!.id,
        position: i + 1,
        label: caneLabel(unit.id, number, i + 1),
        capacity: input.strawsPerCane,
      })),
    );
    const [map] = await loadMaps(db, { ids: [unit.id] });
    return map!;
  });
}

export function storeMap(ctx: AppContext, page: UnitPage): Promise<TankMap[]> {
  return ctx.database.read((db) => loadMaps(db, page));
}

/** Tanks with their canisters, canes and what each cane holds, in one query per page of tanks. */
async function loadMaps(db: Db, page: Partial<UnitPage> & { ids?: number[] }) {
  const units = await db
    .select()
    .from(storageUnits)
    .where(page.ids ? inArray(storageUnits.id, page.ids) : undefined)
    .orderBy(
      ...sortBy({ name: storageUnits.name }, { sort: "name", order: page.order ?? "asc" }, storageUnits.id),
    )
    .limit(page.limit ?? 100)
    .offset(page.offset ?? 0);
  if (units.length === 0) return [];
  const rows = await db
    .select({
      canister: canisters,
      cane: canes,
      position: stockPositions,
      itemId: inventoryItems.itemId,
      breedName: inventoryItems.breedName,
      batchCode: stockBatches.code,
    })
    .from(canisters)
    .innerJoin(canes, eq(canes.canisterId, canisters.id))
    .leftJoin(stockPositions, eq(stockPositions.caneId, canes.id))
    .leftJoin(inventoryItems, eq(inventoryItems.id, stockPositions.inventoryItemId))
    .leftJoin(stockBatches, eq(stockBatches.id, stockPositions.batchId))
    .where(
      inArray(
        canisters.storageUnitId,
        units.map((u) => u.id),
      ),
    )
    .orderBy(asc(canisters.number), asc(canes.position), asc(inventoryItems.itemId), asc(stockBatches.code));
  const canistersOf = new Map<number, Canister[]>();
  for (const row of rows) {
    const list = canistersOf.get(row.canister.storageUnitId) ?? [];
    canistersOf.set(row.canister.storageUnitId, list);
    let canister = list.find((c) => c.id === row.canister.id);
    if (!canister) {
      canister = {
        id: row.canister.id,
        number: row.canister.number,
        label: `${tankLabel(row.canister.storageUnitId)}-C${row.canister.number}`,
        caneKind: row.canister.caneKind,
        capacity: 0,
        filled: 0,
        canes: [],
      };
      list.push(canister);
    }
    let cane = canister.canes.find((c) => c.id === row.cane.id);
    if (!cane) {
      cane = {
        id: row.cane.id,
        label: row.cane.label,
        position: row.cane.position,
        capacity: row.cane.capacity,
        filled: 0,
        contents: [],
      };
      canister.canes.push(cane);
      canister.capacity += cane.capacity;
    }
    if (row.position && row.itemId) {
      cane.contents.push({
        inventoryItemId: row.position.inventoryItemId,
        itemId: row.itemId,
        breedName: row.breedName!,
        batchId: row.position.batchId,
        batchCode: row.batchCode!,
        count: row.position.count,
        allocated: row.position.allocated,
      });
      cane.filled += row.position.count;
      canister.filled += row.position.count;
    }
  }
  return units.map((u) => {
    const list = canistersOf.get(u.id) ?? [];
    return {
      id: u.id,
      name: u.name,
      label: tankLabel(u.id),
      unitType: u.unitType,
      location: u.location,
      capacity: list.reduce((sum, c) => sum + c.capacity, 0),
      filled: list.reduce((sum, c) => sum + c.filled, 0),
      canisters: list,
    };
  });
}

/**
 * Where an item's straws are: by item ID, breed, bull or sire name, or a label (a cane's, or a canister's
 * or tank's for everything on its canes), at most 20 items.
 */
export function locate(ctx: AppContext, q: string): Promise<ItemWhereabouts[]> {
  return ctx.database.read((db) => locateIn(db, q));
}

const itemColumns = {
  id: inventoryItems.id,
  itemId: inventoryItems.itemId,
  breedName: inventoryItems.breedName,
  currentStock: inventoryItems.currentStock,
  type: inventoryItems.type,
};
type LocatedItem = {
  id: number;
  itemId: string;
  breedName: string;
  currentStock: number;
  type: "sperm" | "embryo";
};

async function locateIn(db: Db, q: string): Promise<ItemWhereabouts[]> {
  const term = q.replace(/^where\s+is\s+/i, "").trim();
  const pattern = containsPattern(term);
  const items = await db
    .selectDistinct(itemColumns)
    .from(inventoryItems)
    .leftJoin(stockPositions, eq(stockPositions.inventoryItemId, inventoryItems.id))
    .leftJoin(canes, eq(canes.id, stockPositions.caneId))
    .leftJoin(itemGenetics, eq(itemGenetics.inventoryItemId, inventoryItems.id))
    .where(
      and(
        eq(inventoryItems.isActive, true),
        or(
          ilike(inventoryItems.itemId, pattern),
          ilike(inventoryItems.breedName, pattern),
          // The bull a straw is of, or an embryo's sire: how the store names what it holds.
          ilike(itemGenetics.bullName, pattern),
          ilike(itemGenetics.sireName, pattern),
          eq(sql`upper(${canes.label})`, term.toUpperCase()),
          // A tank's or canister's label (T1, T1-C3): everything on its canes.
          ...(containerLabelPattern.test(term) ? [ilike(canes.label, `${term}-%`)] : []),
        ),
      ),
    )
    .orderBy(asc(inventoryItems.itemId))
    .limit(20);
  return positionsOf(db, items);
}

async function positionsOf(db: Db, items: LocatedItem[]): Promise<ItemWhereabouts[]> {
  if (items.length === 0) return [];
  const positions = await db
    .select({
      inventoryItemId: stockPositions.inventoryItemId,
      caneId: canes.id,
      label: canes.label,
      batchId: stockPositions.batchId,
      batchCode: stockBatches.code,
      caneKind: canisters.caneKind,
      tankId: storageUnits.id,
      tankName: storageUnits.name,
      canister: canisters.number,
      count: stockPositions.count,
      allocated: stockPositions.allocated,
      receivedAt: stockPositions.receivedAt,
    })
    .from(stockPositions)
    .innerJoin(stockBatches, eq(stockBatches.id, stockPositions.batchId))
    .innerJoin(canes, eq(canes.id, stockPositions.caneId))
    .innerJoin(canisters, eq(canisters.id, canes.canisterId))
    .innerJoin(storageUnits, eq(storageUnits.id, canisters.storageUnitId))
    .where(
      inArray(
        stockPositions.inventoryItemId,
        items.map((i) => i.id),
      ),
    )
    .orderBy(asc(stockPositions.receivedAt), asc(canes.label));
  return items.map((item) => {
    const mine = positions.filter((p) => p.inventoryItemId === item.id);
    return {
      inventoryItemId: item.id,
      itemId: item.itemId,
      breedName: item.breedName,
      currentStock: item.currentStock,
      caneKind: caneKindFor(item.type),
      unplaced: item.currentStock - mine.reduce((sum, p) => sum + p.count, 0),
      positions: mine.map(({ inventoryItemId: _, receivedAt, ...p }) => ({
        ...p,
        receivedAt: receivedAt.toISOString(),
      })),
    };
  });
}

/** One item's positions by its id: a text search could miss it behind 20 other items containing its ID. */
async function whereabouts(db: Db, inventoryItemId: number): Promise<ItemWhereabouts> {
  const items = await db
    .select(itemColumns)
    .from(inventoryItems)
    .where(eq(inventoryItems.id, inventoryItemId));
  if (items.length === 0) throw notFound("Inventory item");
  const [found] = await positionsOf(db, items);
  return found!;
}

export function placeItem(ctx: AppContext, input: z.output<typeof placementInputSchema>) {
  return ctx.database.tx(async (db) => {
    const placements = input.placements.map((p) => ({ ...p, batchId: p.batchId ?? input.batchId }));
    await placeStock(db, input.inventoryItemId, placements, {
      now: ctx.clock.now(),
      allowMixing: input.allowMixing,
    });
    return whereabouts(db, input.inventoryItemId);
  });
}

export function recordTransfer(
  ctx: AppContext,
  input: z.output<typeof transferInputSchema>,
  actorUserId: number,
) {
  return ctx.database.tx(async (db) => {
    await transferStock(db, input, { actorUserId, now: ctx.clock.now() });
    return whereabouts(db, input.inventoryItemId);
  });
}

export function listTransfers(
  ctx: AppContext,
  page: z.output<typeof transferListQuery>,
): Promise<Transfer[]> {
  const fromCane = alias(canes, "from_cane");
  const toCane = alias(canes, "to_cane");
  return ctx.database.read(async (db) => {
    const rows = await db
      .select({
        id: stockTransfers.id,
        itemId: inventoryItems.itemId,
        count: stockTransfers.count,
        from: fromCane.label,
        to: toCane.label,
        note: stockTransfers.note,
        movedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
        createdAt: stockTransfers.createdAt,
      })
      .from(stockTransfers)
      .innerJoin(inventoryItems, eq(inventoryItems.id, stockTransfers.inventoryItemId))
      .innerJoin(fromCane, eq(fromCane.id, stockTransfers.fromCaneId))
      .innerJoin(toCane, eq(toCane.id, stockTransfers.toCaneId))
      .leftJoin(users, eq(users.id, stockTransfers.actorUserId))
      .orderBy(...sortBy({ createdAt: stockTransfers.createdAt }, page, stockTransfers.id))
      .limit(page.limit)
      .offset(page.offset);
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  });
}
