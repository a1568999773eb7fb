import { and, asc, desc, eq, gt, inArray, isNull, ne, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { CaneKind, Placement } from "../../../contract/cryo-store";
import { openOrderStatuses } from "../../../contract/orders";
import { type Db, rowsOf } from "../../db/adapter";
import {
  canes,
  canisters,
  inventoryItems,
  orderLines,
  orderPicks,
  orders,
  stockBatches,
  stockPositions,
  stockTransfers,
} from "../../db/schema";
import { AppError, conflict, notFound, unprocessable } from "../../errors";
import { nairobiDate } from "../../time";
import { batchExpired, batchOf, batchUsable } from "./batches";

/**
 * Where straws sit: counts per item and cane, and the pick lists that promise them to orders. Called by
 * `stock.ts` inside the transaction that moves the item's stock, so a count and its positions never part.
 * Invariants: an item's placed straws never exceed its on-hand stock, and a position's allocated straws
 * never exceed its count (CHECK).
 */

const unknownCane = (field: string) =>
  unprocessable("Unknown position", { [field]: "Choose an existing cane or goblet" });

async function lockCane(db: Db, caneId: number, field: string) {
  const [cane] = await db.select().from(canes).where(eq(canes.id, caneId)).for("update");
  if (!cane) throw unknownCane(field);
  const [used] = await db
    .select({ n: sql<number>`coalesce(sum(${stockPositions.count}), 0)::int` })
    .from(stockPositions)
    .where(eq(stockPositions.caneId, caneId));
  return { ...cane, free: cane.capacity - used!.n };
}

/** The kind of position an item's straws go in: semen on a cane, embryos in a goblet. */
export const caneKindFor = (type: "sperm" | "embryo"): CaneKind => (type === "embryo" ? "goblet" : "cane");

type MisfitItem = { id: number; itemId: string; type: "sperm" | "embryo" };
type OtherItem = { itemId: string; breedName: string };

/** The refusal of straws at a position of the wrong kind (422): semen goes on a cane, embryos in a goblet. */
function wrongKind(cane: { label: string }, caneKind: CaneKind, item: MisfitItem, field: string) {
  if (caneKind === caneKindFor(item.type)) return null;
  const what = item.type === "embryo" ? "Embryos go in a goblet" : "Semen straws go on a cane";
  return unprocessable(`${cane.label} is a ${caneKind}: ${what.toLowerCase()}`, { [field]: what });
}

/** The refusal of a position that holds another item (409 MIXED_POSITION), unless mixing was confirmed. */
const mixedIn = (
  cane: { label: string },
  caneKind: CaneKind,
  item: MisfitItem,
  other: OtherItem,
  field: string,
) =>
  new AppError(
    "MIXED_POSITION",
    `${cane.label} already holds ${other.itemId} (${other.breedName}). Confirm to keep ${item.itemId} on the same ${caneKind}.`,
    { [field]: `Already holds ${other.itemId}` },
  );

/**
 * Refuses straws at a position of the wrong kind, and a position that already holds another item unless
 * mixing was confirmed: two bulls on one cane is how the wrong straw gets thawed.
 */
async function refuseMisfit(
  db: Db,
  cane: { id: number; label: string; canisterId: number },
  item: MisfitItem,
  allowMixing: boolean,
  field: string,
) {
  const [canister] = await db
    .select({ caneKind: canisters.caneKind })
    .from(canisters)
    .where(eq(canisters.id, cane.canisterId));
  const refusal = wrongKind(cane, canister!.caneKind, item, field);
  if (refusal) throw refusal;
  if (allowMixing) return;
  const [other] = await db
    .select({ itemId: inventoryItems.itemId, breedName: inventoryItems.breedName })
    .from(stockPositions)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockPositions.inventoryItemId))
    .where(and(eq(stockPositions.caneId, cane.id), ne(stockPositions.inventoryItemId, item.id)))
    .limit(1);
  if (other) throw mixedIn(cane, canister!.caneKind, item, other, field);
}

/**
 * The canes a placement names, locked in id order (so two placements never wait on each other crosswise),
 * each with its kind, its room and another item it holds: three statements for any number of canes.
 */
