import type * as customers from "../../../contract/customers";
import { apiJson } from "../../lib/api";
import { getQuery, saveWith, useApiMutation } from "../../lib/query";

export const customerQueries = {
  list: (query: customers.CustomerListQuery) => getQuery<customers.Customer[]>("/api/customers", query),
  summary: () => getQuery<customers.CustomerSummary>("/api/customers/summary"),
  /** Active customers with a name like the one being typed, for the duplicate warning. */
  similar: (query: customers.SimilarCustomersQuery) =>
    getQuery<customers.Customer[]>("/api/customers/similar", query),
  /** Every customer, for a picker (order and reservation forms). */
  choices: () => getQuery<customers.Customer[]>("/api/customers", { limit: 500 }),
};

/** Every customer list and the summary cards refetch after any change. */
const invalidates = ["/api/customers"];

export const useCreateCustomer = () =>
  useApiMutation(
    (input: customers.CustomerInput) => apiJson<customers.Customer>("POST", "/api/customers", input),
    {
      invalidates,
    },
  );

export const useUpdateCustomer = () =>
  useApiMutation(
    ({ id, ...changes }: customers.CustomerUpdate & { id: number }) =>
      apiJson<customers.Customer>("PATCH", `/api/customers/${id}`, changes),
    { invalidates },
  );

export const useDeactivateCustomer = () =>
  useApiMutation((id: number) => apiJson<customers.Customer>("DELETE", `/api/customers/${id}`), {
    invalidates,
  });

export const useMergeCustomer = () =>
  useApiMutation(
    ({ id, intoId }: { id: number; intoId: number }) =>
      apiJson<customers.CustomerMergeResult>("POST", `/api/customers/${id}/merge`, { intoId }),
    // Orders change customer too.
    { invalidates: [...invalidates, "/api/orders"] },
  );

/** Saves the customer being edited, or creates one when there is none. */
export const useSaveCustomer = (customer?: customers.Customer) =>
  saveWith(useCreateCustomer(), useUpdateCustomer(), customer);
