import { sql } from "drizzle-orm";
import type { Transaction, TransactionListQuery } from "../../../contract/finance";
import type { SortOrder } from "../../../contract/pagination";
import { answerOf, type Db } from "../../db/adapter";
import { transactions } from "../../db/schema";
import { sortedPages } from "../../http/list-pages";

type TransactionSort = NonNullable<TransactionListQuery["sort"]>;
type TransactionType = NonNullable<TransactionListQuery["type"]>;

/** The column of each declared sort. */
export const transactionSortColumns = {
  date: transactions.date,
  amount: transactions.amount,
} satisfies Record<TransactionSort, unknown>;

const answer = answerOf({
  id: transactions.id,
  type: transactions.type,
  amount: transactions.amount,
  currency: transactions.currency,
  description: transactions.description,
  reference: transactions.reference,
  status: transactions.status,
  date: transactions.date,
});

/** The ledger's transactions without a search, of every type or of one, prepared (`sortedPages`). */
const everyType = sortedPages<TransactionSort, Record<never, never>, Transaction>(
  "transaction_page",
  transactionSortColumns,
  transactions.id,
  () => sql`select ${answer} from ${transactions}`,
);
const ofType = sortedPages<TransactionSort, { type: TransactionType }, Transaction>(
  "transaction_page_type",
  transactionSortColumns,
  transactions.id,
  (p) => sql`select ${answer} from ${transactions} where ${transactions.type} = ${p.type}::transaction_type`,
);

export const transactionPage = (
  db: Db,
  query: { sort: TransactionSort; order: SortOrder; type?: TransactionType; limit: number; offset: number },
): Promise<Transaction[]> => {
  const { type } = query;
  return type ? ofType(db, { ...query, type }) : everyType(db, query);
};
