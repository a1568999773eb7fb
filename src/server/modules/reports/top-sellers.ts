import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { type Report, reportPeriodDays } from "../../../contract/reports";
import type { AppContext } from "../../context";
import { arrayText, type Db, type Placeholders, prepared } from "../../db/adapter";
import {
  bookedCustomerDayTotals,
  bookedCustomerMonthTotals,
  bookedCustomerWindows,
  bookedCustomerWindowTotals,
  bookedProductDayTotals,
  bookedProductMonthTotals,
  customers,
  orders,
} from "../../db/schema";
import {
  coverByMonths,
  type DayRange,
  dayCount,
  nairobiDate,
  nairobiDayEnd,
  nairobiDayStart,
} from "../../time";
import { type CoverParams, coveredRows, coverParams } from "../finance/cover";
import { isBooked } from "../finance/figures";

type TopProduct = Omit<Report["salesReport"]["topProducts"][number], "share">;
type TopCustomer = Report["customerReport"]["topCustomers"][number];

const topProductsStatement = prepared<
  CoverParams & { limit: number },
  { name: string; units: string; revenue: string }
>(
  "top_products",
  (p) => sql`select product_name as name, sum(units)::text as units, sum(revenue_kes)::text as revenue
      from (${totalsOver(p, productTotals)}) as totals
      group by product_name having sum(units) <> 0
      order by sum(revenue_kes) desc, product_name limit ${p.limit}::int`,
  { planOnce: true },
);

/** The products that brought in most booked revenue over whole days, from the day and month totals. */
export async function topProducts(db: Db, range: DayRange, limit: number): Promise<TopProduct[]> {
  const rows = await topProductsStatement(db, { ...coverParams(coverByMonths(range)), limit });
  return rows.map((r) => ({ name: r.name, units: Number(r.units), revenue: Number(r.revenue) }));
}

/** A table of totals per Nairobi day and the same per month, with the columns both have. */
interface Totals {
  days: PgTable;
  months: PgTable;
  /** What a row is for, then what it adds up. */
  columns: readonly [string, ...string[]];
}

const customerTotals: Totals = {
  days: bookedCustomerDayTotals,
  months: bookedCustomerMonthTotals,
  columns: ["customer_id", "orders", "revenue_kes"],
};
const productTotals: Totals = {
  days: bookedProductDayTotals,
  months: bookedProductMonthTotals,
  columns: ["product_name", "units", "revenue_kes"],
};

/**
 * Rows of totals covering the range: whole calendar months from the month totals, and days from the day
 * totals, added, or taken away where a month is read whole less its few days outside the range
 * (`coverByMonths`). A year reads about 12 rows per customer or product instead of 365, and the last 30
 * days a month and a day or two instead of 30.
 */
function totalsOver(p: Placeholders<CoverParams>, { days, months, columns }: Totals): SQL {
  const [key, ...figures] = columns;
  return coveredRows(p, {
    days: { table: days, at: "day" },
    months: { table: months, at: "month" },
    key: () => sql`${sql.identifier(key)}`,
    figures,
  });
}

/** The periods `booked_customer_window_totals` keeps, each ending on its window's last day (drizzle/0075). */
const WINDOW_DAYS: readonly number[] = [reportPeriodDays["30d"], reportPeriodDays["1y"]];

type Ranked = { id: number; name: string; type: TopCustomer["type"]; orders: string; revenue: string };

/**
 * Moves the customers' windows to end today (a background job: at most a few statements once a day, one
 * cheap read otherwise). Until it has run on a new day, the 30-day and 1-year reports rank from the days and
 * months.
 */
export function moveCustomerWindows(ctx: AppContext): Promise<void> {
  const today = nairobiDate(ctx.clock.now());
  return ctx.database.tx(async (db) => {
    await db.execute(sql`select booked_customer_windows_move(${today}::date)`);
  });
}

/**
 * A window's first customers by revenue, read in the rank index's order: its DESC is NULLS LAST (as Drizzle
 * declares it), so the ranking says so too; a plain DESC (NULLS FIRST) sorted every customer of the window.
 */
