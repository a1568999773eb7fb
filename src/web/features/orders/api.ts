import type { CancelInput } from "../../../contract/client";
import type { Customer } from "../../../contract/customers";
import type { InventoryItem } from "../../../contract/inventory";
import type * as orders from "../../../contract/orders";
import type { Payment, RecordPaymentInput, RefundInput } from "../../../contract/payments";
import { apiJson, newIdempotencyKey } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";

export const orderQueries = {
  list: (query: orders.OrderListQuery) => getQuery<orders.Order[]>("/api/orders", query),
  summary: () => getQuery<orders.OrderSummary>("/api/orders/summary"),
  detail: (id: number) => getQuery<orders.OrderDetail>(`/api/orders/${id}`),
  payments: (id: number) => getQuery<Payment[]>(`/api/orders/${id}/payments`),
  /** What can go on an order's product lines: viable stock with its price and what is free. */
  sellable: () => getQuery<InventoryItem[]>("/api/inventory", { status: "viable", limit: 500 }),
  /** Customers matching what is typed in the order form's picker (name, email or phone). */
  customerSearch: (search: string) => getQuery<Customer[]>("/api/customers", { search, limit: 8 }),
};

/** Orders changed: lists, summary, dashboard and stock views refetch. */
const orderPaths = ["/api/orders", "/api/inventory", "/api/dashboard"];
/** Money changed: orders, payments, finance and dashboard figures refetch. */
const moneyPaths = ["/api/orders", "/api/financial", "/api/transactions", "/api/dashboard"];

export const useCreateItemisedOrder = () =>
  useApiMutation(
    (input: orders.ItemisedOrderInput) => apiJson<orders.Order>("POST", "/api/orders/itemised", input),
    { invalidates: orderPaths },
  );

export const useUpdateOrder = () =>
  useApiMutation(
    ({ id, ...changes }: orders.OrderUpdate & { id: number }) =>
      apiJson<orders.Order>("PATCH", `/api/orders/${id}`, changes),
    { invalidates: orderPaths },
  );

export const useCancelOrder = () =>
  useApiMutation(
    ({ id, ...input }: CancelInput & { id: number }) =>
      apiJson<orders.Order>("POST", `/api/orders/${id}/cancel`, input),
    { invalidates: [...orderPaths, ...moneyPaths] },
  );

/** The refetch marks the order paid and unmounts the form; its "Payment recorded" toast must still run. */
export const useRecordPayment = (orderId: number) =>
  useApiMutation(
    (input: RecordPaymentInput) =>
      apiJson<Payment>("POST", `/api/orders/${orderId}/payments`, input, newIdempotencyKey()),
    { invalidates: moneyPaths, settle: "background" },
  );

export const useRefundPayment = () =>
  useApiMutation(
    ({ id, ...input }: RefundInput & { id: number }) =>
      apiJson<Payment>("POST", `/api/payments/${id}/refund`, input),
    // A whole refund removes the form with the refetch; its toast must still run.
    { invalidates: [...orderPaths, ...moneyPaths], settle: "background" },
  );
