import { useMutation, useQuery } from "@tanstack/react-query";
import type { ApproveInput, PendingOrder, RejectInput } from "../../../contract/client";
import type { Order } from "../../../contract/orders";
import { apiJson } from "../../lib/api";
import { refetchAfterSuccess } from "../../lib/invalidate";

export const usePendingOrders = () => useQuery<PendingOrder[]>({ queryKey: ["/api/orders/pending"] });

/** A decision moves the order and its stock: orders, stock and the dashboard refetch. */
const refreshDecided = refetchAfterSuccess("/api/orders", "/api/inventory", "/api/dashboard");

export function useApproveOrder() {
  return useMutation({
    mutationFn: ({ id, ...input }: ApproveInput & { id: number }) =>
      apiJson<Order>("POST", `/api/orders/${id}/approve`, input),
    onSuccess: refreshDecided,
  });
}

export function useRejectOrder() {
  return useMutation({
    mutationFn: ({ id, ...input }: RejectInput & { id: number }) =>
      apiJson<Order>("POST", `/api/orders/${id}/reject`, input),
    onSuccess: refreshDecided,
  });
}