const windowRanking = prepared<
  { days: number; last: string; limit: number },
  Ranked & { lastDay: string | null; id: number | null }
>(
  "top_customers_window",
  (p) => sql`select w.last_day::text as "lastDay", c.id, c.name, c.type, r.orders::text as orders,
               r.revenue_kes::text as revenue
        from ${bookedCustomerWindows} w
        left join lateral (
          select customer_id, orders, revenue_kes from ${bookedCustomerWindowTotals}
          where days = ${p.days}::int and orders > 0
          order by revenue_kes desc nulls last, customer_id limit ${p.limit}::int
        ) r on w.last_day = ${p.last}::date
        left join ${customers} c on c.id = r.customer_id
        where w.days = ${p.days}::int
        order by r.revenue_kes desc, r.customer_id`,
  { planOnce: true },
);

/**
 * A window's top customers from the per-customer window totals: one statement, so the window and the totals
 * come from the same moment. Null when the window ends on another day (not moved yet).
 */
async function rankedOverWindow(db: Db, range: DayRange, limit: number): Promise<Ranked[] | null> {
  const rows = await windowRanking(db, { days: dayCount(range), last: range.last, limit });
  if (rows[0]?.lastDay !== range.last) return null;
  return rows.filter((r): r is Ranked & { lastDay: string; id: number } => r.id !== null);
}

/**
 * The customers with most booked revenue over whole days, from the day and month totals: ranked on the
 * totals alone, then the few named (joining every row to its customer first costs more).
 */
const rangeRanking = prepared<CoverParams & { limit: number }, Ranked>(
  "top_customers",
  (p) => sql`with ranked as (
      select customer_id, sum(orders) as orders, sum(revenue_kes) as revenue
      from (${totalsOver(p, customerTotals)}) as totals
      group by customer_id having sum(orders) > 0
      order by revenue desc, customer_id limit ${p.limit}::int
    )
    select c.id, c.name, c.type, r.orders::text as orders, r.revenue::text as revenue
    from ranked r join ${customers} c on c.id = r.customer_id
    order by r.revenue desc, r.customer_id`,
  { planOnce: true },
);

/**
 * Each customer's latest booked order in a range, read backwards through (customer, date) until the first
 * booked one: grouping every booked order of the year read 2,000 for the heaviest customer.
 */
const lastBooked = prepared<{ ids: string; from: string; to: string }, { customerId: number; at: string }>(
  "top_customers_last_order",
  (p) => sql`select c.id as "customerId", (
          select ${orders.orderDate} from ${orders}
          where ${orders.customerId} = c.id and ${isBooked} and ${orders.orderDate} >= ${p.from}::timestamptz
            and ${orders.orderDate} < ${p.to}::timestamptz
          order by ${orders.orderDate} desc limit 1
        ) as at
        from unnest(${p.ids}::int[]) as c(id)`,
  { planOnce: true },
);

/**
 * The customers with most booked revenue over whole days: for the 30-day and 1-year reports from their
 * window's totals (decision 65), else from the day and month totals; then the time of each one's last booked
 * order in the period, read from their own orders. Each statement is prepared (decision 62).
 */
export async function topCustomersOf(db: Db, range: DayRange, limit: number): Promise<TopCustomer[]> {
  const top =
    (WINDOW_DAYS.includes(dayCount(range)) ? await rankedOverWindow(db, range, limit) : null) ??
    (await rangeRanking(db, { ...coverParams(coverByMonths(range)), limit }));
  if (top.length === 0) return [];
  const last = await lastBooked(db, {
    ids: arrayText(top.map((c) => c.id)),
    from: nairobiDayStart(range.first).toISOString(),
    to: nairobiDayEnd(range.last).toISOString(),
  });
  return top.map((c) => ({
    name: c.name,
    type: c.type,
    orders: Number(c.orders),
    revenue: Number(c.revenue),
    lastOrder: new Date(last.find((l) => l.customerId === c.id)!.at).toISOString(),
  }));
}
