import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  CatalogItem,
  ClientOrder,
  ClientOrderInput,
  PlacedOrder,
  ShopProduct,
} from "../../../contract/client";
import { apiJson } from "../../lib/api";
import { queryClient } from "../../lib/query-client";

export const useShopProducts = (enabled = true) =>
  useQuery<ShopProduct[]>({ queryKey: ["/api/shop/products"], enabled });
export const usePublicProducts = () => useQuery<ShopProduct[]>({ queryKey: ["/api/client/products"] });
export const useCatalog = () => useQuery<CatalogItem[]>({ queryKey: ["/api/client/catalog"] });
export const useClientOrders = (enabled = true) =>
  useQuery<ClientOrder[]>({ queryKey: ["/api/client/orders", { limit: 100 }], enabled });

export function usePlaceOrder() {
  return useMutation({
    mutationFn: (input: ClientOrderInput) => apiJson<PlacedOrder>("POST", "/api/client/orders", input),
    onSuccess: () =>
      Promise.all(
        ["/api/client/orders", "/api/shop/products", "/api/client/products", "/api/client/catalog"].map(
          (key) => queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}