async function placementCanes(db: Db, caneIds: number[], inventoryItemId: number) {
  const locked = await db
    .select({
      id: canes.id,
      label: canes.label,
      capacity: canes.capacity,
      caneKind: canisters.caneKind,
    })
    .from(canes)
    .innerJoin(canisters, eq(canisters.id, canes.canisterId))
    .where(inArray(canes.id, caneIds))
    .orderBy(asc(canes.id))
    .for("update", { of: canes });
  const used = await db
    .select({ caneId: stockPositions.caneId, n: sql<number>`sum(${stockPositions.count})::int` })
    .from(stockPositions)
    .where(inArray(stockPositions.caneId, caneIds))
    .groupBy(stockPositions.caneId);
  const others = await db
    .selectDistinctOn([stockPositions.caneId], {
      caneId: stockPositions.caneId,
      itemId: inventoryItems.itemId,
      breedName: inventoryItems.breedName,
    })
    .from(stockPositions)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockPositions.inventoryItemId))
    .where(and(inArray(stockPositions.caneId, caneIds), ne(stockPositions.inventoryItemId, inventoryItemId)))
    .orderBy(asc(stockPositions.caneId), asc(stockPositions.id));
  const usedOn = new Map(used.map((u) => [u.caneId, u.n]));
  const otherOn = new Map(others.map((o) => [o.caneId, o]));
  return new Map(
    locked.map((cane) => [
      cane.id,
      { ...cane, free: cane.capacity - (usedOn.get(cane.id) ?? 0), other: otherOn.get(cane.id) },
    ]),
  );
}

