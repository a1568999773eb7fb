import type {
  Customer,
  CustomerInput,
  CustomerListQuery,
  CustomerSummary,
  CustomerUpdate,
} from "../../../contract/customers";
import { apiJson } from "../../lib/api";
import { getQuery, type MutateCallbacks, useApiMutation } from "../../lib/query";

export const customerQueries = {
  list: (query: CustomerListQuery) => getQuery<Customer[]>("/api/customers", query),
  summary: () => getQuery<CustomerSummary>("/api/customers/summary"),
  /** Every customer, for a picker (order and reservation forms). */
  choices: () => getQuery<Customer[]>("/api/customers", { limit: 500 }),
};

/** Every customer list and the summary cards refetch after any change. */
const invalidates = ["/api/customers"];

export const useCreateCustomer = () =>
  useApiMutation((input: CustomerInput) => apiJson<Customer>("POST", "/api/customers", input), {
    invalidates,
  });

export const useUpdateCustomer = () =>
  useApiMutation(
    ({ id, ...changes }: CustomerUpdate & { id: number }) =>
      apiJson<Customer>("PATCH", `/api/customers/${id}`, changes),
    { invalidates },
  );

export const useDeactivateCustomer = () =>
  useApiMutation((id: number) => apiJson<Customer>("DELETE", `/api/customers/${id}`), { invalidates });

/** Saves the customer being edited, or creates one when there is none. */
export function useSaveCustomer(customer?: Customer) {
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  return {
    mutate: (input: CustomerInput, callbacks: MutateCallbacks<Customer>) =>
      customer ? update.mutate({ id: customer.id, ...input }, callbacks) : create.mutate(input, callbacks),
    isPending: create.isPending || update.isPending,
  };
}
