import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "./context";
import { isDatabaseUnavailable } from "./db/adapter";
import { vacuumWhereDue } from "./db/vacuum";
import { sweepRateLimits } from "./http/rate-limit";
import { alarmBackups, scheduledBackup } from "./modules/backups/schedule";
import { alarmUnassigned } from "./modules/dispatch/alarm";
import { sendEtimsDocuments } from "./modules/etims/sender";
import { foldOrderTotals } from "./modules/finance/fold";
import { alarmOverdueFlasks } from "./modules/flasks/alarm";
import { databaseUp } from "./modules/health/probe";
import { sendCowReminders } from "./modules/herd/calendar";
import {
  expireItems,
  renewExpiredPicksJob,
  writeOffExpiredBatchesJob,
} from "./modules/inventory/adjustments";
import { drainOutbox } from "./modules/notifications/dispatcher";
import { sendLowStockDigest } from "./modules/notifications/low-stock-digest";
import { alarmStaff } from "./modules/notifications/staff-alarms";
import { expireHolds, warnHolds } from "./modules/payments/holds";
import { reconcilePendingMpesa } from "./modules/payments/service";
import { moveCustomerWindows } from "./modules/reports/top-sellers";
import { checkRefillsDue } from "./modules/storage/tanks";
import { dropExpiredSessions } from "./modules/ussd/sessions";

/** Whether this instance's background jobs run, and whether they wait for the database to come back. */
export interface JobsState {
  enabled: boolean;
  paused: boolean;
}

/** Told of every job run: its name, how long it took and whether it failed. */
export type JobRecorder = (job: string, seconds: number, failed: boolean) => void;

/** One piece of background work; what it answers, when it is a number above 0, is logged. */
export interface Job {
  name: string;
  run: (ctx: AppContext) => Promise<unknown>;
  /** What the count means, for the log line. */
  logs?: string;
}

/**
 * Background work every app instance runs: texting clients whose M-Pesa hold ends soon, expiring unpaid holds, asking M-Pesa about prompts whose
 * callback never came, raising alerts for LN2 tanks whose refill day has passed, texting staff about
 * unacknowledged storage alarms every 30 minutes, emailing the daily low-stock digest, marking items
 * past their expiry date as expired, picking again straws promised from batches that have expired, writing off
 * the expired batches' free straws, moving the customers' 30-day and year totals to end today, folding the
 * order totals' shards of the days before yesterday once a day and, on PGlite, vacuuming
 * as PostgreSQL's autovacuum would. Each claims or locks its rows in the database, so any number of instances
 * may run them.
 */
export const maintenanceJobs: Job[] = [
  { name: "hold_expiry", run: expireHolds, logs: "expired unpaid orders" },
  { name: "hold_warning", run: warnHolds, logs: "texted clients whose M-Pesa hold ends soon" },
  { name: "mpesa_reconcile", run: reconcilePendingMpesa },
  { name: "rate_limit_sweep", run: sweepRateLimits },
  { name: "refill_check", run: checkRefillsDue },
  { name: "staff_alarms", run: alarmStaff },
  { name: "low_stock_digest", run: sendLowStockDigest },
  { name: "item_expiry", run: expireItems, logs: "marked items past their expiry date as expired" },
  {
    name: "pick_renewal",
    run: renewExpiredPicksJob,
    logs: "picked again straws promised from expired batches",
  },
  { name: "batch_write_off", run: writeOffExpiredBatchesJob, logs: "wrote off straws of expired batches" },
  { name: "customer_windows", run: moveCustomerWindows },
  { name: "order_totals_fold", run: foldOrderTotals },
  { name: "cow_calendar", run: sendCowReminders, logs: "texted cow calendar reminders" },
  {
    name: "service_alarms",
    run: alarmUnassigned,
    logs: "alarmed dispatchers of requests waiting over 2 hours",
  },
  { name: "flask_alarms", run: alarmOverdueFlasks, logs: "alarmed the store and holders of overdue flasks" },
  { name: "ussd_sessions", run: dropExpiredSessions },
  { name: "vacuum", run: async (ctx) => (await vacuumWhereDue(ctx.database)).length },
];

/**
 * On a beat of their own, so a backup that takes minutes never holds up hold expiry: the scheduled backup
 * and the Directors' alarms when one failed or none is recent.
 */
const backupJobs: Job[] = [
  { name: "backup", run: scheduledBackup, logs: "made the scheduled backup" },
  { name: "backup_alarms", run: alarmBackups, logs: "told the Directors of backup trouble" },
];

/**
 * On a shorter beat, so a farmer hears within seconds and KRA has each sale within seconds: the outbox's
 * SMS and email, and the eTIMS queue's tax documents.
 */
const outboxJobs: Job[] = [
  // KRA first: a payment's email then carries its invoice as KRA signed it.
  { name: "etims", run: sendEtimsDocuments, logs: "tax documents accepted by KRA" },
  {
    name: "outbox",
    run: async (ctx) => (await drainOutbox(ctx, ctx.transports)).failed,
    logs: "messages failed for good",
  },
];

interface Beat {
  ctx: AppContext;
  log: FastifyBaseLogger;
  state: JobsState;
  record: JobRecorder;
}

/**
 * Runs jobs one after another. A job's failure is logged and the next runs; a database that cannot be
 * reached pauses them all (one log line) until a check finds it back.
 */
async function runBeat(jobs: Job[], { ctx, log, state, record }: Beat): Promise<void> {
  if (state.paused) {
    if (!(await databaseUp(ctx.database, true))) return;
    state.paused = false;
    log.info("the database answers again: background jobs resumed");
  }
  for (const job of jobs) {
    const started = performance.now();
    let failed = false;
    try {
      const count = await job.run(ctx);
      if (job.logs && typeof count === "number" && count > 0) log.info({ job: job.name, count }, job.logs);
    } catch (error) {
      failed = true;
      if (isDatabaseUnavailable(error)) {
        state.paused = true;
        log.warn({ job: job.name, err: error }, "the database is unavailable: background jobs paused");
      } else log.error({ job: job.name, err: error }, "background job failed");
    } finally {
      record(job.name, (performance.now() - started) / 1000, failed);
    }
    if (state.paused) return;
  }
}

/** Runs `work` every `ms`, never two at once: a beat that finds the last still running is skipped. */
function every(ms: number, work: () => Promise<void>) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await work();
    } finally {
      running = false;
    }
  }, ms);
  timer.unref();
  return timer;
}

export function startJobs(
  ctx: AppContext,
  log: FastifyBaseLogger,
  everyMs: number,
  state: JobsState,
  record: JobRecorder,
): () => void {
  const beat: Beat = { ctx, log, state, record };
  state.enabled = true;
  const timers = [
    every(everyMs, () => runBeat(maintenanceJobs, beat)),
    every(Math.min(everyMs, 3000), () => runBeat(outboxJobs, beat)),
    every(Math.min(everyMs, 60_000), () => runBeat(backupJobs, beat)),
  ];
  return () => {
    state.enabled = false;
    for (const timer of timers) clearInterval(timer);
  };
}
