import { z } from "zod";
import { deliveryDaysSchema } from "./delivery-days";
import { amountTooLarge, currencies, kesToUsd, MAX_AMOUNT_KES } from "./money";
import { orderSources, orderStatuses, orderTypes, paymentMethods, paymentStatuses } from "./order-states";
import { paginationQuery, sortQuery } from "./pagination";
import { idSchema, isoDate as isoDateSchema, text } from "./primitives";

export * from "./order-states";

export const orderSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  customerId: z.number().int().nullable(),
  customerName: z.string(),
  orderType: z.enum(orderTypes),
  status: z.enum(orderStatuses),
  source: z.enum(orderSources),
  totalAmountKes: z.number().int(),
  totalAmountUsd: z.number().int().nullable(),
  currency: z.enum(currencies),
  orderDate: z.string(),
  expectedDeliveryDate: z.string().nullable(),
  notes: z.string().nullable(),
  paymentStatus: z.enum(paymentStatuses),
  amountPaidKes: z.number().int(),
  /** Money held on an order that will not be delivered (rejected or cancelled), still to pay back. */
  refundDueKes: z.number().int(),
  /** A Director approved it before payment; it may ship unpaid. */
  onCredit: z.boolean(),
  /** The largest line discount, and whether it is above the Sales Manager's limit (a Director approves). */
  discountPct: z.number().int(),
  discountOverLimit: z.boolean(),
  /** An unpaid client order's stock is held until then; afterwards the order expires. */
  holdExpiresAt: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderLineSchema = z.object({
  id: z.number().int(),
  inventoryItemId: z.number().int().nullable(),
  productName: z.string(),
  breed: z.string().nullable(),
  quantity: z.number().int(),
  unitPriceKes: z.number().int(),
  lineTotalKes: z.number().int(),
});
export const orderEventSchema = z.object({
  id: z.number().int(),
  fromStatus: z.enum(orderStatuses).nullable(),
  toStatus: z.enum(orderStatuses),
  note: z.string().nullable(),
  actor: z.string().nullable(),
  /** Old -> new value of each edited money or date field. */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
  createdAt: z.string(),
});
export const orderDetailSchema = orderSchema.extend({
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  customerLocation: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  specialInstructions: z.string().nullable(),
  /** The day the client asked for (ISO date), kept after approval sets the expected date. */
  requestedDeliveryDate: z.string().nullable(),
  /** Every delivery day kept apart, as the client's screens read them (delivery-days.ts). */
  delivery: deliveryDaysSchema,
  paymentMethod: z.enum(paymentMethods).nullable(),
  lines: z.array(orderLineSchema),
  history: z.array(orderEventSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** Calendar dates travel as ISO dates (YYYY-MM-DD), the same everywhere. */
export const isoDate = isoDateSchema();

export const orderInputSchema = z.object({
  customerName: text().min(1, "Choose a customer").max(200),
  orderType: z.enum(orderTypes, { error: "Choose an order type" }),
  totalAmountKes: z
    .number({ error: "Amount (KES) must be a number" })
    .int("Amount (KES) must be whole shillings")
    .positive("Amount (KES) must be greater than 0")
    .max(MAX_AMOUNT_KES, amountTooLarge),
  totalAmountUsd: z
    .number()
    .int("Amount (USD) must be whole dollars")
    .positive()
    .max(kesToUsd(MAX_AMOUNT_KES))
    .nullish(),
  currency: z.enum(currencies),
  expectedDeliveryDate: isoDate.nullish(),
  notes: text().max(2000).nullish(),
});
export type OrderInput = z.input<typeof orderInputSchema>;

/** Services sold on a staff order at an agreed amount: no stock moves for them. */
export const serviceKinds = ["artificial_insemination", "embryo_transfer", "consultation", "other"] as const;
export const serviceKindLabels: Record<(typeof serviceKinds)[number], string> = {
  artificial_insemination: "AI service",
  embryo_transfer: "Embryo transfer",
  consultation: "Consultation",
  other: "Service",
};
/** The largest line discount; anything above it is a price change, made on the item. */
export const MAX_DISCOUNT_PCT = 50;
/** A unit price after a line discount, in whole shillings: the server's price and the form's preview. */
export const discountedPrice = (priceKes: number, discountPct: number): number =>
  Math.round((priceKes * (100 - discountPct)) / 100);

/**
 * A staff order with lines (POST /api/orders/itemised): products priced by the server from the catalogue,
 * each with an optional discount (needs the pricing permission), and services at an agreed amount.
 * Product lines reserve stock exactly like a client's order.
 */
export const itemisedOrderInputSchema = z
  .object({
    customerId: z.number({ error: "Choose a customer" }).pipe(idSchema),
    lines: z
      .array(
        z.object({
          inventoryItemId: idSchema,
          quantity: z
            .number({ error: "Quantity must be a number" })
            .int("Quantity must be a whole number")
            .min(1, "Quantity must be at least 1")
            .max(10_000, "Quantity must be at most 10,000"),
          discountPct: z
            .number({ error: "Discount must be a number" })
            .int("Discount is a whole %")
            .min(0, "Discount cannot be negative")
            .max(MAX_DISCOUNT_PCT, `Discount must be at most ${MAX_DISCOUNT_PCT}%`)
            .default(0),
        }),
      )
      .max(50)
      .default([]),
    services: z
      .array(
        z.object({
          service: z.enum(serviceKinds, { error: "Choose a service" }),
          description: text().max(200).nullish(),
          amountKes: z
            .number({ error: "Amount must be a number" })
            .int("Amount must be whole shillings")
            .positive("Amount must be greater than 0")
            .max(MAX_AMOUNT_KES, amountTooLarge),
        }),
      )
      .max(20)
      .default([]),
    expectedDeliveryDate: isoDate.nullish(),
    notes: text().max(2000).nullish(),
  })
  .refine((o) => o.lines.length + o.services.length > 0, {
    path: ["lines"],
    message: "Add at least one product or service",
  });
export type ItemisedOrderInput = z.input<typeof itemisedOrderInputSchema>;
export const orderUpdateSchema = orderInputSchema.partial();
export type OrderUpdate = z.input<typeof orderUpdateSchema>;

/** The order list's sorts: newest first by default. */
export const orderSorts = ["orderDate", "orderNumber", "customerName", "totalAmountKes"] as const;
export type OrderSort = (typeof orderSorts)[number];
export const orderListQuery = paginationQuery.extend({
  ...sortQuery(orderSorts, "orderDate"),
  search: text().max(200).optional(),
  status: z.enum(orderStatuses).optional(),
  /** Only orders Logistics may ship now: approved, and paid or approved on credit. */
  readyToShip: z.enum(["true", "false"]).optional(),
  /** Only rejected or cancelled orders that still hold money: what Financial's "To Refund" adds up. */
  refundDue: z.enum(["true", "false"]).optional(),
});
export type OrderListQuery = z.input<typeof orderListQuery>;
/** Orders awaiting approval: the longest-waiting first. */
export const pendingOrderQuery = paginationQuery.extend(sortQuery(["orderDate"], "orderDate", "asc"));
/** A client's own orders: newest first. */
export const clientOrderQuery = paginationQuery.extend(sortQuery(["orderDate"], "orderDate"));

/**
 * The ledger's words, the same on every screen: revenue is booked order value; received is what was paid
 * on booked orders (net of refunds); outstanding is booked minus received.
 */
export const ledgerFiguresSchema = z.object({
  /** Order value of approved and later orders, not cancelled or rejected. */
  bookedKes: z.number().int(),
  /** Paid against those orders. */
  receivedKes: z.number().int(),
  /** Booked minus received. */
  outstandingKes: z.number().int(),
});

/** Money held that is not revenue: paid on orders awaiting approval, and on orders that ended. */
export const heldMoneySchema = z.object({
  /** Client deposits: paid on orders still awaiting approval. */
  depositsKes: z.number().int(),
  /** Paid on rejected or cancelled orders and not yet paid back. */
  refundDueKes: z.number().int(),
});
export type HeldMoney = z.infer<typeof heldMoneySchema>;

/** Sales & Orders' cards. The money is null for roles without `finance`: revenue is the books' to show. */
export const orderSummarySchema = z.object({
  totalOrders: z.number().int(),
  /** The booked order value (same as bookedKes), kept under its SPEC name. */
  totalRevenueKes: z.number().int().nullable(),
  totalRevenueUsd: z.number().int().nullable(),
  pendingOrders: z.number().int(),
  deliveredOrders: z.number().int(),
  bookedKes: z.number().int().nullable(),
  receivedKes: z.number().int().nullable(),
  outstandingKes: z.number().int().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
