import { z } from "zod";
import { paginationQuery } from "./pagination";

export const shipmentStatuses = ["preparing", "shipped", "in_transit", "delivered", "delayed"] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];
export const shipmentStatusLabels: Record<ShipmentStatus, string> = {
  preparing: "Preparing",
  shipped: "Shipped",
  in_transit: "In Transit",
  delivered: "Delivered",
  delayed: "Delayed",
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
});
export type Shipment = z.infer<typeof shipmentSchema>;

const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`);

export const shipmentInputSchema = z.object({
  orderNumber: required("Order number").max(40),
  customerName: required("Customer").max(200),
  origin: z.string().trim().min(1).max(200).default(DEFAULT_ORIGIN),
  destination: required("Destination").max(300),
  carrier: z.enum(carriers).default("DHL Express"),
  temperature: z.enum(shipmentTemperatures).default("-196°C (Liquid Nitrogen)"),
  specialInstructions: z.string().trim().max(2000).nullish(),
  /** The form proposes 'TRK-' + timestamp; the server keeps it when free, else makes its own. */
  trackingNumber: z
    .string()
    .trim()
    .regex(/^TRK-\d{6,20}$/, "Tracking number looks like TRK-1700000000000")
    .optional(),
  status: z.literal("preparing").default("preparing"),
  shippedDate: z.iso.datetime({ offset: true }).optional(),
  expectedDelivery: z.iso.datetime({ offset: true }).optional(),
});
export type ShipmentInput = z.input<typeof shipmentInputSchema>;

export const shipmentStatusInputSchema = z.object({
  status: z.enum(shipmentStatuses, { error: "Unknown shipment status" }),
});

export const shipmentListQuery = paginationQuery.extend({ status: z.enum(shipmentStatuses).optional() });

export const shipmentSummarySchema = z.object({
  totalShipments: z.number().int(),
  inTransit: z.number().int(),
  delivered: z.number().int(),
  delayed: z.number().int(),
});
export type ShipmentSummary = z.infer<typeof shipmentSummarySchema>;
