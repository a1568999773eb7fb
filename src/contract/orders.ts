/**
 * One status set for every order, staff- or client-placed:
 * pending -> approved -> processing -> shipped -> delivered; rejected and cancelled end it.
 */
export const orderStatuses = [
  "pending",
  "approved",
  "processing",
  "shipped",
  "delivered",
  "rejected",
  "cancelled",
] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const orderTypes = ["embryo", "sperm", "mixed"] as const;
export const orderSources = ["staff", "client"] as const;
export const paymentMethods = ["mpesa", "card", "bank"] as const;
