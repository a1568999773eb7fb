// Plain data, no Zod: the client screens read these before the validation library has loaded.
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
export const orderSources = ["staff", "client", "ussd"] as const;
export const paymentMethods = ["mpesa", "card", "bank"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodLabels: Record<(typeof paymentMethods)[number], string> = {
  mpesa: "M-Pesa",
  card: "Credit/Debit Card",
  bank: "Bank Transfer",
};

/** The one order state machine: which status may follow which. */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["approved", "rejected", "cancelled"],
  approved: ["processing", "shipped", "cancelled"],
  processing: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: [],
  rejected: [],
  cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return orderTransitions[from].includes(to);
}

/** What the order's payments add up to (derived on the server from its payment records). */
export const paymentStatuses = ["unpaid", "pending", "part_paid", "paid", "refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  unpaid: "Unpaid",
  pending: "Payment pending",
  part_paid: "Part-paid",
  paid: "Paid",
  refunded: "Refunded",
};

/** Orders in these states hold reserved stock. */
export const openOrderStatuses = ["pending", "approved", "processing"] as const satisfies OrderStatus[];
/** Rejected and cancelled end an order before it ships: it holds nothing and takes no payments. */
export const endedOrderStatuses = ["rejected", "cancelled"] as const satisfies OrderStatus[];
export function orderEnded(status: OrderStatus): boolean {
  return (endedOrderStatuses as readonly OrderStatus[]).includes(status);
}

/** Once here an order's details can no longer be edited nor the order cancelled. */
export const lockedOrderStatuses = [
  "shipped",
  "delivered",
  "rejected",
  "cancelled",
] as const satisfies OrderStatus[];

/**
 * The staff vocabulary, used on every staff screen (orders, approval, dashboard, PDFs): the approved state
 * reads "confirmed" (SPEC section 4). Clients have their own words, in their language.
 */
export const staffStatusLabels: Record<OrderStatus, string> = {
  pending: "pending",
  approved: "confirmed",
  processing: "processing",
  shipped: "shipped",
  delivered: "delivered",
  rejected: "rejected",
  cancelled: "cancelled",
};
/**
 * The status filter of the orders screen: the spec's order, "confirmed" being the approved state, and
 * rejected too (the spec's list left it out, which hid rejected orders from every filter but All).
 */
export const staffStatusFilter = [
  "pending",
  "approved",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
  "rejected",
] as const satisfies readonly OrderStatus[];
