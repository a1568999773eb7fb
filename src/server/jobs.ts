import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "./context";
import { sweepRateLimits } from "./http/rate-limit";
import { expireItems } from "./modules/inventory/adjustments";
import { expireHolds } from "./modules/payments/holds";
import { reconcilePendingMpesa } from "./modules/payments/service";
import { checkRefillsDue } from "./modules/storage/tanks";

/**
 * Background work every app instance runs: expiring unpaid holds, asking M-Pesa about prompts whose
 * callback never came, raising alerts for LN2 tanks whose refill day has passed, and marking items past
 * their expiry date as expired. Each claims or locks its rows in the database, so any number of instances
 * may run them.
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
      const outdated = await expireItems(ctx);
      if (outdated > 0) log.info({ outdated }, "marked items past their expiry date as expired");
    } catch (error) {
      log.error({ err: error }, "background job failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
