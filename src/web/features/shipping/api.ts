import type { Order, OrderDetail } from "../../../contract/orders";
import type * as shipping from "../../../contract/shipping";
import { apiJson } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";

export const shippingQueries = {
  list: (query: shipping.ShipmentListQuery) => getQuery<shipping.Shipment[]>("/api/shipments", query),
  summary: () => getQuery<shipping.ShipmentSummary>("/api/shipments/summary"),
  /** Only approved orders can be shipped: a processing one already has its shipment. */
  shippableOrders: () => getQuery<Order[]>("/api/orders", { readyToShip: "true", limit: 500 }),
};

/**
 * What a shipment takes from its order: where it goes (the delivery address, else the customer's
 * location), the client's instructions and the day the client was told to expect it.
 */
export const orderDelivery = async (orderId: number) => {
  const order = await apiJson<OrderDetail>("GET", `/api/orders/${orderId}`);
  return {
    destination: order.deliveryAddress ?? order.customerLocation ?? "",
    specialInstructions: order.specialInstructions ?? "",
    expectedDeliveryDate: order.expectedDeliveryDate,
  };
};

/** Shipments changed: their lists, the orders they move, stock and the dashboard refetch. */
const invalidates = ["/api/shipments", "/api/orders", "/api/inventory", "/api/dashboard"];

export const useCreateShipment = () =>
  useApiMutation(
    (input: shipping.ShipmentInput) => apiJson<shipping.Shipment>("POST", "/api/shipments", input),
    {
      invalidates,
      settle: "background",
    },
  );

export const useSetShipmentStatus = () =>
  useApiMutation(
    ({ id, ...input }: shipping.ShipmentStatusInput & { id: number }) =>
      apiJson<shipping.Shipment>("PATCH", `/api/shipments/${id}/status`, input),
    { invalidates, settle: "background" },
  );
