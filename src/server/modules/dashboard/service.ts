import { and, lt, type SQL, sql } from "drizzle-orm";
import {
  type BreedingMetrics,
  type DashboardMetrics,
  percentChange,
  percentOf,
  type SalesTrendPoint,
  type salesTrendRanges,
} from "../../../contract/dashboard";
import { kesToUsd } from "../../../contract/money";
import type { AppContext } from "../../context";
import { prepared, together } from "../../db/adapter";
import { breedingRecords, customers, inventoryItems, stockDayTotals } from "../../db/schema";
import { daysOf, monthKey, monthStart, nairobiDate, yearStart } from "../../time";
import { conceived, knownOutcome } from "../breeding/outcomes";
import { bookedByBucket, orderTotals, revenueOver } from "../finance/figures";

const n = (v: unknown) => Number(v ?? 0);
/** Difference of two percentages in points, one decimal. */
const pointsChange = (current: number, previous: number) => Math.round((current - previous) * 10) / 10;

/**
 * The dashboard's figures that are not money, in one prepared statement (decision 50): units on hand now and
 * the stock moved since the month began (per day totals), breeding success now and before this month, and
 * active customers now and before this month. Each part is one row; they are read side by side.
 */
const figuresStatement = prepared<
  { since: string; monthStart: string },
  Record<
    "total" | "moved" | "known" | "success" | "knownBefore" | "successBefore" | "active" | "activeBefore",
    string
  >
>(
  "dashboard_figures",
  (p) => sql`with stock as (
      select coalesce(sum(${inventoryItems.currentStock}), 0)::text as total
      from ${inventoryItems} where ${inventoryItems.isActive}
    ), moved as (
      select coalesce(sum(${stockDayTotals.stockDelta}), 0)::text as moved
      from ${stockDayTotals} join ${inventoryItems} on ${inventoryItems.id} = ${stockDayTotals.inventoryItemId}
      where ${inventoryItems.isActive} and ${stockDayTotals.day} >= ${p.since}::date
    ), breeding as (
      select count(*) filter (where ${knownOutcome})::text as known,
             count(*) filter (where ${conceived})::text as success,
             count(*) filter (where ${knownOutcome} and ${breedingRecords.createdAt} < ${p.monthStart}::timestamptz)::text as "knownBefore",
             count(*) filter (where ${conceived} and ${breedingRecords.createdAt} < ${p.monthStart}::timestamptz)::text as "successBefore"
      from ${breedingRecords}
    ), active as (
      select count(*)::text as active,
             count(*) filter (where ${customers.createdAt} < ${p.monthStart}::timestamptz)::text as "activeBefore"
      from ${customers} where ${customers.isActive}
    )
    select * from stock, moved, breeding, active`,
  { planOnce: true },
);

/** The dashboard's figures; money only for those who may see the books. */
export function dashboardMetrics(ctx: AppContext, withMoney: boolean): Promise<DashboardMetrics> {
  const now = ctx.clock.now();
  const thisMonth = monthStart(now);
  const lastMonth = monthStart(now, 1);
  // Like with like: this month to date against the same days of last month (never past its end).
  const sameDayLastMonth = new Date(
    Math.min(lastMonth.getTime() + (now.getTime() - thisMonth.getTime()), thisMonth.getTime() - 1),
  );
  return ctx.database.read(async (db) => {
    // Sent together: the figures, and the money for those who may see it.
    const [[f], money] = await together([
      figuresStatement(db, { since: nairobiDate(thisMonth), monthStart: thisMonth.toISOString() }),
      withMoney
        ? together([
            revenueOver(db, daysOf(thisMonth, monthStart(now, -1))),
            revenueOver(db, { first: nairobiDate(lastMonth), last: nairobiDate(sameDayLastMonth) }),
            orderTotals(db),
          ])
        : Promise.resolve(null),
    ]);
    const total = n(f!.total);
    const rateNow = percentOf(n(f!.success), n(f!.known));
    const rateBefore = percentOf(n(f!.successBefore), n(f!.knownBefore));
    const [monthlyRevenue, previousRevenue, totals] = money ?? [0, 0, null];
    return {
      totalInventory: total,
      inventoryGrowth: percentChange(total, total - n(f!.moved)),
      monthlyRevenue: money ? monthlyRevenue : null,
      monthlyRevenueUsd: money ? kesToUsd(monthlyRevenue) : null,
      revenueGrowth: money ? percentChange(monthlyRevenue, previousRevenue) : null,
      successRate: rateNow,
      successRateGrowth: pointsChange(rateNow, rateBefore),
      activeCustomers: n(f!.active),
      customerGrowth: percentChange(n(f!.active), n(f!.activeBefore)),
      ledger: totals?.ledger ?? null,
      held: totals?.held ?? null,
    };
  });
}

