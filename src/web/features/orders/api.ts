import type {
  Order,
  OrderDetail,
  OrderInput,
  OrderListQuery,
  OrderSummary,
  OrderUpdate,
} from "../../../contract/orders";
import type { Payment, RecordPaymentInput } from "../../../contract/payments";
import { apiJson, newIdempotencyKey } from "../../lib/api";
import { getQuery, type MutateCallbacks, useApiMutation } from "../../lib/query";

export const orderQueries = {
  list: (query: OrderListQuery) => getQuery<Order[]>("/api/orders", query),
  summary: () => getQuery<OrderSummary>("/api/orders/summary"),
  detail: (id: number) => getQuery<OrderDetail>(`/api/orders/${id}`),
  payments: (id: number) => getQuery<Payment[]>(`/api/orders/${id}/payments`),
};

/** Orders changed: lists, summary, dashboard and stock views refetch. */
const orderPaths = ["/api/orders", "/api/inventory", "/api/dashboard"];
/** Money changed: orders, payments, finance and dashboard figures refetch. */
const moneyPaths = ["/api/orders", "/api/financial", "/api/transactions", "/api/dashboard"];

export const useCreateOrder = () =>
  useApiMutation((input: OrderInput) => apiJson<Order>("POST", "/api/orders", input), {
    invalidates: orderPaths,
  });

export const useUpdateOrder = () =>
  useApiMutation(
    ({ id, ...changes }: OrderUpdate & { id: number }) =>
      apiJson<Order>("PATCH", `/api/orders/${id}`, changes),
    { invalidates: orderPaths },
  );

export const useCancelOrder = () =>
  useApiMutation((id: number) => apiJson<Order>("DELETE", `/api/orders/${id}`), { invalidates: orderPaths });

/** Saves the order being edited, or creates one when there is none. */
export function useSaveOrder(order?: Order) {
  const create = useCreateOrder();
  const update = useUpdateOrder();
  return {
    mutate: (input: OrderInput, callbacks: MutateCallbacks<Order>) =>
      order ? update.mutate({ id: order.id, ...input }, callbacks) : create.mutate(input, callbacks),
    isPending: create.isPending || update.isPending,
  };
}

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
