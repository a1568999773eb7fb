import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { z } from "zod";
import {
  ASSIGN_WITHIN_MS,
  amPmWindow,
  type ServiceRequest,
  type serviceRequestInputSchema,
} from "../../../contract/service-requests";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { cows, servicePrices, serviceRequests, users } from "../../db/schema";
import { conflict, notFound, validationError } from "../../errors";
import { countMatching } from "../../http/list-total";
import { ownCow } from "../herd/cows";

type RequestRow = typeof serviceRequests.$inferSelect;

/** Heat seen longer ago than this has passed: she will come on heat again in about 21 days. */
const HEAT_LASTS_MS = 36 * 3_600_000;
/** A clock a few minutes fast on the farmer's phone is not "the future". */
const CLOCK_SLACK_MS = 10 * 60_000;

/** Requests as the farmer and the dispatcher read them: the cow, the farmer, the technician sent. */
export async function toRequests(db: Db, rows: RequestRow[], now: Date): Promise<ServiceRequest[]> {
  if (rows.length === 0) return [];
  const cowRows = await db
    .select({ id: cows.id, tag: cows.tag, name: cows.name, breed: cows.breed, updatedAt: cows.updatedAt })
    .from(cows)
    .where(
      inArray(
        cows.id,
        rows.map((r) => r.cowId),
      ),
    );
  const people = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName, phone: users.phone })
    .from(users)
    .where(
      inArray(users.id, [
        ...new Set(rows.flatMap((r) => [r.clientUserId, ...(r.technicianId ? [r.technicianId] : [])])),
      ]),
    );
  const cowById = new Map(cowRows.map((c) => [c.id, c]));
  const personById = new Map(people.map((p) => [p.id, p]));
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return rows.map((r) => {
    const farmer = personById.get(r.clientUserId);
    const technician = r.technicianId ? personById.get(r.technicianId) : undefined;
    return {
      id: r.id,
      kind: r.kind,
      status: r.status,
      cow: { ...cowById.get(r.cowId)!, updatedAt: cowById.get(r.cowId)!.updatedAt.toISOString() },
      farmer: farmer ? `${farmer.first} ${farmer.last}` : "",
      phone: r.phone,
      location: {
        county: r.county,
        ...(r.ward && { ward: r.ward }),
        ...(r.description && { description: r.description }),
        ...(r.lat !== null && { lat: r.lat }),
        ...(r.lng !== null && { lng: r.lng }),
      },
      heatSeenAt: iso(r.heatSeenAt),
      visitFrom: iso(r.visitFrom),
      visitTo: iso(r.visitTo),
      priceKes: r.priceKes,
      notes: r.notes,
      technician: technician
        ? { id: technician.id, name: `${technician.first} ${technician.last}`, phone: technician.phone }
        : null,
      createdAt: r.createdAt.toISOString(),
      assignedAt: iso(r.assignedAt),
      doneAt: iso(r.doneAt),
      cancelledAt: iso(r.cancelledAt),
      cancelReason: r.cancelReason,
      orderId: r.orderId,
      overdue: r.status === "requested" && now.getTime() - r.createdAt.getTime() > ASSIGN_WITHIN_MS,
    };
  });
}

/**
 * One page of requests matching `where`, in `order`, as the screens read them: the farmer's, the board's
 * and a technician's lists share it.
 */
export function readRequests(
  ctx: AppContext,
  where: SQL | undefined,
  order: SQL[],
  page: { limit: number; offset?: number },
): Promise<ServiceRequest[]> {
  return ctx.database.read(async (db) =>
    toRequests(
      db,
      await db
        .select()
        .from(serviceRequests)
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset ?? 0),
      ctx.clock.now(),
    ),
  );
}

/** What a visit of `kind` costs now, from the service list. */
export async function priceOf(db: Db, kind: RequestRow["kind"]): Promise<number> {
  const [row] = await db
    .select({ priceKes: servicePrices.priceKes })
    .from(servicePrices)
    .where(eq(servicePrices.kind, kind));
  if (!row) throw conflict("This service has no price yet: ask Urithi to set one");
  return row.priceKes;
}

/**
 * POST /api/client/service-requests: a farmer asks for an inseminator or a PD visit for one of their cows.
 * An insemination with heat seen gets the visit window of the AM–PM rule; the price is the service list's.
 * One open request per cow: a second one while the first waits would send two technicians.
 */
export function requestService(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof serviceRequestInputSchema>,
): Promise<ServiceRequest> {
  const now = ctx.clock.now();
  const heat = input.kind === "ai" && input.heatSeenAt ? new Date(input.heatSeenAt) : null;
  if (heat && heat.getTime() > now.getTime() + CLOCK_SLACK_MS) {
    throw validationError("Heat seen cannot be in the future", { heatSeenAt: "Not in the future" });
  }
  if (heat && now.getTime() - heat.getTime() > HEAT_LASTS_MS) {
    throw validationError("That heat has passed: ask when you see her in heat again", {
      heatSeenAt: "More than 36 hours ago",
    });
  }
  return ctx.database.tx(async (db) => {
    const cow = await ownCow(db, userId, input.cowId, true);
    if (cow.status !== "active") throw conflict(`${cow.name ?? cow.tag} has left the herd`);
    const [open] = await db
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(
        and(eq(serviceRequests.cowId, cow.id), inArray(serviceRequests.status, ["requested", "assigned"])),
      );
    if (open) throw conflict(`${cow.name ?? cow.tag} already has a visit booked`);
    const window = heat ? amPmWindow(heat) : null;
    const [row] = await db
      .insert(serviceRequests)
      .values({
        clientUserId: userId,
        cowId: cow.id,
        kind: input.kind,
        heatSeenAt: heat,
        visitFrom: window?.from ?? null,
        visitTo: window?.to ?? null,
        county: input.location.county,
        ward: input.location.ward || null,
        description: input.location.description || null,
        lat: input.location.lat ?? null,
        lng: input.location.lng ?? null,
        phone: input.phone,
        notes: input.notes || null,
        priceKes: await priceOf(db, input.kind),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return (await toRequests(db, [row!], now))[0]!;
  });
}

const clientFilter = (userId: number, cowId?: number) =>
  and(eq(serviceRequests.clientUserId, userId), cowId ? eq(serviceRequests.cowId, cowId) : undefined);

/** GET /api/client/service-requests: the farmer's own (one cow's when asked), newest first. */
export const listClientRequests = (
  ctx: AppContext,
  userId: number,
  page: { limit: number; offset: number; cowId?: number },
): Promise<ServiceRequest[]> =>
  readRequests(
    ctx,
    clientFilter(userId, page.cowId),
    [desc(serviceRequests.createdAt), desc(serviceRequests.id)],
    page,
  );

export const countClientRequests = (ctx: AppContext, userId: number, cowId?: number) =>
  countMatching(ctx, serviceRequests, clientFilter(userId, cowId));

/** A request, locked for a change; another farmer's is not found. */
export async function lockRequest(db: Db, id: number, clientUserId?: number): Promise<RequestRow> {
  const [row] = await db
    .select()
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.id, id),
        clientUserId === undefined ? undefined : eq(serviceRequests.clientUserId, clientUserId),
      ),
    )
    .for("update");
  if (!row) throw notFound("Service request");
  return row;
}
