import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "./context";
import { sweepRateLimits } from "./http/rate-limit";
import { expireItems } from "./modules/inventory/adjustments";
import { drainOutbox } from "./modules/notifications/dispatcher";
import { sendLowStockDigest } from "./modules/notifications/low-stock-digest";
import { alarmStaff } from "./modules/notifications/staff-alarms";
import { expireHolds } from "./modules/payments/holds";
import { reconcilePendingMpesa } from "./modules/payments/service";
import { checkRefillsDue } from "./modules/storage/tanks";

/**
 * Background work every app instance runs: expiring unpaid holds, asking M-Pesa about prompts whose
 * callback never came, raising alerts for LN2 tanks whose refill day has passed, texting staff about
 * unacknowledged storage alarms every 30 minutes, emailing the daily low-stock digest, and marking items
 * past their expiry date as expired; and, on a shorter beat so a farmer hears within seconds, sending the
 * outbox's SMS and email. Each claims or locks its rows in the database, so any number of instances may
 * run them.
 */
export function startJobs(ctx: AppContext, log: FastifyBaseLogger, everyMs: number): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const expired = await expireHolds(ctx);
      if (expired > 0) log.info({ expired }, "expired unpaid orders");
      await reconcilePendingMpesa(ctx);
      await sweepRateLimits(ctx);
      await checkRefillsDue(ctx);
      await alarmStaff(ctx);
      await sendLowStockDigest(ctx);
      const outdated = await expireItems(ctx);
      if (outdated > 0) log.info({ outdated }, "marked items past their expiry date as expired");
    } catch (error) {
      log.error({ err: error }, "background job failed");
    } finally {
      running = false;
    }
  };
  let sending = false;
  const send = async () => {
    if (sending) return;
    sending = true;
    try {
      const messages = await drainOutbox(ctx, ctx.transports);
      if (messages.failed > 0) log.warn(messages, "messages failed for good");
    } catch (error) {
      log.error({ err: error }, "sending messages failed");
    } finally {
      sending = false;
    }
  };
  const timers = [
    setInterval(() => void tick(), everyMs),
    setInterval(() => void send(), Math.min(everyMs, 3000)),
  ];
  for (const timer of timers) timer.unref();
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
