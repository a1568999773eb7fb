import type * as finance from "../../../contract/finance";
import { apiJson } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";

export const financeQueries = {
  summary: () => getQuery<finance.FinancialSummary>("/api/financial"),
  transactions: (query: finance.TransactionListQuery) =>
    getQuery<finance.Transaction[]>("/api/transactions", query),
};

/** SPEC section 7: after recording, the transactions, the financial summary and the dashboard refresh. */
export const useRecordTransaction = () =>
  useApiMutation(
    (input: finance.TransactionInput) => apiJson<finance.Transaction>("POST", "/api/transactions", input),
    {
      invalidates: ["/api/transactions", "/api/financial", "/api/dashboard"],
    },
  );
