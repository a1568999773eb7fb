import { sql } from "drizzle-orm";
import type { Transaction, TransactionListQuery } from "../../../contract/finance";
import { answerOf } from "../../db/adapter";
import { transactions } from "../../db/schema";
import { filteredPages } from "../../http/list-pages";

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

/** The ledger's page without a search, of every type or of one, prepared (`filteredPages`). */
export const transactionPage = filteredPages<TransactionSort, "type", TransactionType, Transaction>(
  "transaction_page",
  transactionSortColumns,
  transactions.id,
  sql`select ${answer} from ${transactions}`,
  { key: "type", column: transactions.type },
);
