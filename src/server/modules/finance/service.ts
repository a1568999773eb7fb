import { and, eq, ilike, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type {
  FinancialSummary,
  Transaction,
  transactionInputSchema,
  transactionListQuery,
} from "../../../contract/finance";
import { KES_PER_USD } from "../../../contract/money";
import type { AppContext } from "../../context";
import { together } from "../../db/adapter";
import { transactions } from "../../db/schema";
import { sortBy } from "../../http/list-sort";
import { countMatching } from "../../http/list-total";
import { containsPattern } from "../../http/search";
import { daysOf, monthStart } from "../../time";
import { orderTotals, refundedTotal, revenueOver } from "./figures";
import { transactionPage, transactionSortColumns } from "./transaction-pages";

type TransactionRow = typeof transactions.$inferSelect;

export function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    type: row.type,
    amount: Number(row.amount),
    currency: row.currency,
    description: row.description,
    reference: row.reference,
    status: row.status,
    date: row.date.toISOString(),
  };
}

/**
 * Revenue in the ledger's one sense, booked order value (USD at 150 KES/USD), in total and for this month's
 * orders, beside received, outstanding (Pending Payments), deposits and refunds due. All from summary tables.
 */
export function financialSummary(ctx: AppContext): Promise<FinancialSummary> {
  const now = ctx.clock.now();
  return ctx.database.read(async (db) => {
    // Three prepared statements, sent together.
    const [{ ledger, held }, monthlyRevenue, refundedKes] = await together([
      orderTotals(db),
      revenueOver(db, daysOf(monthStart(now), monthStart(now, -1))),
      refundedTotal(db),
    ]);
    return {
      totalRevenue: ledger.bookedKes,
      totalRevenueUsd: Math.round(ledger.bookedKes / KES_PER_USD),
      monthlyRevenue,
      pendingPayments: ledger.outstandingKes,
      ...ledger,
      ...held,
      refundedKes,
    };
  });
}

type TransactionQuery = z.output<typeof transactionListQuery>;

function transactionFilter(query: TransactionQuery): SQL | undefined {
  const pattern = query.search && containsPattern(query.search);
  return and(
    query.type ? eq(transactions.type, query.type) : undefined,
    pattern
      ? or(ilike(transactions.description, pattern), ilike(transactions.reference, pattern))
      : undefined,
  );
}

export const countTransactions = (ctx: AppContext, query: TransactionQuery) =>
  countMatching(ctx, transactions, transactionFilter(query), { search: Boolean(query.search) });

export function listTransactions(ctx: AppContext, page: TransactionQuery): Promise<Transaction[]> {
  // Without a search, a prepared page (`transactionPage`); a search is built for its pattern.
  if (!page.search) return ctx.database.read((db) => transactionPage(db, page));
  return ctx.database.read(async (db) => {
    const rows = await db
      .select()
      .from(transactions)
      .where(transactionFilter(page))
      .orderBy(...sortBy(transactionSortColumns, page, transactions.id))
      .limit(page.limit)
      .offset(page.offset);
    return rows.map(toTransaction);
  });
}

export function recordTransaction(
  ctx: AppContext,
  input: z.output<typeof transactionInputSchema>,
  actorUserId: number,
): Promise<Transaction> {
  return ctx.database.tx(async (db) => {
    const now = ctx.clock.now();
    const [row] = await db
      .insert(transactions)
      .values({
        type: input.type,
        amount: input.amount.toFixed(2),
        currency: input.currency,
        description: input.description,
        reference: input.reference,
        status: input.status,
        date: input.date ? new Date(input.date) : now,
        createdBy: actorUserId,
        createdAt: now,
      })
      .returning();
    return toTransaction(row!);
  });
}
