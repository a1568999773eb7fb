import { z } from "zod";
import { clientOrderStates } from "./client-states";
import { deliveryDaysSchema } from "./delivery-days";
import { semenTypes } from "./genetics";
import { currencies } from "./money";
import { orderSources } from "./order-states";
import { orderStatuses, orderTypes, paymentMethods, paymentStatuses } from "./orders";
import { paymentRecordStatuses, refundDecisionSchema } from "./payments";
import { idParamSchema, isoDate, kenyanMobile, text } from "./primitives";
import { shipmentStatuses } from "./shipping";

/** Shop product (SPEC section 3); `inStock` is what can still be ordered (on hand less reserved). */
export const shopProductSchema = z.object({
  id: z.number().int(),
  itemId: z.string(),
  name: z.string(),
  type: z.enum(["embryo", "semen", "consultation"]),
  breed: z.string(),
  price: z.number().int(),
  currency: z.literal("KES"),
  description: z.string(),
  /** The description in Kiswahili, where one is written; screens in Kiswahili show it instead. */
  descriptionSw: z.string().nullable(),
  features: z.array(z.string()),
  inStock: z.number().int(),
  regionSuitability: z.array(z.string()),
  /** The bull (or the embryo's sire), his registration, and sexed or conventional: every line names him. */
  bullName: z.string().nullable(),
  bullCode: z.string().nullable(),
  semenType: z.enum(semenTypes).nullable(),
});
export type ShopProduct = z.infer<typeof shopProductSchema>;

/** A line of the cart: a product on sale and how many (POST /api/client/orders/:id/reorder answers these). */
export const cartLineSchema = shopProductSchema.extend({ quantity: z.number().int().positive() });
export type CartLine = z.infer<typeof cartLineSchema>;

/** Client catalogue item of the portal tabs. */
export const catalogItemSchema = z.object({
  id: z.number().int(),
  itemId: z.string(),
  type: z.enum(["embryo", "sperm"]),
  breedName: z.string(),
  viabilityStatus: z.string(),
  currentStock: z.number().int(),
  costPerUnit: z.number().int(),
});
export type CatalogItem = z.infer<typeof catalogItemSchema>;

export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 10_000;

/**
 * One order payload for the portal form and the shop cart. Prices and totals sent by the client are
 * ignored: the server prices every line from its own catalogue.
 */
export const clientOrderInputSchema = z
  .object({
    customerName: text().max(200).optional(),
    customerEmail: text().max(254).optional(),
    customerPhone: kenyanMobile(text().max(40)).optional(),
    customerLocation: text().max(300).optional(),
    deliveryAddress: text().max(500).optional(),
    deliveryDate: isoDate("Enter a valid date").optional().or(z.literal("")),
    specialInstructions: text().max(2000).optional(),
    paymentMethod: z.enum(paymentMethods, { error: "Choose M-Pesa, card or bank transfer" }),
    currency: z.literal("KES").default("KES"),
    items: z
      .array(
        z
          .object({
            productId: idParamSchema.optional(),
            id: idParamSchema.optional(),
            quantity: z
              .number({ error: "Quantity must be a number" })
              .int("Quantity must be a whole number")
              .min(1, "Quantity must be at least 1")
              .max(MAX_LINE_QUANTITY),
          })
          .refine((i) => i.productId !== undefined || i.id !== undefined, "Each item needs a product"),
      )
      .min(1, "Your cart is empty")
      .max(MAX_ORDER_LINES),
  })
  .refine((o) => Boolean(o.deliveryAddress || o.customerLocation), {
    message: "Please provide a delivery address",
    path: ["deliveryAddress"],
  });
export type ClientOrderInput = z.input<typeof clientOrderInputSchema>;

export const placedOrderSchema = z.object({ id: z.number().int(), orderNumber: z.string() });
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

export const clientOrderSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  customerName: z.string(),
  orderType: z.enum(orderTypes),
  status: z.enum(orderStatuses),
  currency: z.enum(currencies),
  totalAmount: z.number().int(),
  totalAmountKes: z.number().int(),
  totalAmountUsd: z.number().int().nullable(),
  orderDate: z.string(),
  expectedDeliveryDate: z.string().nullable(),
  estimatedDelivery: z.string().nullable(),
  delivery: deliveryDaysSchema,
  trackingNumber: z.string().nullable(),
  /** The shipment's own status, so a client sees "delayed". */
  shipmentStatus: z.enum(shipmentStatuses).nullable(),
  /** What the farmer is told, read from the staff states once (client-states.ts). */
  state: z.enum(clientOrderStates),
  /** The carrier's tracking page for the tracking number, where the carrier has one. */
  trackingUrl: z.string().nullable(),
  notes: z.string().nullable(),
  paymentMethod: z.enum(paymentMethods).nullable(),
  paymentStatus: z.enum(paymentStatuses),
  amountPaidKes: z.number().int(),
  holdExpiresAt: z.string().nullable(),
  /**
   * An M-Pesa prompt still waiting for the phone: the page follows it again after a reload (a cheap phone
   * often reloads the page while the prompt is open).
   */
  pendingPaymentId: z.number().int().nullable(),
  items: z.array(
    z.object({
      productName: z.string(),
      breed: z.string().nullable(),
      /** The bull as the line was sold: his name and registration, and sexed or conventional. */
      bullName: z.string().nullable(),
      bullCode: z.string().nullable(),
      semenType: z.enum(semenTypes).nullable(),
      quantity: z.number().int(),
      price: z.number().int(),
    }),
  ),
});
export type ClientOrder = z.infer<typeof clientOrderSchema>;

