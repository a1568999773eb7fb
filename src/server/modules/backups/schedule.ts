import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { AppContext } from "../../context";
import { backups } from "../../db/schema";
import { AppError } from "../../errors";
import { messageRows, writeMessages } from "../notifications/outbox";
import { staffReaders } from "../notifications/readers";
import { type BackupContext, backupTimes, isOverdue, makeBackup } from "./service";

/** After a failed backup the schedule tries again this soon (or at its interval, if shorter). */
const RETRY_AFTER_MS = 30 * 60 * 1000;

const backupContext = (ctx: AppContext): BackupContext => ({
  database: ctx.database,
  config: ctx.config,
  now: () => ctx.clock.now(),
});

/**
 * The schedule: a backup once BACKUP_INTERVAL_HOURS have passed since the last good one (at once on a new
 * install), on whichever instance claims it first; the others find it running, or made, and wait for the
 * next. Answers 1 when this instance made one.
 */
export async function scheduledBackup(ctx: AppContext): Promise<number> {
  const { intervalHours } = ctx.config.backups;
  if (intervalHours === 0) return 0;
  const now = ctx.clock.now().getTime();
  const interval = intervalHours * 3600_000;
  const times = await backupTimes(ctx.database);
  if (times.lastOk && now - times.lastOk.getTime() < interval) return 0;
  if (times.lastAttempt && now - times.lastAttempt.getTime() < Math.min(interval, RETRY_AFTER_MS)) return 0;
  try {
    await makeBackup(backupContext(ctx), "schedule");
    return 1;
  } catch (error) {
    // Another instance (or `npm run backup`) is making one: that one counts.
    if (error instanceof AppError && error.code === "CONFLICT") return 0;
    throw error;
  }
}

/**
 * Tells the Directors, by SMS and email, of every backup that failed (or whose off-site copy did), once each,
 * and once a day while backups are overdue. Claimed under SKIP LOCKED, so instances never tell twice.
 */
export async function alarmBackups(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const times = await backupTimes(ctx.database);
  const overdue = isOverdue(ctx.config.backups.intervalHours, times, now);
  return ctx.database.tx(async (db) => {
    const failed = await db
      .select({ id: backups.id, status: backups.status, error: backups.error })
      .from(backups)
      .where(
        and(
          isNull(backups.alarmedAt),
          or(eq(backups.status, "failed"), and(eq(backups.status, "ok"), eq(backups.offsite, "failed"))),
        ),
      )
      .for("update", { skipLocked: true });
    if (failed.length === 0 && !overdue) return 0;
    if (failed.length > 0) {
      await db
        .update(backups)
        .set({ alarmedAt: now })
        .where(
          inArray(
            backups.id,
            failed.map((b) => b.id),
          ),
        );
    }
    const alarms = failed.map((b) => ({
      text:
        b.status === "failed"
          ? `backup failed: ${b.error ?? "no reason given"}`
          : (b.error ?? "off-site copy failed"),
      key: `backup:${b.id}`,
    }));
    if (overdue) {
      const since = times.lastOk
        ? `since ${times.lastOk.toISOString().slice(0, 16).replace("T", " ")} UTC`
        : "ever";
      alarms.push({
        text: `no good backup ${since}`,
        key: `backup-overdue:${now.toISOString().slice(0, 10)}`,
      });
    }
    const directors = await staffReaders(db, ["director"]);
    await writeMessages(
      db,
      alarms.flatMap((alarm) =>
        directors.flatMap((person) =>
          messageRows({
            kind: "backup_alarm",
            reader: person,
            facts: { alarm: alarm.text.slice(0, 120) },
            dedupeKey: `${alarm.key}:${person.userId}`,
            now,
          }),
        ),
      ),
    );
    return alarms.length;
  });
}
