import type * as orders from "../../../contract/orders";
import type { Payment, RecordPaymentInput } from "../../../contract/payments";
import { apiJson, newIdempotencyKey } from "../../lib/api";
import { getQuery, saveWith, useApiMutation } from "../../lib/query";

export const orderQueries = {
  list: (query: orders.OrderListQuery) => getQuery<orders.Order[]>("/api/orders", query),
  summary: () => getQuery<orders.OrderSummary>("/api/orders/summary"),
  detail: (id: number) => getQuery<orders.OrderDetail>(`/api/orders/${id}`),
  payments: (id: number) => getQuery<Payment[]>(`/api/orders/${id}/payments`),
};

/** Orders changed: lists, summary, dashboard and stock views refetch. */
const orderPaths = ["/api/orders", "/api/inventory", "/api/dashboard"];
/** Money changed: orders, payments, finance and dashboard figures refetch. */
const moneyPaths = ["/api/orders", "/api/financial", "/api/transactions", "/api/dashboard"];

export const useCreateOrder = () =>
  useApiMutation((input: orders.OrderInput) => apiJson<orders.Order>("POST", "/api/orders", input), {
    invalidates: orderPaths,
  });

export const useUpdateOrder = () =>
  useApiMutation(
    ({ id, ...changes }: orders.OrderUpdate & { id: number }) =>
      apiJson<orders.Order>("PATCH", `/api/orders/${id}`, changes),
    { invalidates: orderPaths },
  );

export const useCancelOrder = () =>
  useApiMutation((id: number) => apiJson<orders.Order>("DELETE", `/api/orders/${id}`), {
    invalidates: orderPaths,
  });

/** Saves the order being edited, or creates one when there is none. */
export const useSaveOrder = (order?: orders.Order) => saveWith(useCreateOrder(), useUpdateOrder(), order);

/** The refetch marks the order paid and unmounts the form; its "Payment recorded" toast must still run. */
export const useRecordPayment = (orderId: number) =>
  useApiMutation(
    (input: RecordPaymentInput) =>
      apiJson<Payment>("POST", `/api/orders/${orderId}/payments`, input, newIdempotencyKey()),
    { invalidates: moneyPaths, settle: "background" },
  );

export const useRefundPayment = () =>
  useApiMutation(
    ({ id, reason }: { id: number; reason: string }) =>
      apiJson<Payment>("POST", `/api/payments/${id}/refund`, { reason }),
    { invalidates: moneyPaths },
  );
