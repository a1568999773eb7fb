import { and, count, eq, gte, lt, type SQL, sql } from "drizzle-orm";
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
import type { Db } from "../../db/adapter";
import { breedingRecords, customers, inventoryItems, stockDayTotals } from "../../db/schema";
import { daysOf, monthKey, monthStart, nairobiDate, yearStart } from "../../time";
import { conceived, knownOutcome } from "../breeding/outcomes";
import { bookedByBucket, orderTotals, revenueOver } from "../finance/figures";

const n = (v: unknown) => Number(v ?? 0);
/** Difference of two percentages in points, one decimal. */
const pointsChange = (current: number, previous: number) => Math.round((current - previous) * 10) / 10;

/** Units on hand now, and at the start of this month (now less this month's stock in and out, per day totals). */
async function inventoryNowAndMonthStart(db: Db, since: Date) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${inventoryItems.currentStock}), 0)` })
    .from(inventoryItems)
    .where(eq(inventoryItems.isActive, true));
  const [moved] = await db
    .select({ delta: sql<string>`coalesce(sum(${stockDayTotals.stockDelta}), 0)` })
    .from(stockDayTotals)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockDayTotals.inventoryItemId))
    .where(and(eq(inventoryItems.isActive, true), gte(stockDayTotals.day, nairobiDate(since))));
  const total = n(row!.total);
  return { total, atMonthStart: total - n(moved!.delta) };
}

/**
 * Breeding success for the records matching `where`: conceptions over records with a known outcome, as the
 * Breeding Performance card and the catalogue count (a record still awaiting its check is no failure).
 */
function successRate(db: Db, where?: SQL) {
  return db
    .select({
      known: sql<string>`count(*) filter (where ${knownOutcome})`,
      success: sql<string>`count(*) filter (where ${conceived})`,
    })
    .from(breedingRecords)
    .where(where)
    .then(([r]) => percentOf(n(r!.success), n(r!.known)));
}

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
    const inventory = await inventoryNowAndMonthStart(db, thisMonth);
    const rateNow = await successRate(db);
    const rateBefore = await successRate(db, lt(breedingRecords.createdAt, thisMonth));
    const [cust] = await db
      .select({
        active: count(),
        before: sql<string>`count(*) filter (where ${customers.createdAt} < ${thisMonth})`,
      })
      .from(customers)
      .where(eq(customers.isActive, true));
    const money = withMoney
      ? {
          monthlyRevenue: await revenueOver(db, daysOf(thisMonth, monthStart(now, -1))),
          previousRevenue: await revenueOver(db, {
            first: nairobiDate(lastMonth),
            last: nairobiDate(sameDayLastMonth),
          }),
          ...(await orderTotals(db)),
        }
      : null;
    return {
      totalInventory: inventory.total,
      inventoryGrowth: percentChange(inventory.total, inventory.atMonthStart),
      monthlyRevenue: money?.monthlyRevenue ?? null,
      monthlyRevenueUsd: money ? kesToUsd(money.monthlyRevenue) : null,
      revenueGrowth: money ? percentChange(money.monthlyRevenue, money.previousRevenue) : null,
      successRate: rateNow,
      successRateGrowth: pointsChange(rateNow, rateBefore),
      activeCustomers: n(cust!.active),
      customerGrowth: percentChange(n(cust!.active), n(cust!.before)),
      ledger: money?.ledger ?? null,
      held: money?.held ?? null,
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
