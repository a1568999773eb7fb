import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { FieldConflict, FieldSyncResult, fieldRecordSchema } from "../../../contract/field";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { cows, fieldRecords, serviceRequests, users } from "../../db/schema";
import { AppError, conflict, notFound } from "../../errors";
import { finishVisit, promptForVisit } from "../dispatch/charge";
import { recordEvent } from "../herd/events";

type Record = z.output<typeof fieldRecordSchema>;
type RecordRow = typeof fieldRecords.$inferSelect;

const resultOf = (row: RecordRow): FieldSyncResult => ({
  clientId: row.clientId,
  status: row.status,
  message: row.message,
  eventId: row.cowEventId,
});

async function lockRecord(db: Db, clientId: string): Promise<RecordRow> {
  const [row] = await db.select().from(fieldRecords).where(eq(fieldRecords.clientId, clientId)).for("update");
  return row!;
}

/** The cow's event as the herd book records it, from what the technician entered. */
function eventOf(r: Record) {
  const base = { date: r.date, notes: r.notes };
  switch (r.type) {
    case "insemination":
      return { ...base, type: r.type, time: r.time };
    case "pd":
      return { ...base, type: r.type, result: r.result, method: r.method };
    case "calving":
      return {
        ...base,
        type: r.type,
        ease: r.ease,
        calfSex: r.calfSex,
        calfAlive: r.calfAlive,
        calfTag: r.calfTag,
      };
  }
}

/**
 * Applies one record on its visit: the visit must be the technician's and still open, the cow the visit's
 * and unchanged since the phone loaded her (`cowVersion`). The event goes through the herd book's rules
 * (a field insemination takes its straw off the flask), and the visit is done.
 */
async function apply(ctx: AppContext, db: Db, technicianId: number, r: Record, now: Date) {
  const [visit] = await db
    .select()
    .from(serviceRequests)
    .where(eq(serviceRequests.id, r.requestId))
    .for("update");
  if (!visit || visit.technicianId !== technicianId) throw conflict("This visit is not yours");
  if (visit.status === "cancelled") throw conflict("The visit was cancelled before this was recorded");
  if (visit.cowId !== r.cowId) throw conflict("This cow is not the one on the visit");
  const [cow] = await db.select().from(cows).where(eq(cows.id, r.cowId)).for("update");
  if (!cow) throw notFound("Cow");
  if (r.cowVersion && cow.updatedAt.toISOString() !== r.cowVersion) {
    throw conflict(
      `${cow.name ?? cow.tag} was changed on the farm since your phone loaded her: check her record, then record again`,
    );
  }
  const [me] = await db
    .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(eq(users.id, technicianId));
  const event = await recordEvent(
    db,
    cow,
    {
      ...eventOf(r),
      ...(r.type === "insemination" ? { technician: me!.name } : { examiner: me!.name }),
    } as Parameters<typeof recordEvent>[2],
    { source: "technician", actorId: technicianId, now },
    r.type === "insemination"
      ? {
          technicianId,
          flaskId: r.flaskId,
          batchId: r.batchId,
          bodyCondition: r.bodyCondition,
          amPmOk: r.amPmOk,
        }
      : undefined,
  );
  const finished = visit.status === "assigned" ? await finishVisit(ctx, db, visit, now) : null;
  return { eventId: event.id, finished };
}

/**
 * One record, exactly once whatever the retries: claimed by its id from the phone, then applied under a
 * lock on that claim, so a replay or a second sync at the same moment answers what the first one did. A
 * record the rules refuse is kept as a conflict with why, never dropped.
 */
async function syncOne(ctx: AppContext, technicianId: number, r: Record): Promise<FieldSyncResult> {
  const now = ctx.clock.now();
  await ctx.database.tx((db) =>
    db
      .insert(fieldRecords)
      .values({
        clientId: r.clientId,
        technicianId,
        type: r.type,
        requestId: r.requestId,
        cowId: r.cowId,
        payload: r as unknown as globalThis.Record<string, unknown>,
        receivedAt: now,
      })
      .onConflictDoNothing(),
  );
  try {
    const applied = await ctx.database.tx(async (db) => {
      const row = await lockRecord(db, r.clientId);
      if (row.technicianId !== technicianId) throw notFound("Field record");
      if (row.status !== "pending") return { result: resultOf(row), finished: null };
      const { eventId, finished } = await apply(ctx, db, technicianId, r, now);
      const [done] = await db
        .update(fieldRecords)
        .set({ status: "applied", cowEventId: eventId })
        .where(eq(fieldRecords.clientId, r.clientId))
        .returning();
      return { result: resultOf(done!), finished };
    });
    // The visit is done and charged: the farmer's M-Pesa prompt goes once the record is in.
    if (applied.finished) await promptForVisit(ctx, applied.finished.visit, applied.finished.orderId);
    return applied.result;
  } catch (error) {
    if (
      !(error instanceof AppError) ||
      (error.code === "NOT_FOUND" && error.message === "Field record not found")
    ) {
      throw error;
    }
    return ctx.database.tx(async (db) => {
      const row = await lockRecord(db, r.clientId);
      if (row.status !== "pending") return resultOf(row);
      const [kept] = await db
        .update(fieldRecords)
        .set({ status: "conflict", message: error.message })
        .where(eq(fieldRecords.clientId, r.clientId))
        .returning();
      return resultOf(kept!);
    });
  }
}

/** POST /api/field/sync: each record in order, each in its own transaction. */
export async function syncRecords(
  ctx: AppContext,
  technicianId: number,
  records: Record[],
): Promise<FieldSyncResult[]> {
  const results: FieldSyncResult[] = [];
  for (const r of records) results.push(await syncOne(ctx, technicianId, r));
  return results;
}

/** GET /api/field/conflicts: the technician's records that did not record, newest first. */
export function listConflicts(ctx: AppContext, technicianId: number): Promise<FieldConflict[]> {
  return ctx.database.read(async (db) => {
    const rows = await db
      .select({ record: fieldRecords, tag: cows.tag, name: cows.name })
      .from(fieldRecords)
      .innerJoin(cows, eq(cows.id, fieldRecords.cowId))
      .where(and(eq(fieldRecords.technicianId, technicianId), eq(fieldRecords.status, "conflict")))
      .orderBy(desc(fieldRecords.receivedAt))
      .limit(100);
    return rows.map(({ record, tag, name }) => ({
      ...resultOf(record),
      type: record.type,
      cow: name ? `${name} (${tag})` : tag,
      date: String(record.payload.date ?? ""),
      receivedAt: record.receivedAt.toISOString(),
    }));
  });
}

/** POST /api/field/conflicts/:clientId/dismiss: the technician has seen it (and recorded again if needed). */
export function dismissConflict(
  ctx: AppContext,
  technicianId: number,
  clientId: string,
): Promise<FieldSyncResult> {
  return ctx.database.tx(async (db) => {
    const [row] = await db
      .update(fieldRecords)
      .set({ status: "dismissed" })
      .where(
        and(
          eq(fieldRecords.clientId, clientId),
          eq(fieldRecords.technicianId, technicianId),
          eq(fieldRecords.status, "conflict"),
        ),
      )
      .returning();
    if (!row) throw notFound("Conflict");
    return resultOf(row);
  });
}
