import { useMutation } from "@tanstack/react-query";
import { useRef } from "react";
import type * as catalogue from "../../../contract/catalogue";
import type * as client from "../../../contract/client";
import type { Pagination } from "../../../contract/pagination";
import type { Payment, PaymentDetails } from "../../../contract/payments";
import { apiJson, errorStatus, newIdempotencyKey } from "../../lib/api";
import { getQuery, invalidatePaths, useApiMutation } from "../../lib/query";
import { queryClient } from "../../lib/query-client";

export const clientQueries = {
  shopProducts: () => getQuery<client.ShopProduct[]>("/api/shop/products"),
  publicProducts: () => getQuery<client.ShopProduct[]>("/api/client/products"),
  catalog: () => getQuery<client.CatalogItem[]>("/api/client/catalog"),
  /**
   * The genetics catalogue's search, its filters exactly as the shop's address carries them. Unfiltered it
   * is the bare path (the server's page is the shop's), the key the shop's route fetches with its code.
   */
  catalogue: (search: Record<string, string>) =>
    getQuery<catalogue.CatalogueProduct[]>("/api/catalogue", Object.keys(search).length ? search : undefined),
  catalogueBreeds: () => ({
    ...getQuery<catalogue.CatalogueBreed[]>("/api/catalogue/breeds"),
    staleTime: 10 * 60_000,
  }),
  product: (id: number) => getQuery<catalogue.ProofSheet>(`/api/catalogue/${id}`),
  /** The Breed Assistant's in-stock picks for a county (or region) and goal read from a question. */
  recommendations: (ask: catalogue.RecommendationAsk) => ({
    ...getQuery<catalogue.Recommendation>("/api/catalogue/recommendations", ask),
    staleTime: 60_000,
  }),
  orders: (page: Partial<Pagination> = { limit: 100 }) =>
    getQuery<client.ClientOrder[]>("/api/client/orders", page),
  /** One of the client's orders, wherever it falls in their list, with its payments, shipment and history. */
  order: (id: number) => getQuery<client.ClientOrderDetail>(`/api/client/orders/${id}`),
  paymentDetails: () => ({
    ...getQuery<PaymentDetails>("/api/payment-details"),
    staleTime: 60 * 60_000,
  }),
  /**
   * A payment's status, asked every 2 s while the prompt waits on the phone, and at once when the page comes
   * back to the front (the M-Pesa prompt took the screen meanwhile).
   */
  payment: (paymentId: number) => ({
    ...getQuery<Payment>(`/api/client/payments/${paymentId}`),
    refetchOnWindowFocus: "always" as const,
    refetchInterval: (query: { state: { data?: Payment } }) =>
      query.state.data?.status === "pending" || !query.state.data ? 2000 : false,
  }),
};

const orderPaths = ["/api/client/orders"];
/** A placed order holds stock: the client's orders and every catalogue refetch. */
const placedPaths = [
  ...orderPaths,
  "/api/shop/products",
  "/api/client/products",
  "/api/client/catalog",
  "/api/catalogue",
];

/**
 * Places an order under one Idempotency-Key per checkout attempt: a double tap or a retry after a timeout
 * makes one order. The key is renewed once the server has answered.
 */
export function usePlaceOrder() {
  const key = useRef(newIdempotencyKey());
  return useMutation({
    mutationFn: (input: client.ClientOrderInput) =>
      apiJson<client.PlacedOrder>("POST", "/api/client/orders", input, key.current),
    onSettled: (_data, error) => {
      const status = errorStatus(error);
      if (!error || (status !== undefined && status < 500)) key.current = newIdempotencyKey();
    },
    onSuccess: () => invalidatePaths(placedPaths),
  });
}

/** The client's orders refetch (a payment settled, a hold expired). */
export const refreshOrders = () => invalidatePaths(orderPaths);

/** Starts an M-Pesa prompt for the client's own order. */
export const useStartPayment = (orderId: number) =>
  useApiMutation(
    (phone: string) =>
      apiJson<{ paymentId: number; status: string }>(
        "POST",
        `/api/client/orders/${orderId}/pay`,
        { method: "mpesa", phone },
        newIdempotencyKey(),
      ),
    { invalidates: orderPaths },
  );

/**
 * "I have paid": the server asks M-Pesa about the prompt at once (a lost callback would otherwise wait for the
 * job), and the answer replaces the payment the panel follows.
 */
export const useCheckPayment = () =>
  useMutation({
    mutationFn: (paymentId: number) =>
      apiJson<Payment>("POST", `/api/client/payments/${paymentId}/check`, {}),
    onSuccess: (answer) => queryClient.setQueryData(clientQueries.payment(answer.id).queryKey, answer),
  });

/** Cancels the client's own unpaid order; its stock goes back on sale. */
export const useCancelOrder = () =>
  useApiMutation(
    (orderId: number) => apiJson<client.ClientOrder>("POST", `/api/client/orders/${orderId}/cancel`, {}),
    { invalidates: placedPaths },
  );

/** The lines of a past order that can be bought now, for the cart ("Order again"). */
export const reorderLines = (orderId: number) =>
  apiJson<client.CartLine[]>("POST", `/api/client/orders/${orderId}/reorder`, {});
