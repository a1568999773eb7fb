// Plain data, no Zod: the client screens read these before the validation library has loaded.
import type { OrderStatus, PaymentStatus } from "./order-states";
import type { carriers, ShipmentStatus } from "./shipping";

/**
 * What a farmer is told about an order. Each staff state (the order's status, its shipment's status, a refund)
 * reads as one of these, worked out here once and sent with every client order (`state`), so every client
 * screen says the same.
 */
export const clientOrderStates = [
  "pending",
  "approved",
  "processing",
  "shipped",
  "in_transit",
  "delayed",
  "delivered",
  "rejected",
  "cancelled",
  "refunded",
] as const;
export type ClientOrderState = (typeof clientOrderStates)[number];

/** The staff facts a client state is read from. */
export interface StaffOrderFacts {
  status: OrderStatus;
  shipmentStatus: ShipmentStatus | null;
  paymentStatus: PaymentStatus;
}

/**
 * The client's state for the staff's: a refund is said above all (the money is what the farmer waits for),
 * then the shipment's own word once the order has left ("in transit", "delayed"), else the order's status.
 */
export function clientOrderState({
  status,
  shipmentStatus,
  paymentStatus,
}: StaffOrderFacts): ClientOrderState {
  if (paymentStatus === "refunded") return "refunded";
  if (status === "rejected" || status === "cancelled" || status === "pending" || status === "delivered")
    return status;
  if (shipmentStatus === "delayed") return "delayed";
  if (status === "shipped") return shipmentStatus === "in_transit" ? "in_transit" : "shipped";
  return status;
}

/** SPEC's portal colours for its five statuses; the states it does not name take the nearest. */
export const clientStateTones: Record<
  ClientOrderState,
  "yellow" | "blue" | "purple" | "orange" | "green" | "red" | "gray"
> = {
  pending: "yellow",
  approved: "blue",
  processing: "purple",
  shipped: "orange",
  in_transit: "orange",
  delayed: "red",
  delivered: "green",
  rejected: "red",
  cancelled: "red",
  refunded: "gray",
};

/** Carriers whose public tracking page takes a tracking number, by the name staff pick on a shipment. */
const trackingPages: Partial<Record<(typeof carriers)[number], (number: string) => string>> = {
  "DHL Express": (n) =>
    `https://www.dhl.com/ke-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
};

/** The carrier's tracking page for a shipment, or null when the carrier has none we know. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  const page = carrier ? trackingPages[carrier as (typeof carriers)[number]] : undefined;
  return page && trackingNumber ? page(encodeURIComponent(trackingNumber)) : null;
}
