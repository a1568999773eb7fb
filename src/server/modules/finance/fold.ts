import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { claimDay } from "../../db/day-claim";
import { nairobiDate } from "../../time";

/**
 * How many days back the daily fold reaches: the days since the last fold, with room for an instance that
 * was down for weeks. Older days were folded before, and a row an old order's change adds to one since is
 * a few rows more to read, never a wrong sum.
 */
const FOLD_DAYS = 45;

/**
 * Once a Nairobi day (claimed in `app_meta`, so one instance does it), folds the order totals' shards of
 * the days before yesterday and of the months before them into one row per status (`order_totals_fold`,
 * decision 66). Answers how many folds it ran: 1, or 0 when today's was done.
 */
export function foldOrderTotals(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const today = nairobiDate(now);
  return ctx.database.tx(async (db) => {
    if (!(await claimDay(db, "order_totals_fold_day", today, now))) return 0;
    await db.execute(sql`select order_totals_fold(${today}::date - ${FOLD_DAYS}::int, ${today}::date - 2)`);
    return 1;
  });
}
