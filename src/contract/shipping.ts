import { z } from "zod";
import { paginationQuery, sortQuery } from "./pagination";
import { isoDate, isoDateTime, requiredText, text } from "./primitives";

/** The five statuses staff choose from (SPEC); "cancelled" is set only when the order is cancelled. */
export const shipmentStatusChoices = ["preparing", "shipped", "in_transit", "delivered", "delayed"] as const;
export const shipmentStatuses = [...shipmentStatusChoices, "cancelled"] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];

/**
 * The shipment state machine: stock leaves the building when a shipment leaves "preparing", so there is no
 * way back to it; delivered and cancelled are final.
 */
export const shipmentTransitions: Record<ShipmentStatus, readonly ShipmentStatus[]> = {
  preparing: ["shipped", "in_transit", "delayed", "cancelled"],
  shipped: ["in_transit", "delayed", "delivered"],
  in_transit: ["delayed", "delivered"],
  delayed: ["in_transit", "delivered"],
  delivered: [],
  cancelled: [],
};
export const shipmentStatusLabels: Record<ShipmentStatus, string> = {
  preparing: "Preparing",
  shipped: "Shipped",
  in_transit: "In Transit",
  delivered: "Delivered",
  delayed: "Delayed",
  cancelled: "Cancelled",
};
export const carriers = ["DHL Express", "FedEx", "UPS", "Local Courier"] as const;
export const shipmentTemperatures = [
  "-196°C (Liquid Nitrogen)",
  "-80°C (Dry Ice)",
  "2-8°C (Refrigerated)",
  "Room Temperature",
] as const;
export const DEFAULT_ORIGIN = "Nakuru, Kenya";
export const SHIPMENT_ESTIMATE_DAYS = 3;

export const shipmentSchema = z.object({
  id: z.number().int(),
  trackingNumber: z.string(),
  orderId: z.number().int().nullable(),
  orderNumber: z.string(),
  customerName: z.string(),
  origin: z.string(),
  destination: z.string(),
  carrier: z.string(),
  temperature: z.string(),
  specialInstructions: z.string().nullable(),
  status: z.enum(shipmentStatuses),
  shippedDate: z.string().nullable(),
  expectedDelivery: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** Who received it at delivery. */
  receivedBy: z.string().nullable(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** Customer and destination are taken from the order; values sent here are ignored. */
export const shipmentInputSchema = z.object({
  orderNumber: requiredText("Order number").max(40),
  customerName: text().max(200).optional(),
  origin: text().min(1).max(200).default(DEFAULT_ORIGIN),
  destination: text().max(300).optional(),
  carrier: z.enum(carriers).default("DHL Express"),
  temperature: z.enum(shipmentTemperatures).default("-196°C (Liquid Nitrogen)"),
  specialInstructions: text().max(2000).nullish(),
  /** The form proposes 'TRK-' + timestamp; the server keeps it when free, else makes its own. */
  trackingNumber: text()
    .regex(/^TRK-\d{6,20}$/, "Tracking number looks like TRK-1700000000000")
    .optional(),
  status: z.literal("preparing").default("preparing"),
  shippedDate: isoDateTime().optional(),
  expectedDelivery: isoDateTime().optional(),
});
export type ShipmentInput = z.input<typeof shipmentInputSchema>;

/** Delayed asks for the new expected day and why; the client is told both. */
export const shipmentStatusInputSchema = z
  .object({
    status: z.enum(shipmentStatusChoices, { error: "Unknown shipment status" }),
    expectedDelivery: isoDate("Enter a valid date").optional(),
    reason: text().max(300, "Keep the reason under 300 characters").optional(),
    /** Delivered: who took the order at the farm, and when (now if left out). */
    receivedBy: text().max(120, "Keep the name under 120 characters").optional(),
    receivedAt: isoDateTime("Enter a valid time").optional(),
  })
  .superRefine((r, ctx) => {
    if (r.status === "delivered" && (!r.receivedBy || r.receivedBy.trim().length < 2))
      ctx.addIssue({ code: "custom", path: ["receivedBy"], message: "Enter who received the order" });
    if (r.status !== "delayed") return;
    if (!r.expectedDelivery)
      ctx.addIssue({
        code: "custom",
        path: ["expectedDelivery"],
        message: "Enter the new expected delivery date",
      });
    if (!r.reason || r.reason.trim().length < 3)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "Say why it is delayed" });
  });
export type ShipmentStatusInput = z.input<typeof shipmentStatusInputSchema>;

/** The shipping screen's tabs: on the way (not yet delivered), delivered, and cancelled with their orders. */
export const shipmentViews = ["active", "delivered", "cancelled"] as const;
export const shipmentViewLabels: Record<(typeof shipmentViews)[number], string> = {
  active: "Active",
  delivered: "Delivered",
  cancelled: "Cancelled",
};
export type ShipmentView = (typeof shipmentViews)[number];
export const activeShipmentStatuses = [
  "preparing",
  "shipped",
  "in_transit",
  "delayed",
] as const satisfies readonly ShipmentStatus[];
export const shipmentSorts = ["createdAt", "expectedDelivery", "trackingNumber"] as const;
export const shipmentListQuery = paginationQuery.extend({
  ...sortQuery(shipmentSorts, "createdAt"),
  /** Tracking number, carrier, order number or destination. */
  search: text().max(200).optional(),
  status: z.enum(shipmentStatuses).optional(),
  view: z.enum(shipmentViews).optional(),
});
export type ShipmentListQuery = z.input<typeof shipmentListQuery>;

export const shipmentSummarySchema = z.object({
  totalShipments: z.number().int(),
  inTransit: z.number().int(),
  delivered: z.number().int(),
  delayed: z.number().int(),
});
export type ShipmentSummary = z.infer<typeof shipmentSummarySchema>;
