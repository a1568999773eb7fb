import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  Order,
  OrderDetail,
  OrderInput,
  OrderStatus,
  OrderSummary,
  OrderUpdate,
} from "../../../contract/orders";
import type { Payment, RecordPaymentInput } from "../../../contract/payments";
import { apiJson, newIdempotencyKey } from "../../lib/api";
import { invalidatePaths, refetchAfterSuccess } from "../../lib/invalidate";

export function useOrders(filters: { search: string; status: OrderStatus | "all" }) {
  const params = {
    search: filters.search.trim() || undefined,
    status: filters.status === "all" ? undefined : filters.status,
    limit: 200,
  };
  return useQuery<Order[]>({ queryKey: ["/api/orders", params] });
}
export const useOrderSummary = () => useQuery<OrderSummary>({ queryKey: ["/api/orders/summary"] });
export const useOrder = (id: number | undefined) =>
  useQuery<OrderDetail>({ queryKey: [`/api/orders/${id}`], enabled: id !== undefined });

/** Orders changed: lists, summary, dashboard and stock views refetch. */
const refreshOrders = () => invalidatePaths("/api/orders", "/api/inventory", "/api/dashboard");

export function useCreateOrder() {
  return useMutation({
    mutationFn: (input: OrderInput) => apiJson<Order>("POST", "/api/orders", input),
    onSuccess: refreshOrders,
  });
}

export function useUpdateOrder() {
  return useMutation({
    mutationFn: ({ id, ...changes }: OrderUpdate & { id: number }) =>
      apiJson<Order>("PATCH", `/api/orders/${id}`, changes),
    onSuccess: refreshOrders,
  });
}

export function useCancelOrder() {
  return useMutation({
    mutationFn: (id: number) => apiJson<Order>("DELETE", `/api/orders/${id}`),
    onSuccess: refreshOrders,
  });
}

export const useOrderPayments = (id: number) =>
  useQuery<Payment[]>({ queryKey: [`/api/orders/${id}/payments`] });

/** Money changed: orders, payments, finance and dashboard figures refetch. */
const moneyPaths = ["/api/orders", "/api/financial", "/api/transactions", "/api/dashboard"];
const refreshMoney = () => invalidatePaths(...moneyPaths);

export function useRecordPayment(orderId: number) {
  return useMutation({
    mutationFn: (input: RecordPaymentInput) =>
      apiJson<Payment>("POST", `/api/orders/${orderId}/payments`, input, newIdempotencyKey()),
    // The refetch marks the order paid and unmounts the form; its "Payment recorded" toast must still run.
    onSuccess: refetchAfterSuccess(...moneyPaths),
  });
}

export function useRefundPayment() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiJson<Payment>("POST", `/api/payments/${id}/refund`, { reason }),
    onSuccess: refreshMoney,
  });
}
