import { and, eq, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import { KES_PER_USD } from "../../../contract/money";
import type { Db } from "../../db/database";
import { transactions } from "../../db/schema";

/** A transaction's amount in KES: USD amounts at the fixed business rate. Exact numeric arithmetic. */
export const amountKes = sql`(case when ${transactions.currency} = 'USD' then ${transactions.amount} * ${KES_PER_USD} else ${transactions.amount} end)`;

/** Revenue is money received: completed income, in KES. */
export const isRevenue = and(eq(transactions.type, "income"), eq(transactions.status, "completed"))!;
/** The ledger's reversal of a payment's income (a refund). */
export const isRefund = and(
  eq(transactions.type, "expense"),
  eq(transactions.status, "completed"),
  isNotNull(transactions.paymentId),
)!;
/** Income net of refunds: each row's signed KES amount, 0 for rows that are neither. */
export const netIncomeKes = sql`(case when ${isRevenue} then ${amountKes} when ${isRefund} then -${amountKes} else 0 end)`;

export function between(from: Date, to: Date): SQL {
  return and(gte(transactions.date, from), lt(transactions.date, to))!;
}

/** Completed income net of refunds, in KES, over [from, to). */
export async function revenueBetween(db: Db, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${netIncomeKes}), 0)` })
    .from(transactions)
    .where(between(from, to));
  return Number(row!.total);
}

/** Completed income net of refunds per Nairobi calendar month (YYYY-MM) over [from, to). */
export async function revenueByMonth(db: Db, from: Date, to: Date): Promise<Map<string, number>> {
  const month = sql<string>`to_char(${transactions.date} at time zone 'Africa/Nairobi', 'YYYY-MM')`;
  const rows = await db
    .select({ month, total: sql<string>`sum(${netIncomeKes})` })
    .from(transactions)
    .where(between(from, to))
    .groupBy(month);
  return new Map(rows.map((r) => [r.month, Number(r.total)]));
}
