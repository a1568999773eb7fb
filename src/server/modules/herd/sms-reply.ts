import { and, desc, eq, gte, isNull } from "drizzle-orm";
import type { IncomingSms } from "../../../contract/herd";
import { kenyanMobileE164 } from "../../../contract/primitives";
import type { Config } from "../../config";
import type { AppContext } from "../../context";
import { cowReminders, cows, incomingMessages, users } from "../../db/schema";
import { AppError } from "../../errors";
import { DAY_MS, nairobiDate } from "../../time";
import { messageRows, writeMessages } from "../notifications/outbox";
import { accountReader } from "../notifications/readers";
import { recordEvent } from "./events";

/**
 * In demo mode without AT_CALLBACK_SECRET, Africa's Talking's stand-in (/sms-simulator) posts with this one:
 * demo mode is off in production, where the callback answers 404 until the secret is set.
 */
export const DEMO_CALLBACK_SECRET = "urithi-demo-callbacks";

/** The secret the incoming-message callback expects: AT_CALLBACK_SECRET, else the stand-in's in demo mode. */
export const incomingSecret = (config: Pick<Config, "messaging" | "demoMode">): string | undefined =>
  config.messaging.callbackSecret ?? (config.demoMode ? DEMO_CALLBACK_SECRET : undefined);

/** A PD reminder may be answered this long after it was sent. */
const ANSWER_WITHIN_DAYS = 45;

export type SmsOutcome =
  | "pd_recorded"
  | "duplicate"
  | "unknown_sender"
  | "nothing_asked"
  | "not_understood"
  | "not_recorded";

const answers: Record<string, "pregnant" | "open"> = { "1": "pregnant", "2": "open" };

/**
 * A farmer's SMS through Africa's Talking's incoming-message callback: "1" (pregnant) or "2" (not) answers
 * the newest PD reminder sent to that number, recording the PD as the farmer's own report and thanking them.
 * Kept once by the provider's id, so a retried callback records nothing twice; an unknown number, a reply
 * nobody asked for or words it cannot read change nothing.
 */
export function receiveSms(ctx: AppContext, sms: IncomingSms): Promise<SmsOutcome> {
  const now = ctx.clock.now();
  return ctx.database.tx(async (db): Promise<SmsOutcome> => {
    const keep = (outcome: SmsOutcome) =>
      db
        .insert(incomingMessages)
        .values({ providerId: sms.id, sender: sms.from, text: sms.text, outcome, receivedAt: now })
        .onConflictDoNothing()
        .returning({ id: incomingMessages.id });
    const [seen] = await db
      .select({ id: incomingMessages.id })
      .from(incomingMessages)
      .where(eq(incomingMessages.providerId, sms.id));
    if (seen) return "duplicate";
    const phone = kenyanMobileE164(sms.from);
    const [question] = phone
      ? await db
          .select({ reminder: cowReminders.id, cowId: cows.id, owner: cows.ownerUserId })
          .from(cowReminders)
          .innerJoin(cows, eq(cows.id, cowReminders.cowId))
          .innerJoin(users, eq(users.id, cows.ownerUserId))
          .where(
            and(
              eq(users.phone, phone),
              eq(cowReminders.kind, "pd_due"),
              eq(cowReminders.status, "sent"),
              isNull(cowReminders.answeredEventId),
              gte(cowReminders.sentAt, new Date(now.getTime() - ANSWER_WITHIN_DAYS * DAY_MS)),
            ),
          )
          .orderBy(desc(cowReminders.sentAt), desc(cowReminders.id))
          .limit(1)
      : [];
    const result = answers[sms.text.trim().replace(/[.!]$/, "")];
    const outcome: SmsOutcome = !phone
      ? "unknown_sender"
      : !question
        ? "nothing_asked"
        : !result
          ? "not_understood"
          : "pd_recorded";
    if (outcome !== "pd_recorded") {
      // Two callbacks of one message at once: the second's row is refused by the unique id.
      return (await keep(outcome)).length ? outcome : "duplicate";
    }
    const [cow] = await db.select().from(cows).where(eq(cows.id, question!.cowId)).for("update");
    try {
      const event = await recordEvent(
        db,
        cow!,
        { type: "pd", date: nairobiDate(now), result: result! },
        { source: "sms", actorId: null, now },
      );
      await db
        .update(cowReminders)
        .set({ answeredEventId: event.id })
        .where(eq(cowReminders.id, question!.reminder));
    } catch (error) {
      // The cow left the herd, or a rule refused the day: the reply is kept, and changes nothing.
      if (!(error instanceof AppError)) throw error;
      return (await keep("not_recorded")).length ? "not_recorded" : "duplicate";
    }
    if (!(await keep("pd_recorded")).length) throw new AppError("CONFLICT", "This message is being recorded");
    const reader = await accountReader(db, question!.owner);
    if (reader) {
      await writeMessages(
        db,
        messageRows({
          kind: "cow_pd_recorded",
          reader,
          channels: ["sms"],
          facts: { cow: cow!.name ?? cow!.tag, reason: result },
          dedupeKey: `sms-reply:${sms.id}`,
          now,
        }),
      );
    }
    return "pd_recorded";
  });
}
