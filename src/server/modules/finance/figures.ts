import { inArray, type SQL, sql } from "drizzle-orm";
import { endedOrderStatuses, type HeldMoney, type OrderStatus } from "../../../contract/orders";
import { type Db, type Placeholders, prepared } from "../../db/adapter";
import { orderDayTotals, orderMonthTotals, orderStatusTotals, orders, refunds } from "../../db/schema";
import { coverByMonths, type DayRange, splitByMonths } from "../../time";
import { type CoverParams, coveredRows, coverParams } from "./cover";

/**
 * The ledger's figures, read from the summary tables the orders trigger keeps: every money figure about orders
 * is defined here (the payment commands that move them are ledger.ts).
 * - Order value (booked): approved and later orders, not cancelled or rejected.
 * - Received: what has been paid against booked orders (confirmed payments, net of refunds).
 * - Outstanding: booked minus received.
 * - Deposits: paid on orders awaiting approval. Refunds due: paid on rejected or cancelled orders, not yet
 *   paid back. Neither is revenue.
 */

export const bookedStatuses = ["approved", "processing", "shipped", "delivered"] as const;
export const isBooked: SQL = inArray(orders.status, [...bookedStatuses]);

export interface LedgerFigures {
  bookedKes: number;
  receivedKes: number;
  outstandingKes: number;
}

/** The booked statuses, written into the prepared statements' text: constants, not parameters. */
const bookedList = sql.join(
  bookedStatuses.map((s) => sql.raw(`'${s}'`)),
  sql`, `,
);

/** Per status: its orders, and its booked, received and paid sums (as text: they are bigints). */
const statusTotals = prepared<
  Record<string, never>,
  { status: string; orders: number; booked: string; received: string; paid: string }
>(
  "order_status_totals",
  () => sql`select ${orderStatusTotals.status} as status, sum(${orderStatusTotals.orders})::int as orders,
      coalesce(sum(${orderStatusTotals.totalKes}) filter (where ${orderStatusTotals.status} in (${bookedList})), 0)::text as booked,
      coalesce(sum(${orderStatusTotals.paidKes}) filter (where ${orderStatusTotals.status} in (${bookedList})), 0)::text as received,
      coalesce(sum(${orderStatusTotals.paidKes}), 0)::text as paid
    from ${orderStatusTotals} group by ${orderStatusTotals.status}`,
);

/**
 * All-time counts per status and the ledger's figures, from the per-status totals the orders trigger keeps
 * (never a scan of the orders, so it costs the same at 10k and 1M orders). Every order list and the
 * dashboard read it, so it is prepared (decision 50).
 */
export async function orderTotals(
  db: Db,
): Promise<{ byStatus: Map<string, number>; ledger: LedgerFigures; held: HeldMoney }> {
  const rows = await statusTotals(db, {});
  const bookedKes = rows.reduce((sum, r) => sum + Number(r.booked), 0);
  const receivedKes = rows.reduce((sum, r) => sum + Number(r.received), 0);
  const paidIn = (...statuses: string[]) =>
    rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.paid), 0);
  return {
    byStatus: new Map(rows.map((r) => [r.status, r.orders])),
    ledger: { bookedKes, receivedKes, outstandingKes: bookedKes - receivedKes },
    held: { depositsKes: paidIn("pending"), refundDueKes: paidIn(...endedOrderStatuses) },
  };
}

/** How many orders one status holds, or every status (null): one sum over the per-status totals. */
const countStatement = prepared<{ status: OrderStatus | null }, { n: number }>(
  "order_count",
  (p) => sql`select coalesce(sum(${orderStatusTotals.orders}), 0)::int as n from ${orderStatusTotals}
    where ${p.status}::order_status is null or ${orderStatusTotals.status} = ${p.status}::order_status`,
);

/**
 * Exact at any size, for the lists' totals: what `orderTotals` counts, without the ledger's sums beside it.
 */
export const orderCount = (db: Db, status: OrderStatus | null): Promise<number> =>
  countStatement(db, { status }).then(([row]) => row!.n);

