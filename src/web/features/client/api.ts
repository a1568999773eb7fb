import { useMutation, useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import type {
  CatalogItem,
  ClientOrder,
  ClientOrderInput,
  PlacedOrder,
  ShopProduct,
} from "../../../contract/client";
import type { Payment, PaymentDetails } from "../../../contract/payments";
import { apiJson, errorStatus, newIdempotencyKey } from "../../lib/api";
import { queryClient } from "../../lib/query-client";

export const useShopProducts = (enabled = true) =>
  useQuery<ShopProduct[]>({ queryKey: ["/api/shop/products"], enabled });
export const usePublicProducts = () => useQuery<ShopProduct[]>({ queryKey: ["/api/client/products"] });
export const useCatalog = () => useQuery<CatalogItem[]>({ queryKey: ["/api/client/catalog"] });
export const useClientOrders = (enabled = true) =>
  useQuery<ClientOrder[]>({ queryKey: ["/api/client/orders", { limit: 100 }], enabled });

/**
 * Places an order under one Idempotency-Key per checkout attempt: a double tap or a retry after a timeout
 * makes one order. The key is renewed once the server has answered.
 */
export function usePlaceOrder() {
  const key = useRef(newIdempotencyKey());
  return useMutation({
    mutationFn: (input: ClientOrderInput) =>
      apiJson<PlacedOrder>("POST", "/api/client/orders", input, key.current),
    onSettled: (_data, error) => {
      const status = errorStatus(error);
      if (!error || (status !== undefined && status < 500)) key.current = newIdempotencyKey();
    },
    onSuccess: () =>
      Promise.all(
        ["/api/client/orders", "/api/shop/products", "/api/client/products", "/api/client/catalog"].map(
          (key) => queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}

export const refreshOrders = () => queryClient.invalidateQueries({ queryKey: ["/api/client/orders"] });

export const usePaymentDetails = () =>
  useQuery<PaymentDetails>({ queryKey: ["/api/payment-details"], staleTime: 60 * 60_000 });

/** Starts an M-Pesa prompt for the client's own order. */
export function useStartPayment(orderId: number) {
  return useMutation({
    mutationFn: (phone: string) =>
      apiJson<{ paymentId: number; status: string }>(
        "POST",
        `/api/client/orders/${orderId}/pay`,
        { method: "mpesa", phone },
        newIdempotencyKey(),
      ),
    onSuccess: refreshOrders,
  });
}

/** A payment's status, asked every 2 s while the prompt waits on the phone. */
export function usePayment(paymentId: number | null) {
  return useQuery<Payment>({
    queryKey: [`/api/client/payments/${paymentId}`],
    enabled: paymentId !== null,
    refetchInterval: (query) => (query.state.data?.status === "pending" || !query.state.data ? 2000 : false),
  });
}
