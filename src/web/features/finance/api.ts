import { useMutation, useQuery } from "@tanstack/react-query";
import type { FinancialSummary, Transaction, TransactionInput } from "../../../contract/finance";
import { apiJson } from "../../lib/api";
import { queryClient } from "../../lib/query-client";

export const useFinancialSummary = () => useQuery<FinancialSummary>({ queryKey: ["/api/financial"] });
export const useTransactions = () =>
  useQuery<Transaction[]>({ queryKey: ["/api/transactions", { limit: 100 }] });

export function useRecordTransaction() {
  return useMutation({
    mutationFn: (input: TransactionInput) => apiJson<Transaction>("POST", "/api/transactions", input),
    // SPEC section 7: after recording, both the transactions and the financial summary refresh.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["/api/transactions"] }),
        queryClient.invalidateQueries({ queryKey: ["/api/financial"] }),
        queryClient.invalidateQueries({ queryKey: ["/api/dashboard/metrics"] }),
        queryClient.invalidateQueries({ queryKey: ["/api/dashboard/sales-trend"] }),
      ]),
  });
}