const refundedStatement = prepared<Record<string, never>, { total: string }>(
  "refunded_total",
  () => sql`select coalesce(sum(${refunds.amountKes}), 0)::text as total from ${refunds}`,
);

/** Everything ever paid back to clients. */
export const refundedTotal = (db: Db): Promise<number> =>
  refundedStatement(db, {}).then(([row]) => Number(row!.total));

/**
 * Booked orders' rows of the day and month totals covering a cover's slots (`coveredRows`), each with the
 * day or month it is for: what revenue and the booked sums per bucket add up.
 */
const bookedRows = (p: Placeholders<CoverParams>) =>
  coveredRows(p, {
    days: { table: orderDayTotals, at: "day" },
    months: { table: orderMonthTotals, at: "month" },
    key: (at) => sql`${at} as at`,
    figures: ["orders", "total_kes", "paid_kes"],
    where: sql`status in (${bookedList})`,
  });

const revenueStatement = prepared<CoverParams, { revenue: string }>(
  "revenue_over",
  (p) => sql`select coalesce(sum(total_kes), 0)::text as revenue from (${bookedRows(p)}) as covered`,
  { planOnce: true },
);

/**
 * Revenue (booked order value) of the orders placed over whole Nairobi days: whole months from the per-month
 * totals and the days at either end from the per-day totals, in one prepared statement. This month, which
 * the dashboard and the financial summary read on every visit, is 64 rows of the month totals where its
 * days were up to 2,000 rows of the day totals (decision 51).
 */
export function revenueOver(db: Db, range: DayRange): Promise<number> {
  const { months, days } = splitByMonths(range);
  return revenueStatement(db, coverParams({ months, add: days, subtract: [] })).then(([row]) =>
    Number(row!.revenue),
  );
}

/** Booked, received and outstanding over all booked orders. */
export async function ledgerFigures(db: Db): Promise<LedgerFigures> {
  return (await orderTotals(db)).ledger;
}

export interface BookedBucket {
  /** YYYY-MM-DD or YYYY-MM (Nairobi). */
  label: string;
  orders: number;
  bookedKes: number;
  receivedKes: number;
}

const bookedByBucketStatement = prepared<
  CoverParams,
  { at: string; orders: string; booked: string; received: string }
>(
  "booked_by_bucket",
  // Booked sums grouped by the day (or month) column itself, cheaper than formatting every row's label.
  (p) => sql`select at::text as at, sum(orders)::text as orders, sum(total_kes)::text as booked,
      sum(paid_kes)::text as received
    from (${bookedRows(p)}) as covered group by at order by at`,
);

/**
 * Booked orders, their value and what was received on them per Nairobi day or month over whole days, by the
 * day the order was placed. By day from the per-day totals; by month from the per-month totals, a month the
 * range covers only in part read whole less its days outside the range when those are fewer
 * (`coverByMonths`, decision 55), so a year costs about 13 months and two days of totals, not a month of days.
 * One prepared statement (decision 62).
 */
export async function bookedByBucket(db: Db, range: DayRange, by: "day" | "month"): Promise<BookedBucket[]> {
  const cover = by === "month" ? coverByMonths(range) : { months: null, add: [range], subtract: [] };
  const buckets = new Map<string, BookedBucket>();
  // A day taken away from a whole month is in that month's bucket, less.
  for (const r of await bookedByBucketStatement(db, coverParams(cover))) {
    const label = by === "month" ? r.at.slice(0, 7) : r.at;
    const bucket = buckets.get(label) ?? { label, orders: 0, bookedKes: 0, receivedKes: 0 };
    bucket.orders += Number(r.orders);
    bucket.bookedKes += Number(r.booked);
    bucket.receivedKes += Number(r.received);
    buckets.set(label, bucket);
  }
  return [...buckets.values()];
}

/** The ledger's figures over some buckets. */
export function ledgerOf(buckets: BookedBucket[]): LedgerFigures {
  const bookedKes = buckets.reduce((sum, b) => sum + b.bookedKes, 0);
  const receivedKes = buckets.reduce((sum, b) => sum + b.receivedKes, 0);
  return { bookedKes, receivedKes, outstandingKes: bookedKes - receivedKes };
}
