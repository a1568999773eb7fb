import { and, gte, lte, type SQL, sql } from "drizzle-orm";
import { KES_PER_USD } from "../../../contract/money";
import type { Db } from "../../db/adapter";
import { incomeDayTotals } from "../../db/schema";
import type { DayRange } from "../../time";

/**
 * Revenue is money received: completed income net of the ledger's refunds, in KES (USD at the business rate).
 * Which transactions count is the SQL function `income_net` (drizzle/0017); its trigger keeps
 * `income_day_totals`, so these read at most a row per day and shard whatever the number of transactions.
 */
const netKes = sql<string>`coalesce(sum(case when ${incomeDayTotals.currency} = 'USD' then ${incomeDayTotals.netAmount} * ${KES_PER_USD} else ${incomeDayTotals.netAmount} end), 0)`;

const within = (range: DayRange | null): SQL | undefined =>
  range ? and(gte(incomeDayTotals.day, range.first), lte(incomeDayTotals.day, range.last)) : undefined;

/** Revenue over whole Nairobi days, or over all time. */
export async function revenueOver(db: Db, range: DayRange | null): Promise<number> {
  const [row] = await db.select({ total: netKes }).from(incomeDayTotals).where(within(range));
  return Number(row!.total);
}

/** Revenue per Nairobi calendar month (YYYY-MM) over whole days. */
export async function revenueByMonth(db: Db, range: DayRange): Promise<Map<string, number>> {
  const month = sql<string>`to_char(${incomeDayTotals.day}, 'YYYY-MM')`;
  const rows = await db
    .select({ month, total: netKes })
    .from(incomeDayTotals)
    .where(within(range))
    .groupBy(month);
  return new Map(rows.map((r) => [r.month, Number(r.total)]));
}
