import { and, count, eq, gte, isNotNull, isNull, sql } from "drizzle-orm";
import type { CallbackRequest, CallbackRequestQuery, UssdSummary } from "../../../contract/ussd";
import type { AppContext } from "../../context";
import { callbackRequests, users, ussdDays } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { sortBy } from "../../http/list-sort";
import { countMatching } from "../../http/list-total";
import { DAY_MS, nairobiDate } from "../../time";

/** "Call me": one open request per phone (a unique index); asking again while it waits keeps the first. */
export function askForCall(
  ctx: AppContext,
  call: { phone: string; userId: number | null; name: string | null },
) {
  const now = ctx.clock.now();
  return ctx.database.statement((db) =>
    db
      .insert(callbackRequests)
      .values({ ...call, channel: "ussd", createdAt: now })
      .onConflictDoNothing({
        target: callbackRequests.phone,
        where: sql`${callbackRequests.calledAt} is null`,
      }),
  );
}

const viewOf = (view: CallbackRequestQuery["view"]) =>
  view === "open" ? isNull(callbackRequests.calledAt) : isNotNull(callbackRequests.calledAt);

/** GET /api/callback-requests: who asked to be called, with their customer record when they have one. */
export function listCallbackRequests(ctx: AppContext, q: CallbackRequestQuery): Promise<CallbackRequest[]> {
  return ctx.database.read(async (db) => {
    const rows = await db
      .select({ row: callbackRequests, customerId: users.customerId })
      .from(callbackRequests)
      .leftJoin(users, eq(users.id, callbackRequests.userId))
      .where(viewOf(q.view))
      .orderBy(...sortBy({ createdAt: callbackRequests.createdAt }, q, callbackRequests.id))
      .limit(q.limit)
      .offset(q.offset);
    return rows.map(({ row, customerId }) => ({
      id: row.id,
      name: row.name,
      phone: row.phone,
      customerId: customerId ?? null,
      channel: row.channel,
      createdAt: row.createdAt.toISOString(),
      calledAt: row.calledAt?.toISOString() ?? null,
    }));
  });
}

export const countCallbackRequests = (ctx: AppContext, view: CallbackRequestQuery["view"]) =>
  countMatching(ctx, callbackRequests, viewOf(view));

/** POST /api/callback-requests/:id/called: a member of staff rang the farmer back. */
export function markCalled(ctx: AppContext, id: number, staffId: number) {
  const now = ctx.clock.now();
  return ctx.database.tx(async (db) => {
    const [row] = await db
      .update(callbackRequests)
      .set({ calledAt: now, calledBy: staffId })
      .where(and(eq(callbackRequests.id, id), isNull(callbackRequests.calledAt)))
      .returning({ id: callbackRequests.id });
    if (row) return;
    const [exists] = await db
      .select({ id: callbackRequests.id })
      .from(callbackRequests)
      .where(eq(callbackRequests.id, id));
    throw exists ? conflict("Someone has already called this farmer back") : notFound("Call-back request");
  });
}

/** GET /api/ussd/summary: today's and the week's USSD sessions and orders, and the calls waiting. */
export function ussdSummary(ctx: AppContext): Promise<UssdSummary> {
  const now = ctx.clock.now();
  const today = nairobiDate(now);
  const weekStart = nairobiDate(new Date(now.getTime() - 6 * DAY_MS));
  return ctx.database.read(async (db) => {
    const [days] = await db
      .select({
        sessionsToday: sql<number>`coalesce(sum(${ussdDays.sessions}) filter (where ${ussdDays.day} = ${today}), 0)::int`,
        sessions7Days: sql<number>`coalesce(sum(${ussdDays.sessions}), 0)::int`,
        ordersToday: sql<number>`coalesce(sum(${ussdDays.orders}) filter (where ${ussdDays.day} = ${today}), 0)::int`,
      })
      .from(ussdDays)
      .where(gte(ussdDays.day, weekStart));
    const [open] = await db
      .select({ n: count() })
      .from(callbackRequests)
      .where(isNull(callbackRequests.calledAt));
    return { ...days!, openCallbacks: open!.n };
  });
}
