import { useMutation, useQuery } from "@tanstack/react-query";
import type { Order, OrderDetail } from "../../../contract/orders";
import type { Shipment, ShipmentInput, ShipmentStatus, ShipmentSummary } from "../../../contract/shipping";
import { apiJson } from "../../lib/api";
import { refetchAfterSuccess } from "../../lib/invalidate";

export const useShipments = () => useQuery<Shipment[]>({ queryKey: ["/api/shipments", { limit: 200 }] });
export const useShipmentSummary = () => useQuery<ShipmentSummary>({ queryKey: ["/api/shipments/summary"] });

/** Only approved orders can be shipped: a processing one already has its shipment. */
export const useShippableOrders = (enabled: boolean) =>
  useQuery<Order[]>({ queryKey: ["/api/orders", { status: "approved", limit: 200 }], enabled });

/** Where an order goes: its delivery address, else the customer's location. */
export const orderDestination = async (orderId: number) => {
  const order = await apiJson<OrderDetail>("GET", `/api/orders/${orderId}`);
  return order.deliveryAddress ?? order.customerLocation ?? "";
};

/** Shipments changed: their lists, the orders they move, stock and the dashboard refetch. */
const refreshShipping = refetchAfterSuccess(
  "/api/shipments",
  "/api/orders",
  "/api/inventory",
  "/api/dashboard",
);

export function useCreateShipment() {
  return useMutation({
    mutationFn: (input: ShipmentInput) => apiJson<Shipment>("POST", "/api/shipments", input),
    onSuccess: refreshShipping,
  });
}

export function useSetShipmentStatus() {
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ShipmentStatus }) =>
      apiJson<Shipment>("PATCH", `/api/shipments/${id}/status`, { status }),
    onSuccess: refreshShipping,
  });
}
