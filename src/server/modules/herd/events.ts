import { and, asc, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import type { BoughtStraw, CowEvent, cowEventInputSchema } from "../../../contract/herd";
import { herdRules } from "../../../contract/herd";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import {
  cowEvents,
  cows,
  inventoryItems,
  orderLines,
  orderPicks,
  orders,
  stockBatches,
  users,
} from "../../db/schema";
import { conflict, validationError } from "../../errors";
import { nairobiDate } from "../../time";
import { strawInFlask, takeStrawFromFlask } from "../flasks/flask-stock";
import { cancelReminders, dayPlus, scheduleReminders } from "./calendar";
import { type CowRow, checkDay, ownCow } from "./cows";
import { recordOutcome, recordService, type StrawUsed } from "./service-records";

type EventInput = z.output<typeof cowEventInputSchema>;
type EventRow = typeof cowEvents.$inferSelect;
type EventSource = EventRow["source"];

/**
 * The semen lines of the client's own orders that have left (joined to their order and item): the straws a
 * farmer can have used.
 */
const receivedStrawsOf = (userId: number) =>
  and(
    eq(orders.clientUserId, userId),
    inArray(orders.status, ["shipped", "delivered"]),
    eq(inventoryItems.type, "sperm"),
  );

/** GET /api/client/straws: the semen this client bought and received, with how many are recorded as used. */
export function boughtStraws(ctx: AppContext, userId: number): Promise<BoughtStraw[]> {
  return ctx.database.read((db) =>
    db
      .select({
        orderItemId: orderLines.id,
        orderNumber: orders.orderNumber,
        productName: orderLines.productName,
        bullName: orderLines.bullName,
        bullCode: orderLines.bullCode,
        semenType: orderLines.semenType,
        bought: orderLines.quantity,
        used: sql<number>`(select count(*)::int from ${cowEvents} where ${cowEvents.orderLineId} = ${orderLines.id})`,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(inventoryItems, eq(inventoryItems.id, orderLines.inventoryItemId))
      .where(receivedStrawsOf(userId))
      .orderBy(desc(orders.orderDate), asc(orderLines.id))
      .limit(200),
  );
}

/**
 * The straw an insemination names: a semen line of the client's own received order with a straw not yet
 * recorded as used; answers its batch where the order's picks name one.
 */
async function strawOf(db: Db, userId: number, lineId: number): Promise<StrawUsed> {
  const [line] = await db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      item: orderLines.inventoryItemId,
      quantity: orderLines.quantity,
      productName: orderLines.productName,
      customerId: orders.customerId,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(inventoryItems, eq(inventoryItems.id, orderLines.inventoryItemId))
    .where(and(eq(orderLines.id, lineId), receivedStrawsOf(userId)))
    .for("update", { of: orderLines });
  if (!line) {
    throw validationError("Pick a straw you bought and received", { orderItemId: "Pick a straw you bought" });
  }
  // Counted after the lock, in a statement of its own: two services recorded at once never use one straw twice.
  const [{ used }] = (await db
    .select({ used: sql<number>`count(*)::int` })
    .from(cowEvents)
    .where(eq(cowEvents.orderLineId, lineId))) as [{ used: number }];
  if (used >= line.quantity) {
    throw validationError(`All ${line.quantity} straws of that order are recorded as used`, {
      orderItemId: "Every straw of this line is used",
    });
  }
  // The batch the straws left from: the order's first pick of the item (FEFO picked it first).
  const [pick] = await db
    .select({ batchId: orderPicks.batchId })
    .from(orderPicks)
    .where(and(eq(orderPicks.orderId, line.orderId), eq(orderPicks.inventoryItemId, line.item!)))
    .orderBy(asc(orderPicks.id))
    .limit(1);
  return {
    inventoryItemId: line.item!,
    productName: line.productName,
    batchId: pick?.batchId ?? null,
    customerId: line.customerId,
  };
}

/** The customer record behind a client's account, where it has one. */
async function customerOf(db: Db, userId: number): Promise<number | null> {
  const [user] = await db.select({ customerId: users.customerId }).from(users).where(eq(users.id, userId));
  return user?.customerId ?? null;
}

/** The cow's newest event of `type` on or before `day`. */
async function lastOf(db: Db, cowId: number, type: EventRow["type"], day: string) {
  const [row] = await db
    .select({ date: cowEvents.date })
    .from(cowEvents)
    .where(and(eq(cowEvents.cowId, cowId), eq(cowEvents.type, type), lte(cowEvents.date, day)))
    .orderBy(desc(cowEvents.date), desc(cowEvents.id))
    .limit(1);
  return row?.date ?? null;
}

const tooSoon = (message: string) => validationError(message, { date: message });

/** The herd book's rules for an event on `day`: a PD 30 days after service, a calving 220 after both. */
async function checkRules(db: Db, cow: CowRow, input: EventInput) {
  if (input.type !== "pd" && input.type !== "calving") return;
  const service = await lastOf(db, cow.id, "insemination", input.date);
  if (input.type === "pd" && service && input.date < dayPlus(service, herdRules.pdAfterServiceDays)) {
    throw tooSoon(
      `A pregnancy check needs ${herdRules.pdAfterServiceDays} days after the service on ${service}`,
    );
  }
  if (input.type === "calving") {
    const calved = [await lastOf(db, cow.id, "calving", input.date), cow.lastCalvingDate]
      .filter((d): d is string => d !== null && d <= input.date)
      .sort()
      .at(-1);
    for (const [since, what] of [
      [service, "the service"],
      [calved, "her last calving"],
    ] as const) {
      if (since && input.date < dayPlus(since, herdRules.calvingAfterDays)) {
        throw tooSoon(`A calving needs ${herdRules.calvingAfterDays} days after ${what} on ${since}`);
      }
    }
  }
}

/**
 * POST /api/client/cows/:id/events: records one event of the farmer's own cow, in one transaction with what
 * follows from it: an insemination's cow calendar (the old one cancelled), the reminders an event answers
 * cancelled, a calving's parity and calf, an exit's status.
 */
export function addCowEvent(
  ctx: AppContext,
  userId: number,
  cowId: number,
  input: EventInput,
): Promise<CowEvent> {
  const now = ctx.clock.now();
  return ctx.database.tx(async (db) => {
    const cow = await ownCow(db, userId, cowId, true);
    return recordEvent(db, cow, input, { source: "farmer", actorId: userId, now });
  });
}

/** An insemination a technician records in the field: the straw from their flask, and what they saw. */
export interface FieldService {
  technicianId: number;
  flaskId: number;
  batchId: number;
  bodyCondition: number;
  amPmOk: boolean;
}

/**
 * Records an event of `cow` (locked by the caller), with its consequences; the SMS reply and the field sync
 * share it. A field insemination takes its straw off the technician's flask.
 */
export async function recordEvent(
  db: Db,
  cow: CowRow,
  input: EventInput,
  by: { source: EventSource; actorId: number | null; now: Date },
  field?: FieldService,
): Promise<CowEvent> {
  if (cow.status !== "active") throw conflict(`${cow.name ?? cow.tag} has left the herd: no new events`);
  checkDay("date", input.date, by.now, cow.birthDate);
  await checkRules(db, cow, input);
  const fromFlask =
    input.type === "insemination" && field
      ? await strawInFlask(db, field.technicianId, field.flaskId, field.batchId)
      : null;
  const straw: StrawUsed | null =
    input.type === "insemination" && input.orderItemId
      ? await strawOf(db, cow.ownerUserId, input.orderItemId)
      : fromFlask && field
        ? {
            inventoryItemId: fromFlask.inventoryItemId,
            productName: fromFlask.bullName
              ? `${fromFlask.bullName} (${fromFlask.itemId})`
              : fromFlask.itemId,
            batchId: field.batchId,
            customerId: await customerOf(db, cow.ownerUserId),
          }
        : null;
  let calfCowId: number | null = null;
  if (input.type === "calving" && input.calfAlive && input.calfTag) {
    const [taken] = await db
      .select({ id: cows.id })
      .from(cows)
      .where(and(eq(cows.ownerUserId, cow.ownerUserId), sql`lower(${cows.tag}) = lower(${input.calfTag})`));
    if (taken)
      throw validationError("You already have a cow with this tag", { calfTag: "This tag is taken" });
    const [calf] = await db
      .insert(cows)
      .values({
        ownerUserId: cow.ownerUserId,
        tag: input.calfTag,
        breed: cow.breed,
        birthDate: input.date,
        damId: cow.id,
        createdAt: by.now,
        updatedAt: by.now,
      })
      .returning({ id: cows.id });
    calfCowId = calf!.id;
  }
  const [row] = await db
    .insert(cowEvents)
    .values({
      cowId: cow.id,
      type: input.type,
      date: input.date,
      source: by.source,
      notes: input.notes || null,
      createdBy: by.actorId,
      createdAt: by.now,
      ...(input.type === "insemination" && {
        time: input.time ?? null,
        orderLineId: input.orderItemId ?? null,
        batchId: straw?.batchId ?? null,
        otherSemen: input.otherSemen || (fromFlask ? straw!.productName : null),
        technician: input.technician || null,
        bodyCondition: field?.bodyCondition ?? null,
        amPmOk: field?.amPmOk ?? null,
      }),
      ...(input.type === "pd" && {
        pdResult: input.result,
        pdMethod: input.method ?? null,
        examiner: input.examiner || null,
      }),
      ...(input.type === "calving" && {
        calvingEase: input.ease,
        calfSex: input.calfSex,
        calfAlive: input.calfAlive,
        calfTag: input.calfTag || null,
        calfCowId,
      }),
      ...(input.type === "exit" && { exitReason: input.reason }),
    })
    .returning();
  if (straw) await recordService(db, cow, row!, straw);
  if (field) {
    await takeStrawFromFlask(db, field.flaskId, field.batchId, {
      actorId: field.technicianId,
      cowEventId: row!.id,
      now: by.now,
    });
  }
  await consequences(db, cow, row!, nairobiDate(by.now));
  if (input.type === "pd" || input.type === "calving") {
    await recordOutcome(db, cow, row!, by.actorId ?? cow.ownerUserId);
  }
  return (await toEvents(db, [row!]))[0]!;
}

/** What an event changes besides itself: the cow calendar, her parity and last calving, her status. */
async function consequences(db: Db, cow: CowRow, event: EventRow, today: string) {
  switch (event.type) {
    case "heat":
      return cancelReminders(db, cow.id, ["repeat_heat"], event.date);
    case "insemination": {
      // A service recorded late, with a later one already in her record, starts no calendar of its own.
      const [later] = await db
        .select({ id: cowEvents.id })
        .from(cowEvents)
        .where(
          and(
            eq(cowEvents.cowId, cow.id),
            eq(cowEvents.type, "insemination"),
            gt(cowEvents.date, event.date),
          ),
        )
        .limit(1);
      if (later) return;
      await cancelReminders(db, cow.id, undefined, event.date);
      return scheduleReminders(db, cow, event, today);
    }
    case "pd":
      return cancelReminders(
        db,
        cow.id,
        event.pdResult === "pregnant" ? ["repeat_heat", "pd_due"] : undefined,
        event.date,
      );
    case "calving":
      await cancelReminders(db, cow.id);
      await db
        .update(cows)
        .set({
          parity: sql`${cows.parity} + 1`,
          lastCalvingDate: sql`greatest(${cows.lastCalvingDate}, ${event.date}::date)`,
          updatedAt: event.createdAt,
        })
        .where(eq(cows.id, cow.id));
      return;
    case "exit":
      await cancelReminders(db, cow.id);
      await db
        .update(cows)
        .set({ status: event.exitReason!, updatedAt: event.createdAt })
        .where(eq(cows.id, cow.id));
  }
}

/** Events as the farmer reads them: each straw as its order line sold it, and its batch's code. */
async function toEvents(db: Db, rows: EventRow[]): Promise<CowEvent[]> {
  const lineIds = rows.flatMap((r) => (r.orderLineId ? [r.orderLineId] : []));
  const batchIds = rows.flatMap((r) => (r.batchId ? [r.batchId] : []));
  const lines = lineIds.length
    ? await db
        .select({
          id: orderLines.id,
          productName: orderLines.productName,
          bullName: orderLines.bullName,
          bullCode: orderLines.bullCode,
          semenType: orderLines.semenType,
        })
        .from(orderLines)
        .where(inArray(orderLines.id, lineIds))
    : [];
  const batches = batchIds.length
    ? await db
        .select({ id: stockBatches.id, code: stockBatches.code })
        .from(stockBatches)
        .where(inArray(stockBatches.id, batchIds))
    : [];
  const lineById = new Map(lines.map(({ id, ...straw }) => [id, straw]));
  const batchById = new Map(batches.map((b) => [b.id, b.code]));
  return rows.map((r) => ({
    id: r.id,
    cowId: r.cowId,
    type: r.type,
    date: r.date,
    time: r.time,
    source: r.source,
    orderItemId: r.orderLineId,
    straw: (r.orderLineId && lineById.get(r.orderLineId)) || null,
    batch: (r.batchId && batchById.get(r.batchId)) || null,
    otherSemen: r.otherSemen,
    technician: r.technician,
    result: r.pdResult,
    method: r.pdMethod,
    examiner: r.examiner,
    ease: r.calvingEase,
    calfSex: r.calfSex,
    calfAlive: r.calfAlive,
    calfTag: r.calfTag,
    reason: r.exitReason,
    notes: r.notes,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** GET /api/client/cows/:id/events: the cow's life, newest first. */
export function listCowEvents(ctx: AppContext, userId: number, cowId: number): Promise<CowEvent[]> {
  return ctx.database.read(async (db) => {
    await ownCow(db, userId, cowId);
    return toEvents(
      db,
      await db
        .select()
        .from(cowEvents)
        .where(eq(cowEvents.cowId, cowId))
        .orderBy(desc(cowEvents.date), desc(cowEvents.id))
        .limit(500),
    );
  });
}
