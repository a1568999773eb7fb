import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  ASSIGN_WITHIN_MS,
  canMove,
  type FieldTechnician,
  type ServiceRequest,
  type ServiceRequestQuery,
  type ServiceRequestStatus,
} from "../../../contract/service-requests";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { cows, serviceRequests, users } from "../../db/schema";
import { conflict, notFound, validationError } from "../../errors";
import { sortBy } from "../../http/list-sort";
import { countMatching } from "../../http/list-total";
import { messageRows, writeMessages } from "../notifications/outbox";
import { accountReader, readerOf } from "../notifications/readers";
import { staffStatusIs } from "../staff/status";
import { finishVisit, promptForVisit } from "./charge";
import { lockRequest, readRequests, toRequests } from "./requests";

type RequestRow = typeof serviceRequests.$inferSelect;

const boardFilter = (q: ServiceRequestQuery): SQL | undefined =>
  and(
    q.status ? eq(serviceRequests.status, q.status) : undefined,
    q.county ? eq(serviceRequests.county, q.county) : undefined,
  );

/** GET /api/service-requests: the dispatch board, filtered by status and county. */
export const listRequests = (ctx: AppContext, q: ServiceRequestQuery): Promise<ServiceRequest[]> =>
  readRequests(
    ctx,
    boardFilter(q),
    sortBy({ createdAt: serviceRequests.createdAt }, q, serviceRequests.id),
    q,
  );

export const countRequests = (ctx: AppContext, q: ServiceRequestQuery) =>
  countMatching(ctx, serviceRequests, boardFilter(q));

/** The board's columns: per county, what waits for a technician, what is out, and what waited too long. */
export function boardCounts(ctx: AppContext) {
  const overdueBefore = new Date(ctx.clock.now().getTime() - ASSIGN_WITHIN_MS);
  return ctx.database.read((db) =>
    db
      .select({
        county: serviceRequests.county,
        requested: sql<number>`count(*) filter (where ${serviceRequests.status} = 'requested')::int`,
        assigned: sql<number>`count(*) filter (where ${serviceRequests.status} = 'assigned')::int`,
        overdue: sql<number>`count(*) filter (where ${serviceRequests.status} = 'requested' and ${serviceRequests.createdAt} < ${overdueBefore})::int`,
      })
      .from(serviceRequests)
      .where(inArray(serviceRequests.status, ["requested", "assigned"]))
      .groupBy(serviceRequests.county)
      .orderBy(asc(serviceRequests.county)),
  );
}

const verbs: Record<ServiceRequestStatus, string> = {
  requested: "requested again",
  assigned: "assigned",
  done: "marked done",
  cancelled: "cancelled",
};

/** The state machine's check (`serviceRequestMoves`): a move it does not allow is a 409 that names both. */
function checkMove(row: RequestRow, to: ServiceRequestStatus) {
  if (!canMove(row.status, to)) throw conflict(`A ${row.status} request cannot be ${verbs[to]}`);
}

/** An active Field Technician's row, or a 400 on the field. */
async function technicianOf(db: Db, id: number) {
  const [tech] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, "field_technician"), staffStatusIs.active));
  if (!tech)
    throw validationError("Choose an active field technician", { technicianId: "Not a field technician" });
  return tech;
}

/**
 * POST /api/service-requests/:id/assign: sends a Field Technician (again, to change who goes). The farmer is
 * texted the technician's name and phone, in their language; the technician the job, where and when.
 */
