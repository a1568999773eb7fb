import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "./context";
import { vacuumWhereDue } from "./db/vacuum";
import { sweepRateLimits } from "./http/rate-limit";
import {
  expireItems,
  renewExpiredPicksJob,
  writeOffExpiredBatchesJob,
} from "./modules/inventory/adjustments";
import { drainOutbox } from "./modules/notifications/dispatcher";
import { sendLowStockDigest } from "./modules/notifications/low-stock-digest";
import { alarmStaff } from "./modules/notifications/staff-alarms";
import { expireHolds } from "./modules/payments/holds";
import { reconcilePendingMpesa } from "./modules/payments/service";
import { moveCustomerYear } from "./modules/reports/top-sellers";
import { checkRefillsDue } from "./modules/storage/tanks";

/**
 * Background work every app instance runs: expiring unpaid holds, asking M-Pesa about prompts whose
 * callback never came, raising alerts for LN2 tanks whose refill day has passed, texting staff about
 * unacknowledged storage alarms every 30 minutes, emailing the daily low-stock digest, marking items
 * past their expiry date as expired, picking again straws promised from batches that have expired, writing off
 * the expired batches' free straws, moving the customers' year totals to end today and, on PGlite, vacuuming
 * as PostgreSQL's autovacuum would; and, on a shorter beat so a farmer hears within seconds, sending the
 * outbox's SMS and email. Each claims or locks its rows in the database, so any number of instances may
 * run them.
 */
/** Runs `work` every `ms`, never two at once: a beat that finds the last still running is skipped. */
function every(ms: number, log: FastifyBaseLogger, failure: string, work: () => Promise<void>) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await work();
    } catch (error) {
      log.error({ err: error }, failure);
    } finally {
      running = false;
    }
  }, ms);
  timer.unref();
  return timer;
}

export function startJobs(ctx: AppContext, log: FastifyBaseLogger, everyMs: number): () => void {
  const timers = [
    every(everyMs, log, "background job failed", async () => {
      const expired = await expireHolds(ctx);
      if (expired > 0) log.info({ expired }, "expired unpaid orders");
      await reconcilePendingMpesa(ctx);
      await sweepRateLimits(ctx);
      await checkRefillsDue(ctx);
      await alarmStaff(ctx);
      await sendLowStockDigest(ctx);
      const outdated = await expireItems(ctx);
      if (outdated > 0) log.info({ outdated }, "marked items past their expiry date as expired");
      const renewed = await renewExpiredPicksJob(ctx);
      if (renewed > 0) log.info({ renewed }, "picked again straws promised from expired batches");
      const discarded = await writeOffExpiredBatchesJob(ctx);
      if (discarded > 0) log.info({ discarded }, "wrote off straws of expired batches");
      await moveCustomerYear(ctx);
      const vacuumed = await vacuumWhereDue(ctx.database);
      if (vacuumed.length > 0) log.debug({ tables: vacuumed }, "vacuumed or analysed PGlite tables");
    }),
    every(Math.min(everyMs, 3000), log, "sending messages failed", async () => {
      const messages = await drainOutbox(ctx, ctx.transports);
      if (messages.failed > 0) log.warn(messages, "messages failed for good");
    }),
  ];
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
