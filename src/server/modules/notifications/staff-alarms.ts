import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Role } from "../../../contract/roles";
import type { AppContext } from "../../context";
import { storageAlerts } from "../../db/schema";
import { messageRows, writeMessages } from "./outbox";
import { staffReaders } from "./readers";

/** Who is woken for the cold chain: the lab, and the Directors. */
const alarmRoles: Role[] = ["lab_technician", "director"];

/**
 * Texts lab staff and Directors about every storage alert that can lose stock (a critical temperature or
 * refill, or a low LN2 level) and nobody has acknowledged yet: at once, then every 30 minutes
 * (ALARM_REPEAT_SECONDS) until someone acknowledges it in the app. An alert raised again as worse is texted
 * at once. Each round is claimed by a conditional update under `SKIP LOCKED`, so two instances never text
 * the same round twice. Answers how many alerts were texted.
 */
export async function alarmStaff(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const due = or(
    isNull(storageAlerts.alarmedAt),
    lte(storageAlerts.alarmedAt, new Date(now.getTime() - ctx.config.messaging.alarmRepeatMs)),
    sql`${storageAlerts.alarmedAt} < ${storageAlerts.raisedAt}`,
  );
  return ctx.database.tx(async (db) => {
    const alerts = await db
      .select({ id: storageAlerts.id, message: storageAlerts.message })
      .from(storageAlerts)
      .where(
        and(
          isNull(storageAlerts.resolvedAt),
          isNull(storageAlerts.acknowledgedAt),
          // A condition that stopped stays on the banner for a person to close, but alarms nobody again.
          isNull(storageAlerts.clearedAt),
          or(eq(storageAlerts.severity, "critical"), eq(storageAlerts.kind, "ln2_level")),
          due,
        ),
      )
      .for("update", { skipLocked: true });
    if (alerts.length === 0) return 0;
    await db
      .update(storageAlerts)
      .set({ alarmedAt: now })
      .where(
        inArray(
          storageAlerts.id,
          alerts.map((a) => a.id),
        ),
      );
    const staff = await staffReaders(db, alarmRoles);
    await writeMessages(
      db,
      alerts.flatMap((alert) =>
        staff.flatMap((person) =>
          messageRows({
            kind: "storage_alarm",
            reader: person,
            facts: { alarm: alert.message },
            channels: ["sms"],
            dedupeKey: `alarm:${alert.id}:${now.getTime()}:${person.userId}`,
            now,
          }),
        ),
      ),
    );
    return alerts.length;
  });
}