export function assignRequest(
  ctx: AppContext,
  id: number,
  technicianId: number,
  actorId: number,
): Promise<ServiceRequest> {
  const now = ctx.clock.now();
  return ctx.database.tx(async (db) => {
    const row = await lockRequest(db, id);
    checkMove(row, "assigned");
    if (row.technicianId === technicianId) throw conflict("This technician is already assigned");
    const tech = await technicianOf(db, technicianId);
    const [updated] = await db
      .update(serviceRequests)
      .set({ status: "assigned", technicianId, assignedBy: actorId, assignedAt: now, updatedAt: now })
      .where(eq(serviceRequests.id, id))
      .returning();
    const [cow] = await db.select().from(cows).where(eq(cows.id, row.cowId));
    const visit = row.visitFrom && row.visitTo ? { from: row.visitFrom, to: row.visitTo } : null;
    const facts = { cow: cow!.name ?? cow!.tag, service: row.kind, visit };
    const farmer = await accountReader(db, row.clientUserId);
    const place = [row.ward, row.county].filter(Boolean).join(", ");
    await writeMessages(db, [
      ...(farmer
        ? messageRows({
            kind: "service_assigned",
            reader: { ...farmer, phone: row.phone },
            facts: {
              ...facts,
              actor: `${tech.firstName} ${tech.lastName}`,
              phone: tech.phone ?? "",
              amountKes: row.priceKes,
            },
            channels: ["sms"],
            dedupeKey: `service-assigned:${id}:${technicianId}:${now.getTime()}`,
            now,
          })
        : []),
      ...messageRows({
        kind: "service_job",
        reader: readerOf(tech),
        facts: { ...facts, phone: row.phone, place },
        channels: ["sms"],
        dedupeKey: `service-job:${id}:${technicianId}:${now.getTime()}`,
        now,
      }),
    ]);
    return (await toRequests(db, [updated!], now))[0]!;
  });
}

/**
 * A request marked done (by the dispatcher, or the technician on it) or cancelled (by staff with a reason,
 * or by the farmer), through the same state machine.
 */
export async function closeRequest(
  ctx: AppContext,
  id: number,
  to: "done" | "cancelled",
  by: { clientUserId?: number; technicianId?: number; reason?: string },
): Promise<ServiceRequest> {
  const now = ctx.clock.now();
  const closed = await ctx.database.tx(async (db) => {
    const row = await lockRequest(db, id, by.clientUserId);
    if (by.technicianId !== undefined && row.technicianId !== by.technicianId)
      throw notFound("Service request");
    checkMove(row, to);
    const { visit, orderId } =
      to === "done"
        ? await finishVisit(ctx, db, row, now)
        : { visit: await cancelVisit(db, row, by, now), orderId: null };
    return { visit, orderId, answer: (await toRequests(db, [visit], now))[0]! };
  });
  await promptForVisit(ctx, closed.visit, closed.orderId);
  return closed.answer;
}

/** A visit cancelled, with the reason staff gave or the farmer's own. */
async function cancelVisit(
  db: Db,
  row: RequestRow,
  by: { clientUserId?: number; reason?: string },
  now: Date,
) {
  const [cancelled] = await db
    .update(serviceRequests)
    .set({
      status: "cancelled",
      cancelledAt: now,
      cancelReason: by.reason ?? (by.clientUserId ? "Cancelled by the farmer" : null),
      updatedAt: now,
    })
    .where(eq(serviceRequests.id, row.id))
    .returning();
  return cancelled!;
}

/** GET /api/field-technicians: who the dispatcher can send, with how many open jobs each already has. */
export function listTechnicians(ctx: AppContext): Promise<FieldTechnician[]> {
  return ctx.database.read((db) =>
    db
      .select({
        id: users.id,
        name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        phone: users.phone,
        openJobs: sql<number>`(select count(*)::int from ${serviceRequests}
          where ${serviceRequests.technicianId} = ${users.id} and ${serviceRequests.status} = 'assigned')`,
      })
      .from(users)
      .where(and(eq(users.role, "field_technician"), staffStatusIs.active))
      .orderBy(asc(users.firstName), asc(users.id))
      .limit(200),
  );
}

/** GET /api/field/jobs: the technician's own open jobs, soonest visit first. */
export const technicianJobs = (ctx: AppContext, technicianId: number): Promise<ServiceRequest[]> =>
  readRequests(
    ctx,
    and(eq(serviceRequests.technicianId, technicianId), eq(serviceRequests.status, "assigned")),
    [sql`coalesce(${serviceRequests.visitFrom}, ${serviceRequests.createdAt})`, sql`${serviceRequests.id}`],
    { limit: 100 },
  );