/**
 * What an order's history tells its client: its steps (an order enters "pending" only by being placed, so that
 * step reads "placed"), each new delivery day, and money received.
 */
export const clientHistoryEvents = ["placed", ...orderStatuses, "redated", "paid"] as const;

/** GET /api/client/orders/:id: the order as the list shows it, with its payments, shipment and history. */
export const clientOrderDetailSchema = clientOrderSchema.extend({
  payments: z.array(
    z.object({
      id: z.number().int(),
      method: z.enum(paymentMethods),
      amountKes: z.number().int(),
      status: z.enum(paymentRecordStatuses),
      /** M-Pesa's receipt or the bank's reference. */
      receipt: z.string().nullable(),
      at: z.string(),
    }),
  ),
  shipment: z
    .object({
      trackingNumber: z.string(),
      carrier: z.string(),
      status: z.enum(shipmentStatuses),
      shippedDate: z.string().nullable(),
      receivedBy: z.string().nullable(),
    })
    .nullable(),
  history: z.array(
    z.object({
      at: z.string(),
      event: z.enum(clientHistoryEvents),
      /** The new day of a redate (YYYY-MM-DD). */
      day: z.string().nullable(),
      /** Why the day moved, as the farmer was told. */
      reason: z.string().nullable(),
      /** What a payment brought in. */
      amountKes: z.number().int().nullable(),
    }),
  ),
});
export type ClientOrderDetail = z.infer<typeof clientOrderDetailSchema>;

/** A delivery contact the client typed that differs from their account (name, phone or email). */
export const deliveryContactSchema = z.object({
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type DeliveryContact = z.infer<typeof deliveryContactSchema>;

export const pendingOrderSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  customerEmail: z.string().nullable(),
  customerLocation: z.string().nullable(),
  /** Set when the client asked for delivery to someone other than the account holder. */
  deliveryContact: deliveryContactSchema.nullable(),
  deliveryAddress: z.string().nullable(),
  /** The day the client asked for (ISO date); the approver's estimate replaces it as the expected date. */
  requestedDeliveryDate: z.string().nullable(),
  specialInstructions: z.string().nullable(),
  paymentMethod: z.enum(paymentMethods).nullable(),
  currency: z.enum(currencies),
  totalAmount: z.number().int(),
  orderDate: z.string(),
  source: z.enum(orderSources),
  /** Who placed it: a staff member's name, or null for the client's own order. */
  createdBy: z.string().nullable(),
  createdByUserId: z.number().int().nullable(),
  /** The largest line discount; above the Sales Manager's limit only a Director may approve the order. */
  discountPct: z.number().int(),
  discountOverLimit: z.boolean(),
  notes: z.string().nullable(),
  paymentStatus: z.enum(paymentStatuses),
  amountPaidKes: z.number().int(),
  holdExpiresAt: z.string().nullable(),
  items: z.array(
    z.object({
      productName: z.string(),
      breed: z.string().nullable(),
      quantity: z.number().int(),
      price: z.number().int(),
    }),
  ),
});
export type PendingOrder = z.infer<typeof pendingOrderSchema>;

export const approvalDays = [1, 2, 3, 5, 7, 14, 30] as const;
export const approveInputSchema = z.object({
  estimatedDays: z
    .number({ error: "Please provide estimated delivery time." })
    .refine(
      (d) => (approvalDays as readonly number[]).includes(d),
      "Please provide estimated delivery time.",
    ),
  /** Staff's own note, never shown to the client. */
  notes: text().max(2000).optional(),
  /** What the client is told with the approval (their card and message). */
  clientNote: text().max(500).optional(),
  /** Shown by the form; the server records the signed-in approver instead. */
  approvedBy: z.string().max(200).optional(),
  /** A Director's explicit choice to approve an order that is not paid yet. */
  onCredit: z.boolean().optional(),
});
export type ApproveInput = z.input<typeof approveInputSchema>;

export const rejectInputSchema = z.object({
  reason: text("Please provide a reason for rejection.")
    .min(1, "Please provide a reason for rejection.")
    .max(2000),
  /** Staff's own note, never shown to the client (the reason is). */
  internalNote: text().max(2000).optional(),
  /** Needed when the order holds money (409 REFUND_DECISION_REQUIRED otherwise). */
  refund: refundDecisionSchema.optional(),
});
export type RejectInput = z.input<typeof rejectInputSchema>;

/** POST /api/orders/:id/cancel: the reason is staff's; the client note is what the client is told. */
export const cancelInputSchema = z.object({
  reason: text()
    .max(2000)
    .nullish()
    .transform((v) => v || null),
  clientNote: text()
    .max(500)
    .nullish()
    .transform((v) => v || null),
  refund: refundDecisionSchema.optional(),
});
export type CancelInput = z.input<typeof cancelInputSchema>;

export * from "./client-labels";