async function placedCount(db: Db, inventoryItemId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${stockPositions.count}), 0)::int` })
    .from(stockPositions)
    .where(eq(stockPositions.inventoryItemId, inventoryItemId));
  return row!.n;
}

/** An item's positions with straws no pick list promises, locked, in receipt order. */
function freePositions(db: Db, inventoryItemId: number, order: "oldest first" | "newest first") {
  const by = order === "oldest first" ? asc : desc;
  return db
    .select()
    .from(stockPositions)
    .where(
      and(
        eq(stockPositions.inventoryItemId, inventoryItemId),
        gt(stockPositions.count, stockPositions.allocated),
      ),
    )
    .orderBy(by(stockPositions.receivedAt), by(stockPositions.id))
    .for("update");
}

/** Positions emptied by a move leave the map. */
async function dropEmpty(db: Db, inventoryItemIds: number[]) {
  if (inventoryItemIds.length === 0) return;
  await db
    .delete(stockPositions)
    .where(and(eq(stockPositions.count, 0), inArray(stockPositions.inventoryItemId, inventoryItemIds)));
}

/** A position's straws: of a batch, at a cane. */
type PositionCount = { inventoryItemId: number; batchId: number; caneId: number; count: number };

/**
 * Adds straws of batches at canes in one statement, keeping the oldest receipt date at each. One cane and
 * batch at most once in `rows`: one INSERT may not touch a row twice.
 */
async function addAt(db: Db, rows: PositionCount[], receivedAt: Date) {
  if (rows.length === 0) return;
  await db
    .insert(stockPositions)
    .values(rows.map((row) => ({ ...row, receivedAt })))
    .onConflictDoUpdate({
      target: [stockPositions.batchId, stockPositions.caneId],
      set: {
        count: sql`${stockPositions.count} + excluded.count`,
        receivedAt: sql`least(${stockPositions.receivedAt}, excluded.received_at)`,
      },
    });
}

/**
 * Puts unplaced straws of an item at canes (on receipt, or later), each placement of the batch it names or
 * the item's newest. 422 when the item has fewer unplaced units than asked, the batch is not the item's or
 * a position is of the wrong kind; 409 when a cane has no room, or holds another item and `allowMixing` is
 * not set. Then tops up the pick lists of orders still short.
 */
export async function placeStock(
  db: Db,
  inventoryItemId: number,
  placements: Placement[],
  context: { now: Date; allowMixing?: boolean },
): Promise<void> {
  const [item] = await db
    .select({
      id: inventoryItems.id,
      itemId: inventoryItems.itemId,
      type: inventoryItems.type,
      currentStock: inventoryItems.currentStock,
    })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, inventoryItemId))
    .for("update");
  if (!item) throw notFound("Inventory item");
  const unplaced = item.currentStock - (await placedCount(db, inventoryItemId));
  const asked = placements.reduce((sum, p) => sum + p.count, 0);
  if (asked > unplaced) {
    throw unprocessable(`${item.itemId} has ${unplaced} units not yet placed; ${asked} cannot be placed`, {
      positions: `At most ${unplaced} units can be placed`,
    });
  }
  const held = await placementCanes(db, [...new Set(placements.map((p) => p.caneId))], inventoryItemId);
  // Checked cane by cane in id order, as they were locked; written as one statement.
  const batchIds = new Map<number | undefined, number>();
  const rows = new Map<string, PositionCount>();
  for (const p of [...placements].sort((a, b) => a.caneId - b.caneId)) {
    const cane = held.get(p.caneId);
    if (!cane) throw unknownCane("caneId");
    if (cane.free < p.count) {
      throw conflict(
        `${cane.label} holds ${cane.capacity} straws and has room for ${cane.free}, not ${p.count}`,
      );
    }
    const refusal =
      wrongKind(cane, cane.caneKind, item, "caneId") ??
      (cane.other && !context.allowMixing ? mixedIn(cane, cane.caneKind, item, cane.other, "caneId") : null);
    if (refusal) throw refusal;
    const batchId = batchIds.get(p.batchId) ?? (await batchOf(db, inventoryItemId, p.batchId));
    batchIds.set(p.batchId, batchId);
    cane.free -= p.count;
    const key = `${batchId} ${p.caneId}`;
    const row = rows.get(key);
    if (row) row.count += p.count;
    else rows.set(key, { inventoryItemId, batchId, caneId: p.caneId, count: p.count });
  }
  await addAt(db, [...rows.values()], context.now);
  await allocateShortfalls(db, inventoryItemId, context.now);
}

/**
 * What a pick list is written with: the item, how many units, the order, the time (ISO) and its business day
 * (ISO date). Values, or placeholders for them in a prepared statement.
 */
export interface PickValues {
  item: number | Placeholder;
  quantity: number | Placeholder;
  orderId: number | Placeholder;
  at: string | Placeholder;
  day: string | Placeholder;
}

/** The time and business day a pick list written at `now` carries. */
export const pickTime = (now: Date): { at: string; day: string } => ({
  at: now.toISOString(),
  day: nairobiDate(now),
});

/**
 * The pick list for units an order reserves, as the CTEs of one statement ending in `picked` (the picks
 * written, with their counts): up to `quantity` free straws of the item, first expiry first (FEFO: the
 * batch that expires soonest, then the oldest receipt), never from an expired batch, promised to the order.
 * Units in no position stay off it until placed. It runs while the item's row is locked, so every round trip
 * here would hold up that item's other orders: the caller may put it in the statement that locks the row,
 * with `after` a condition on that lock (an uncorrelated subquery, so it runs, and locks, before any straw).
 */
export function pickCtes(pick: PickValues, after: SQL = sql`true`): SQL {
  const { item, quantity, orderId, at, day } = pick;
  return sql`locked as (
      select ${stockPositions.id} as id, ${stockPositions.batchId} as batch_id, ${stockPositions.caneId} as cane_id,
             ${stockPositions.receivedAt} as received_at, ${stockBatches.expiryDate} as expiry,
             ${stockPositions.count} - ${stockPositions.allocated} as free
      from ${stockPositions} join ${stockBatches} on ${stockBatches.id} = ${stockPositions.batchId}
      where ${stockPositions.inventoryItemId} = ${item}::int and ${stockPositions.count} > ${stockPositions.allocated}
        and ${batchUsable(day)} and ${after}
      for update of ${stockPositions}
    ), running as (
      select id, batch_id, cane_id, free,
             sum(free) over (order by expiry asc nulls last, received_at, id) - free as before
      from locked
    ), taken as (
      select id, batch_id, cane_id, least(free, ${quantity}::int - before)::int as n from running where before < ${quantity}::int
    ), promised as (
      update ${stockPositions} set allocated = ${stockPositions.allocated} + taken.n
      from taken where ${stockPositions.id} = taken.id
    ), picked as (
      insert into ${orderPicks} (order_id, inventory_item_id, batch_id, cane_id, count, created_at)
      select ${orderId}::int, ${item}::int, batch_id, cane_id, n, ${at}::timestamptz from taken
      returning count
    )`;
}

/** Picks up to `quantity` straws of an item whose row the caller has locked (pickCtes); returns how many. */
async function allocatePicks(
  db: Db,
  inventoryItemId: number,
  quantity: number,
  context: { orderId: number; now: Date },
): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with ${pickCtes({
      item: inventoryItemId,
      quantity,
      orderId: context.orderId,
      ...pickTime(context.now),
    })}
    select coalesce(sum(count), 0)::int as n from picked`,
  );
  return row!.n;
}

