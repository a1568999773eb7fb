import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { cowEventInputSchema } from "../../../contract/herd";
import type { Language } from "../../../contract/languages";
import type { AppContext } from "../../context";
import { cows } from "../../db/schema";
import { nairobiDate } from "../../time";
import { priceOf, requestService } from "../dispatch/requests";
import { addCowEvent, boughtStraws } from "../herd/events";
import { visitWindow } from "../notifications/templates";

const HOUR_MS = 3_600_000;

/** The caller's active cow with this ear tag (case aside), or null; and whether they have any cow at all. */
export function cowByTag(ctx: AppContext, userId: number, tag: string) {
  return ctx.database.read(async (db) => {
    const [cow] = await db
      .select({ id: cows.id, tag: cows.tag, name: cows.name })
      .from(cows)
      .where(
        and(
          eq(cows.ownerUserId, userId),
          eq(sql`lower(${cows.tag})`, tag.trim().toLowerCase()),
          eq(cows.status, "active"),
        ),
      );
    if (cow) return { cow, any: true };
    const [some] = await db
      .select({ id: cows.id })
      .from(cows)
      .where(and(eq(cows.ownerUserId, userId), eq(cows.status, "active")))
      .limit(1);
    return { cow: null, any: some !== undefined };
  });
}

/** The straws this caller bought and has not recorded as used, for an insemination: at most three. */
export async function strawsLeft(ctx: AppContext, userId: number) {
  const straws = await boughtStraws(ctx, userId);
  return straws
    .filter((s) => s.bought > s.used)
    .slice(0, 3)
    .map((s) => ({ orderItemId: s.orderItemId, bull: s.bullName ?? s.productName, left: s.bought - s.used }));
}

type EventInput = z.output<typeof cowEventInputSchema>;
/** An event without its day: USSD records what happened today. */
export type TodayEvent = EventInput extends infer E ? (E extends unknown ? Omit<E, "date"> : never) : never;

/** Records today's event for the cow through the herd's own rules, as the farmer's report. */
export function recordToday(ctx: AppContext, userId: number, cowId: number, event: TodayEvent) {
  const date = nairobiDate(ctx.clock.now());
  return addCowEvent(ctx, userId, cowId, { ...event, date } as EventInput);
}

/** What the inseminator and the PD visit cost now, from the service list. */
export const visitPrices = (ctx: AppContext) =>
  ctx.database.read(async (db) => ({ ai: await priceOf(db, "ai"), pd: await priceOf(db, "pd") }));

/** Hours since heat was seen, from the caller's choice: the middle of each band. */
export const heatHoursAgo = [3, 9, 18] as const;

/**
 * A visit for the cow, booked as the portal books one; answers the AM–PM window as the visit's SMS says it
 * (" on 28 Nov, 14:00-19:00"), or "" when there is none.
 */
export async function bookVisit(
  ctx: AppContext,
  userId: number,
  visit: {
    cowId: number;
    kind: "ai" | "pd";
    heatHours: number | null;
    county: string;
    ward: string;
    phone: string;
    language: Language;
  },
): Promise<string> {
  const now = ctx.clock.now();
  const booked = await requestService(ctx, userId, {
    cowId: visit.cowId,
    kind: visit.kind,
    heatSeenAt:
      visit.heatHours === null
        ? undefined
        : new Date(now.getTime() - visit.heatHours * HOUR_MS).toISOString(),
    location: { county: visit.county, ward: visit.ward },
    phone: visit.phone,
    notes: "Booked by USSD",
  });
  const { visitFrom: from, visitTo: to } = booked;
  return visitWindow(visit.language, from && to ? { from: new Date(from), to: new Date(to) } : null);
}
