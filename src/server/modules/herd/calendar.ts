import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import {
  gestationOf,
  type Reminder,
  type ReminderKind,
  reminderDays,
  reminderKinds,
} from "../../../contract/herd";
import type { MessageKind } from "../../../contract/messages";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { cowEvents, cowReminders, cows } from "../../db/schema";
import { atNairobiNoon, DAY_MS, EAT_OFFSET_MS, nairobiDate } from "../../time";
import { messageRows, writeMessages } from "../notifications/outbox";
import { accountReader } from "../notifications/readers";

/** A Nairobi day `days` after `day`. */
export const dayPlus = (day: string, days: number) =>
  nairobiDate(new Date(atNairobiNoon(day).getTime() + days * DAY_MS));

/**
 * The cow calendar of a new insemination on `serviceDay`: watch for repeat heat, PD due, dry off and calving
 * due, each from its day to its last; one whose last day has already passed (a service recorded late) is
 * not scheduled.
 */
export async function scheduleReminders(
  db: Db,
  cow: { id: number; breed: string },
  event: { id: number; date: string },
  today: string,
): Promise<void> {
  const gestation = gestationOf(cow.breed);
  const rows = reminderKinds
    .map((kind) => {
      const { due, last } = reminderDays(kind, gestation);
      return {
        cowId: cow.id,
        eventId: event.id,
        kind,
        dueOn: dayPlus(event.date, due),
        lastOn: dayPlus(event.date, last),
      };
    })
    .filter((r) => r.lastOn >= today);
  if (rows.length > 0) await db.insert(cowReminders).values(rows);
}

/**
 * Ends the cow's reminders of `kinds` still to be sent: the event they wait for has been recorded. With
 * `answeredOn`, only those of services on or before that day: an event recorded late for an earlier service
 * leaves a later service's calendar alone.
 */
export async function cancelReminders(
  db: Db,
  cowId: number,
  kinds: readonly ReminderKind[] = reminderKinds,
  answeredOn?: string,
) {
  const services = db
    .select({ id: cowEvents.id })
    .from(cowEvents)
    .where(and(eq(cowEvents.cowId, cowId), lte(cowEvents.date, answeredOn ?? "9999-12-31")));
  await db
    .update(cowReminders)
    .set({ status: "cancelled" })
    .where(
      and(
        eq(cowReminders.cowId, cowId),
        eq(cowReminders.status, "scheduled"),
        inArray(cowReminders.kind, [...kinds]),
        inArray(cowReminders.eventId, services),
      ),
    );
}

/** GET /api/client/calendar: the farmer's reminders still to come, soonest first (cows with reminders on). */
export function listCalendar(ctx: AppContext, userId: number): Promise<Reminder[]> {
  return ctx.database.read((db) =>
    db
      .select({
        id: cowReminders.id,
        cowId: cowReminders.cowId,
        cowTag: cows.tag,
        cowName: cows.name,
        kind: cowReminders.kind,
        dueOn: cowReminders.dueOn,
        lastOn: cowReminders.lastOn,
      })
      .from(cowReminders)
      .innerJoin(cows, eq(cows.id, cowReminders.cowId))
      .where(
        and(eq(cows.ownerUserId, userId), eq(cowReminders.status, "scheduled"), eq(cows.reminders, true)),
      )
      .orderBy(asc(cowReminders.dueOn), asc(cowReminders.id))
      .limit(200),
  );
}

const messageOf: Record<ReminderKind, MessageKind> = {
  repeat_heat: "cow_repeat_heat",
  pd_due: "cow_pd_due",
  dry_off: "cow_dry_off",
  calving_due: "cow_calving_due",
};

/**
 * The cow calendar's job: texts each reminder due today (or missed, until its last day) once, from 07:00
 * Nairobi, in the farmer's language. Rows are claimed with FOR UPDATE SKIP LOCKED and marked sent by a
 * conditional update, so two instances running it at once send each once; a reminder past its last day,
 * or of a cow whose reminders are off or who left the herd, is cancelled instead.
 */
export function sendCowReminders(ctx: AppContext, batch = 100): Promise<number> {
  const now = ctx.clock.now();
  // From 07:00 to 20:00 Nairobi time by default (REMINDER_HOURS): a farmer is not texted at night.
  const hours = ctx.config.messaging.reminderHours;
  const hour = new Date(now.getTime() + EAT_OFFSET_MS).getUTCHours();
  if (hour < hours.from || hour >= hours.until) return Promise.resolve(0);
  const today = nairobiDate(now);
  return ctx.database.tx(async (db) => {
    const due = await db
      .select({
        id: cowReminders.id,
        kind: cowReminders.kind,
        dueOn: cowReminders.dueOn,
        lastOn: cowReminders.lastOn,
        serviceDay: cowEvents.date,
        owner: cows.ownerUserId,
        cow: sql<string>`coalesce(${cows.name}, ${cows.tag})`,
        breed: cows.breed,
        on: sql<boolean>`${cows.reminders} and ${cows.status} = 'active'`,
      })
      .from(cowReminders)
      .innerJoin(cows, eq(cows.id, cowReminders.cowId))
      .innerJoin(cowEvents, eq(cowEvents.id, cowReminders.eventId))
      .where(and(eq(cowReminders.status, "scheduled"), lte(cowReminders.dueOn, today)))
      .orderBy(asc(cowReminders.dueOn), asc(cowReminders.id))
      .limit(batch)
      .for("update", { of: cowReminders, skipLocked: true });
    let sent = 0;
    for (const r of due) {
      const send = r.on && r.lastOn >= today;
      const [claimed] = await db
        .update(cowReminders)
        .set(send ? { status: "sent", sentAt: now } : { status: "cancelled" })
        .where(and(eq(cowReminders.id, r.id), eq(cowReminders.status, "scheduled")))
        .returning({ id: cowReminders.id });
      if (!claimed || !send) continue;
      const reader = await accountReader(db, r.owner);
      if (!reader) continue;
      const calving = dayPlus(r.serviceDay, gestationOf(r.breed));
      // The day the message names: the end of the watch, the PD's last day, or the calving.
      const day = r.kind === "repeat_heat" || r.kind === "pd_due" ? r.lastOn : calving;
      await writeMessages(
        db,
        messageRows({
          kind: messageOf[r.kind],
          reader,
          channels: ["sms"],
          facts: { cow: r.cow, date: atNairobiNoon(day) },
          dedupeKey: `cow-reminder:${r.id}`,
          now,
        }),
      );
      sent++;
    }
    return sent;
  });
}