/**
 * AI and ET success rates and the pregnancy rate, each with its change in points since the start of this
 * month. All three are conceptions over services with a known outcome, as the catalogue measures a bull.
 */
export function breedingMetrics(ctx: AppContext): Promise<BreedingMetrics> {
  const thisMonth = monthStart(ctx.clock.now()).toISOString().slice(0, 10);
  const before = lt(breedingRecords.serviceDate, thisMonth);
  const ai = sql`${breedingRecords.serviceType} = 'AI'`;
  const et = sql`${breedingRecords.serviceType} = 'ET'`;
  const counted = (...where: SQL[]) => sql<string>`count(*) filter (where ${and(...where)})`;
  return ctx.database.read(async (db) => {
    const [r] = await db
      .select({
        ai: counted(ai, knownOutcome),
        aiOk: counted(ai, conceived),
        aiBefore: counted(ai, knownOutcome, before),
        aiOkBefore: counted(ai, conceived, before),
        et: counted(et, knownOutcome),
        etOk: counted(et, conceived),
        etBefore: counted(et, knownOutcome, before),
        etOkBefore: counted(et, conceived, before),
        diag: counted(knownOutcome),
        preg: counted(conceived),
        diagBefore: counted(knownOutcome, before),
        pregBefore: counted(conceived, before),
      })
      .from(breedingRecords);
    const aiRate = percentOf(n(r!.aiOk), n(r!.ai));
    const etRate = percentOf(n(r!.etOk), n(r!.et));
    const preg = percentOf(n(r!.preg), n(r!.diag));
    return {
      aiSuccessRate: aiRate,
      aiGrowth: pointsChange(aiRate, percentOf(n(r!.aiOkBefore), n(r!.aiBefore))),
      etSuccessRate: etRate,
      etGrowth: pointsChange(etRate, percentOf(n(r!.etOkBefore), n(r!.etBefore))),
      pregnancyRate: preg,
      pregnancyGrowth: pointsChange(preg, percentOf(n(r!.pregBefore), n(r!.diagBefore))),
    };
  });
}

/** Revenue (booked order value) per month for the chosen range, every month present (0 when none). */
export function salesTrend(
  ctx: AppContext,
  range: (typeof salesTrendRanges)[number],
): Promise<SalesTrendPoint[]> {
  const now = ctx.clock.now();
  const from = range === "ytd" ? yearStart(now) : monthStart(now, range === "6m" ? 5 : 11);
  const to = monthStart(now, -1);
  return ctx.database.read(async (db) => {
    const byMonth = new Map(
      (await bookedByBucket(db, daysOf(from, to), "month")).map((b) => [b.label, b.bookedKes]),
    );
    const points: SalesTrendPoint[] = [];
    for (let i = 0; ; i++) {
      const start = monthStart(from, -i);
      if (start >= to) break;
      // monthStart(from, -i) lands on the first of each month; +1 day keeps us inside it for the key.
      const key = monthKey(new Date(start.getTime() + 86_400_000));
      points.push({ month: key, revenue: byMonth.get(key) ?? 0 });
    }
    return points;
  });
}
