import type {
  FinancialSummary,
  Transaction,
  TransactionInput,
  TransactionListQuery,
} from "../../../contract/finance";
import { apiJson } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";

export const financeQueries = {
  summary: () => getQuery<FinancialSummary>("/api/financial"),
  transactions: (query: TransactionListQuery) => getQuery<Transaction[]>("/api/transactions", query),
};

/** SPEC section 7: after recording, the transactions, the financial summary and the dashboard refresh. */
export const useRecordTransaction = () =>
  useApiMutation((input: TransactionInput) => apiJson<Transaction>("POST", "/api/transactions", input), {
    invalidates: ["/api/transactions", "/api/financial", "/api/dashboard"],
  });