/** Orders holding more of the item than their pick lists cover get newly placed straws, oldest order first. */
async function allocateShortfalls(db: Db, inventoryItemId: number, now: Date): Promise<void> {
  const picked = db
    .select({
      orderId: orderPicks.orderId,
      n: sql<number>`sum(${orderPicks.count})`.as("n"),
    })
    .from(orderPicks)
    .where(eq(orderPicks.inventoryItemId, inventoryItemId))
    .groupBy(orderPicks.orderId)
    .as("picked");
  const short = await db
    .select({
      orderId: orderLines.orderId,
      missing: sql<number>`(sum(${orderLines.quantity}) - coalesce(max(${picked.n}), 0))::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(picked, eq(picked.orderId, orderLines.orderId))
    .where(
      and(eq(orderLines.inventoryItemId, inventoryItemId), inArray(orders.status, [...openOrderStatuses])),
    )
    .groupBy(orderLines.orderId)
    .having(sql`sum(${orderLines.quantity}) > coalesce(max(${picked.n}), 0)`)
    .orderBy(asc(orderLines.orderId));
  for (const order of short) {
    const got = await allocatePicks(db, inventoryItemId, order.missing, { orderId: order.orderId, now });
    if (got < order.missing) break;
  }
}

/**
 * Picks not yet shipped from batches that have expired since they were made go back on their canes, and
 * their orders are picked again first expiry first from unexpired straws (unconfirmed, so the ship guard
 * has the new straws scanned). Picks are claimed with SKIP LOCKED and each item's row is locked before its
 * straws, as order placement does, so instances may run this at once. Returns how many picks were renewed.
 */
export async function renewExpiredPicks(db: Db, now: Date, batch: number): Promise<number> {
  const due = await db
    .select({
      id: orderPicks.id,
      orderId: orderPicks.orderId,
      inventoryItemId: orderPicks.inventoryItemId,
      batchId: orderPicks.batchId,
      caneId: orderPicks.caneId,
      count: orderPicks.count,
    })
    .from(orderPicks)
    .innerJoin(stockBatches, eq(stockBatches.id, orderPicks.batchId))
    .where(and(isNull(orderPicks.dispatchedAt), batchExpired(now)))
    .orderBy(asc(orderPicks.inventoryItemId), asc(orderPicks.id))
    .limit(batch)
    .for("update", { of: orderPicks, skipLocked: true });
  let locked: number | null = null;
  for (const pick of due) {
    // The picks come item by item: each item's row is locked once.
    if (pick.inventoryItemId !== locked) {
      await db
        .select({ id: inventoryItems.id })
        .from(inventoryItems)
        .where(eq(inventoryItems.id, pick.inventoryItemId))
        .for("update");
      locked = pick.inventoryItemId;
    }
    await db.delete(orderPicks).where(eq(orderPicks.id, pick.id));
    await unpromise(db, pick);
    await allocatePicks(db, pick.inventoryItemId, pick.count, { orderId: pick.orderId, now });
  }
  return due.length;
}

/** A pick's straws are no longer promised: back on the shelf, or (`leaving`) off the cane with the shipment. */
async function unpromise(
  db: Db,
  pick: { batchId: number; caneId: number; count: number },
  leaving = false,
): Promise<void> {
  await db
    .update(stockPositions)
    .set({
      allocated: sql`${stockPositions.allocated} - ${pick.count}`,
      ...(leaving ? { count: sql`${stockPositions.count} - ${pick.count}` } : {}),
    })
    .where(and(eq(stockPositions.batchId, pick.batchId), eq(stockPositions.caneId, pick.caneId)));
}

/** An order no longer holds stock (cancelled, rejected, expired): its picks go back to the shelf. */
export async function releasePicks(db: Db, orderId: number): Promise<void> {
  const picks = await db
    .delete(orderPicks)
    .where(and(eq(orderPicks.orderId, orderId), isNull(orderPicks.dispatchedAt)))
    .returning();
  for (const pick of picks) await unpromise(db, pick);
}

/** The picked straws leave their canes with the shipment; emptied positions disappear from the map. */
export async function dispatchPicks(db: Db, orderId: number, now: Date): Promise<void> {
  const picks = await db
    .update(orderPicks)
    .set({ dispatchedAt: now })
    .where(and(eq(orderPicks.orderId, orderId), isNull(orderPicks.dispatchedAt)))
    .returning();
  for (const pick of picks) await unpromise(db, pick, true);
  await dropEmpty(db, [...new Set(picks.map((p) => p.inventoryItemId))]);
}

/**
 * Takes straws of one batch, or off one cane or canister (a write-off of an expired batch or a damaged
 * cane, a canister's count that came up short):
 * only straws no pick list promises; 409 when there are fewer free there. `whatIsThere` takes at most what
 * is free (a straw used for a service may have come from units never placed).
 */
export async function takeFrom(
  db: Db,
  inventoryItemId: number,
  from: { batchId?: number; caneId?: number; canisterId?: number },
  quantity: number,
  whatIsThere = false,
) {
  const inCanister =
    from.canisterId === undefined
      ? null
      : new Set(
          (await db.select({ id: canes.id }).from(canes).where(eq(canes.canisterId, from.canisterId))).map(
            (c) => c.id,
          ),
        );
  const positions = (await freePositions(db, inventoryItemId, "newest first")).filter(
    (p) =>
      (from.batchId === undefined || p.batchId === from.batchId) &&
      (from.caneId === undefined || p.caneId === from.caneId) &&
      (inCanister === null || inCanister.has(p.caneId)),
  );
  const free = positions.reduce((sum, p) => sum + p.count - p.allocated, 0);
  if (free < quantity && !whatIsThere) {
    const where = from.caneId === undefined ? "This batch has" : "That cane holds";
    throw conflict(`${where} ${free} of these straws that no order holds; ${quantity} cannot be taken`);
  }
  await takeFree(db, inventoryItemId, positions, Math.min(quantity, free));
}

/**
 * After on-hand stock falls (write-off, count, use, dispatch of unplaced units), takes the excess off the
 * unallocated positions, newest first, so placed never exceeds on hand. Allocated straws are never taken:
 * what orders hold is at most what is reserved, which every decrease leaves in place.
 */
export async function trimPositions(db: Db, inventoryItemId: number): Promise<void> {
  const [item] = await db
    .select({ currentStock: inventoryItems.currentStock })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, inventoryItemId));
  const excess = (await placedCount(db, inventoryItemId)) - item!.currentStock;
  if (excess <= 0) return;
  await takeFree(db, inventoryItemId, await freePositions(db, inventoryItemId, "newest first"), excess);
}

/** Takes `quantity` straws no pick list promises off `positions`, in their order, then drops empty ones. */
async function takeFree(
  db: Db,
  inventoryItemId: number,
  positions: { id: number; count: number; allocated: number }[],
  quantity: number,
): Promise<void> {
  let left = quantity;
  for (const position of positions) {
    if (left === 0) break;
    const take = Math.min(left, position.count - position.allocated);
    await db
      .update(stockPositions)
      .set({ count: sql`${stockPositions.count} - ${take}` })
      .where(eq(stockPositions.id, position.id));
    left -= take;
  }
  await dropEmpty(db, [inventoryItemId]);
}

/**
 * Moves straws of one batch between canes (in one tank or across tanks) and records the move. Only straws
 * no pick list promises can move; they keep their batch and receipt date, so the pick order stays. Where the
 * cane holds several batches of the item, the move names one (422 otherwise).
 */
export async function transferStock(
  db: Db,
  input: {
    inventoryItemId: number;
    fromCaneId: number;
    toCaneId: number;
    count: number;
    batchId?: number;
    note?: string | null;
    allowMixing?: boolean;
  },
  context: { actorUserId: number; now: Date },
): Promise<void> {
  const [item] = await db
    .select({ id: inventoryItems.id, itemId: inventoryItems.itemId, type: inventoryItems.type })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, input.inventoryItemId));
  if (!item) throw notFound("Inventory item");
  const [first, second] = [input.fromCaneId, input.toCaneId].sort((a, b) => a - b);
  const locked = [await lockCane(db, first!, first === input.fromCaneId ? "fromCaneId" : "toCaneId")];
  locked.push(await lockCane(db, second!, second === input.fromCaneId ? "fromCaneId" : "toCaneId"));
  const from = locked.find((c) => c.id === input.fromCaneId)!;
  const to = locked.find((c) => c.id === input.toCaneId)!;
  const here = await db
    .select()
    .from(stockPositions)
    .where(
      and(
        eq(stockPositions.inventoryItemId, input.inventoryItemId),
        eq(stockPositions.caneId, from.id),
        input.batchId === undefined ? undefined : eq(stockPositions.batchId, input.batchId),
      ),
    )
    // A reservation allocating these straws meanwhile waits, so a move never takes promised straws.
    .for("update");
  if (here.length > 1) {
    throw unprocessable(`${from.label} holds ${here.length} batches of this item: choose one`, {
      batchId: "Choose the batch to move",
    });
  }
  const [position] = here;
  const movable = position ? position.count - position.allocated : 0;
  if (movable < input.count) {
    const promised = position?.allocated ? `; ${position.allocated} are on pick lists` : "";
    throw conflict(`${from.label} has ${movable} of these straws free to move${promised}`);
  }
  if (to.free < input.count) {
    throw conflict(`${to.label} has room for ${to.free} straws, not ${input.count}`);
  }
  await refuseMisfit(db, to, item, input.allowMixing ?? false, "toCaneId");
  await db
    .update(stockPositions)
    .set({ count: sql`${stockPositions.count} - ${input.count}` })
    .where(eq(stockPositions.id, position!.id));
  const at = { inventoryItemId: input.inventoryItemId, batchId: position!.batchId, caneId: to.id };
  await addAt(db, [{ ...at, count: input.count }], position!.receivedAt);
  await dropEmpty(db, [input.inventoryItemId]);
  await db.insert(stockTransfers).values({
    inventoryItemId: input.inventoryItemId,
    batchId: position!.batchId,
    fromCaneId: from.id,
    toCaneId: to.id,
    count: input.count,
    note: input.note ?? null,
    actorUserId: context.actorUserId,
    createdAt: context.now,
  });
}

/**
 * Takes `quantity` straws of an item that no pick list promises, from usable batches first-expiry-first
 * (FEFO, as pick lists choose), for a flask. Answers how many came from each batch; 409 when fewer are
 * placed and free.
 */
export async function takeFirstExpiring(
  db: Db,
  inventoryItemId: number,
  quantity: number,
  now: Date,
): Promise<{ batchId: number; count: number }[]> {
  const positions = await db
    .select({
      id: stockPositions.id,
      batchId: stockPositions.batchId,
      count: stockPositions.count,
      allocated: stockPositions.allocated,
    })
    .from(stockPositions)
    .innerJoin(stockBatches, eq(stockBatches.id, stockPositions.batchId))
    .where(
      and(
        eq(stockPositions.inventoryItemId, inventoryItemId),
        gt(stockPositions.count, stockPositions.allocated),
        batchUsable(now),
      ),
    )
    .orderBy(
      sql`${stockBatches.expiryDate} asc nulls last`,
      asc(stockPositions.receivedAt),
      asc(stockPositions.id),
    )
    .for("update", { of: stockPositions });
  const free = positions.reduce((sum, p) => sum + p.count - p.allocated, 0);
  if (free < quantity) {
    throw conflict(`Only ${free} of these straws are in the store and free; ${quantity} cannot be issued`);
  }
  const taken = new Map<number, number>();
  let left = quantity;
  for (const p of positions) {
    if (left === 0) break;
    const take = Math.min(left, p.count - p.allocated);
    taken.set(p.batchId, (taken.get(p.batchId) ?? 0) + take);
    left -= take;
  }
  await takeFree(db, inventoryItemId, positions, quantity);
  return [...taken].map(([batchId, count]) => ({ batchId, count }));
}
