import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AuditAction, AuditEvent, AuditSummary, auditQuery } from "../../../contract/audit";
import { csvLine } from "../../../contract/csv";
import type { AppContext } from "../../context";
import { auditEvents, users } from "../../db/schema";
import { countMatching } from "../../http/list-total";
import { DAY_MS, nairobiDate, nairobiDayEnd, nairobiDayStart } from "../../time";

type Query = z.output<typeof auditQuery>;

function whereOf(query: Omit<Query, "limit" | "offset" | "sort" | "order">): SQL | undefined {
  return and(
    query.actorId !== undefined ? eq(auditEvents.actorId, query.actorId) : undefined,
    query.entity ? eq(auditEvents.entity, query.entity) : undefined,
    query.entityId ? eq(auditEvents.entityId, query.entityId) : undefined,
    query.action ? eq(auditEvents.action, query.action) : undefined,
    query.from ? gte(auditEvents.at, nairobiDayStart(query.from)) : undefined,
    query.to ? lt(auditEvents.at, nairobiDayEnd(query.to)) : undefined,
  );
}

/** A page of the audit trail, newest first (or oldest, `order=asc`), with the actor's name. */
export function listAudit(ctx: AppContext, query: Query): Promise<AuditEvent[]> {
  const direction = query.order === "asc" ? sql`asc` : sql`desc`;
  return ctx.database.read(async (db) => {
    const rows = await db
      .select({ event: auditEvents, firstName: users.firstName, lastName: users.lastName })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(whereOf(query))
      .orderBy(sql`${auditEvents.at} ${direction}`, sql`${auditEvents.id} ${direction}`)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(({ event, firstName, lastName }) => ({
      id: event.id,
      at: event.at.toISOString(),
      actorId: event.actorId,
      actorName: firstName === null ? null : `${firstName} ${lastName}`,
      actorRole: event.actorRole,
      ip: event.ip,
      userAgent: event.userAgent,
      requestId: event.requestId,
      entity: event.entity,
      entityId: event.entityId,
      action: event.action as AuditAction,
      changes: event.changes,
    }));
  });
}

/** The trail's figures in one aggregate over the last 7 Nairobi days (its time index bounds the scan). */
export function auditSummary(ctx: AppContext): Promise<AuditSummary> {
  const today = nairobiDate(ctx.clock.now());
  const dayStart = nairobiDayStart(today);
  const weekStart = new Date(dayStart.getTime() - 6 * DAY_MS);
  const isToday = sql`${auditEvents.at} >= ${dayStart}`;
  const change = sql`${auditEvents.action} not in ('sign_in', 'sign_out')`;
  return ctx.database.read(async (db) => {
    const [row] = await db
      .select({
        today: sql<number>`count(*) filter (where ${isToday} and ${change})::int`,
        lastSevenDays: sql<number>`count(*) filter (where ${change})::int`,
        signInsToday: sql<number>`count(*) filter (where ${isToday} and ${auditEvents.action} = 'sign_in')::int`,
        peopleToday: sql<number>`count(distinct ${auditEvents.actorId}) filter (where ${isToday})::int`,
      })
      .from(auditEvents)
      .where(gte(auditEvents.at, weekStart));
    return row!;
  });
}

export const countAudit = (ctx: AppContext, query: Query) => countMatching(ctx, auditEvents, whereOf(query));

export const auditCsvHeader = csvLine([
  "Time",
  "Actor",
  "Role",
  "Action",
  "Record",
  "Record id",
  "Changes",
  "IP address",
  "Request id",
]);

const shown = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

export const auditCsvLine = (e: AuditEvent) =>
  csvLine([
    e.at,
    e.actorName ?? (e.actorId === null ? "" : `#${e.actorId}`),
    e.actorRole,
    e.action,
    e.entity,
    e.entityId,
    Object.entries(e.changes)
      .map(([field, [before, after]]) => `${field}: ${shown(before)} -> ${shown(after)}`)
      .join("; "),
    e.ip,
    e.requestId,
  ]);

/** Up to this many rows go into one CSV: a year of a busy office, built whole before it is sent. */
export const AUDIT_CSV_MAX = 50_000;

/** The CSV's rows, a page at a time, under the same filters. */
export async function* auditCsvRows(ctx: AppContext, query: Query): AsyncGenerator<AuditEvent[]> {
  const page = 1000;
  for (let offset = 0; offset < AUDIT_CSV_MAX; offset += page) {
    const rows = await listAudit(ctx, { ...query, limit: page, offset });
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < page) return;
  }
}
