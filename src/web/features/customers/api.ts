import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  Customer,
  CustomerInput,
  CustomerSummary,
  CustomerType,
  CustomerUpdate,
} from "../../../contract/customers";
import { apiJson } from "../../lib/api";
import { queryClient } from "../../lib/query-client";

export const customersKey = "/api/customers";

export function useCustomers(filters: { search: string; type: CustomerType | "all" }) {
  const params = {
    search: filters.search.trim() || undefined,
    type: filters.type === "all" ? undefined : filters.type,
  };
  return useQuery<Customer[]>({ queryKey: [customersKey, params] });
}

/** Every customer, for a picker (order and reservation forms). */
export const useCustomerChoices = (enabled: boolean) =>
  useQuery<Customer[]>({ queryKey: [customersKey, { limit: 500 }], enabled });

export function useCustomerSummary() {
  return useQuery<CustomerSummary>({ queryKey: [`${customersKey}/summary`] });
}

/** Every customer list and the summary cards refetch after any change. */
const refreshCustomers = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [customersKey] }),
    queryClient.invalidateQueries({ queryKey: [`${customersKey}/summary`] }),
  ]);

export function useCreateCustomer() {
  return useMutation({
    mutationFn: (input: CustomerInput) => apiJson<Customer>("POST", customersKey, input),
    onSuccess: refreshCustomers,
  });
}

export function useUpdateCustomer() {
  return useMutation({
    mutationFn: ({ id, ...changes }: CustomerUpdate & { id: number }) =>
      apiJson<Customer>("PATCH", `${customersKey}/${id}`, changes),
    onSuccess: refreshCustomers,
  });
}

export function useDeactivateCustomer() {
  return useMutation({
    mutationFn: (id: number) => apiJson<Customer>("DELETE", `${customersKey}/${id}`),
    onSuccess: refreshCustomers,
  });
}
