import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Cow, cowInputSchema, cowUpdateSchema } from "../../../contract/herd";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { cowEvents, cowReminders, cows } from "../../db/schema";
import { notFound, validationError } from "../../errors";
import { countMatching } from "../../http/list-total";
import { nairobiDate } from "../../time";

export type CowRow = typeof cows.$inferSelect;

/** The farmer's own cow, locked for a change when `lock`; 404 for anyone else's. */
export async function ownCow(db: Db, userId: number, cowId: number, lock = false): Promise<CowRow> {
  const query = db
    .select()
    .from(cows)
    .where(and(eq(cows.id, cowId), eq(cows.ownerUserId, userId)));
  const [cow] = lock ? await query.for("update") : await query;
  if (!cow) throw notFound("Cow");
  return cow;
}

/** A day the farmer gives: not in the future (Nairobi), and not before the cow was born. */
export function checkDay(field: string, day: string | null | undefined, now: Date, born?: string | null) {
  if (!day) return;
  if (day > nairobiDate(now))
    throw validationError("A date cannot be in the future", { [field]: "Not in the future" });
  if (born && day < born) {
    throw validationError("A date cannot be before the cow was born", { [field]: "Not before she was born" });
  }
}

/** A cow's own days: her birth, and her last calving not before it. */
export function checkCowDays(cow: { birthDate?: string | null; lastCalvingDate?: string | null }, now: Date) {
  checkDay("birthDate", cow.birthDate, now);
  checkDay("lastCalvingDate", cow.lastCalvingDate, now, cow.birthDate);
}

/** The row a cow is added as (the add form, a CSV line): she counts one calving when she has calved. */
export const newCow = (userId: number, input: z.output<typeof cowInputSchema>, now: Date) => ({
  ownerUserId: userId,
  tag: input.tag,
  name: input.name || null,
  breed: input.breed,
  birthDate: input.birthDate ?? null,
  parity: input.parity ?? (input.lastCalvingDate ? 1 : 0),
  lastCalvingDate: input.lastCalvingDate ?? null,
  createdAt: now,
  updatedAt: now,
});

/** Cows as the farmer sees them: with her newest event and the next reminder to come. */
export async function toCows(db: Db, rows: CowRow[]): Promise<Cow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((c) => c.id);
  const events = await db
    .selectDistinctOn([cowEvents.cowId], {
      cowId: cowEvents.cowId,
      type: cowEvents.type,
      date: cowEvents.date,
    })
    .from(cowEvents)
    .where(inArray(cowEvents.cowId, ids))
    .orderBy(cowEvents.cowId, desc(cowEvents.date), desc(cowEvents.id));
  const reminders = await db
    .selectDistinctOn([cowReminders.cowId], {
      cowId: cowReminders.cowId,
      kind: cowReminders.kind,
      dueOn: cowReminders.dueOn,
    })
    .from(cowReminders)
    .where(and(inArray(cowReminders.cowId, ids), eq(cowReminders.status, "scheduled")))
    .orderBy(cowReminders.cowId, asc(cowReminders.dueOn), asc(cowReminders.id));
  const last = new Map(events.map((e) => [e.cowId, { type: e.type, date: e.date }]));
  const next = new Map(reminders.map((r) => [r.cowId, { kind: r.kind, dueOn: r.dueOn }]));
  return rows.map((c) => ({
    id: c.id,
    tag: c.tag,
    name: c.name,
    breed: c.breed,
    birthDate: c.birthDate,
    parity: c.parity,
    lastCalvingDate: c.lastCalvingDate,
    status: c.status,
    reminders: c.reminders,
    lastEvent: last.get(c.id) ?? null,
    nextReminder: c.reminders ? (next.get(c.id) ?? null) : null,
  }));
}

/** GET /api/client/cows: the farmer's herd, cows still with them first, then by tag. */
export function listCows(ctx: AppContext, userId: number, page: { limit: number; offset: number }) {
  return ctx.database.read(async (db) =>
    toCows(
      db,
      await db
        .select()
        .from(cows)
        .where(eq(cows.ownerUserId, userId))
        .orderBy(sql`${cows.status} <> 'active'`, asc(cows.tag), asc(cows.id))
        .limit(page.limit)
        .offset(page.offset),
    ),
  );
}

export const countCows = (ctx: AppContext, userId: number) =>
  countMatching(ctx, cows, eq(cows.ownerUserId, userId));

export function getCow(ctx: AppContext, userId: number, cowId: number): Promise<Cow> {
  return ctx.database.read(async (db) => (await toCows(db, [await ownCow(db, userId, cowId)]))[0]!);
}

/** POST /api/client/cows: a cow added to the farmer's herd; her tag is hers alone in it. */
export async function createCow(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof cowInputSchema>,
): Promise<Cow> {
  const now = ctx.clock.now();
  checkCowDays(input, now);
  // A tag already in the herd is refused by its unique index (409, under the tag field).
  return ctx.database.tx(async (db) => {
    const [row] = await db
      .insert(cows)
      .values(newCow(userId, input, now))
      .returning();
    return (await toCows(db, [row!]))[0]!;
  });
}

/** PATCH /api/client/cows/:id: corrects her details, or turns her reminders on or off. */
export async function updateCow(
  ctx: AppContext,
  userId: number,
  cowId: number,
  input: z.output<typeof cowUpdateSchema>,
): Promise<Cow> {
  const now = ctx.clock.now();
  return ctx.database.tx(async (db) => {
    const cow = await ownCow(db, userId, cowId, true);
    const born = input.birthDate === undefined ? cow.birthDate : input.birthDate;
    checkCowDays({ birthDate: born, lastCalvingDate: input.lastCalvingDate }, now);
    const [row] = await db
      .update(cows)
      .set({
        ...(input.tag !== undefined && { tag: input.tag }),
        ...(input.name !== undefined && { name: input.name || null }),
        ...(input.breed !== undefined && { breed: input.breed }),
        ...(input.birthDate !== undefined && { birthDate: input.birthDate }),
        ...(input.parity !== undefined && { parity: input.parity }),
        ...(input.lastCalvingDate !== undefined && { lastCalvingDate: input.lastCalvingDate }),
        ...(input.reminders !== undefined && { reminders: input.reminders }),
        updatedAt: now,
      })
      .where(eq(cows.id, cow.id))
      .returning();
    return (await toCows(db, [row!]))[0]!;
  });
}
