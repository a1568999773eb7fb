import { sql } from "drizzle-orm";
import { productName } from "../../../contract/client";
import type { SemenType } from "../../../contract/genetics";
import { amountTooLarge, kesToUsd, MAX_AMOUNT_KES } from "../../../contract/money";
import { discountedPrice } from "../../../contract/orders";
import type { Config } from "../../config";
import { columnsOf, type Db, type Ending, prepared, tableRow, together } from "../../db/adapter";
import { customers, orderLines, orders, users } from "../../db/schema";
import { AppError, validationError } from "../../errors";
import type { SessionUserRow } from "../auth/sessions";
import { orderableItems } from "../client/catalogue";
import { findCustomer } from "../customers/lookup";
import { reserveStock } from "../inventory/stock";
import { notifyOrderPlaced, orderApprovers } from "../notifications/order-messages";
import { contactReader, readerOf } from "../notifications/readers";
import { checkUnpaidCap, unpaidHeld } from "../payments/holds";
import { recordOrderEvent } from "./events";
import { orderNumberOf, orderNumberPrefix } from "./order-number";

type OrderRow = typeof orders.$inferSelect;

/** Who orders: a signed-in client (their account locked, their unpaid orders capped) or a customer staff chose. */
export type Buyer =
  | {
      kind: "client";
      user: SessionUserRow;
      holds: Config["holds"];
      /** Where the order goes, when the client typed it; the customer's address otherwise. */
      address: string | null;
    }
  | { kind: "customer"; customerId?: number | null; customerName?: string | null };

/** What an entry point asks for, mapped from its own input; `placeOrder` does the rest. */
export interface OrderRequest {
  buyer: Buyer;
  /** Catalogue products, priced here from live prices (a discount only where the entry point allowed it). */
  products: { id: number; quantity: number; discountPct?: number }[];
  /** Services at an agreed amount: lines without stock. */
  services?: { name: string; amountKes: number; kind: string }[];
  /** A staff order for an agreed amount without lines (the order form of SPEC). */
  amount?: {
    orderType: OrderRow["orderType"];
    totalAmountKes: number;
    totalAmountUsd?: number | null;
    currency: OrderRow["currency"];
  };
  /** How this entry point refuses products that are not for sale (the field it names differs). */
  notForSale(ids: number[]): AppError;
  /** The client's delivery contact where it differs from the account's. */
  deliveryContact?: OrderRow["deliveryContact"];
  paymentMethod?: OrderRow["paymentMethod"];
  deliveryAddress?: string | null;
  specialInstructions?: string | null;
  /** The day the client asked for (ISO date). */
  requestedDeliveryDate?: string | null;
  expectedDeliveryDate?: Date | null;
  notes?: string | null;
  createdBy: number | null;
  /** An unpaid client order's stock is held until then. */
  holdExpiresAt?: Date | null;
  /** Its largest line discount is above the Sales Manager's limit: only a Director may approve it. */
  discountOverLimit?: boolean;
  /** The channel a client ordered through, where it is not the web portal. */
  source?: "ussd";
  /** The bank details a bank-transfer order's messages give; other orders need none. */
  bank?: Config["bank"];
}

/**
 * Places an order, for every entry point: read (the buyer, the products, the order's keys and approvers, in
 * one trip) → validate (an active buyer, the unpaid cap, products for sale, the amount) → price → write the
 * order with its lines, its first history event, its messages and its stock reservation, every statement sent
 * at once with the stock rows last. It answers `{ last }` without waiting, so the caller may send COMMIT right
 * behind (`Database.txEndingWith`) or await it inside `Database.tx`. Short stock refuses in SQL (409).
 */
export async function placeOrder(db: Db, now: Date, request: OrderRequest): Promise<Ending<OrderRow>> {
  const { buyer } = request;
  const client = buyer.kind === "client" ? buyer.user : null;
  const units = request.products.reduce((sum, p) => sum + p.quantity, 0);
  const ids = request.products.map((p) => p.id);
  // The client's row is locked first, so its unpaid orders are counted one order at a time.
  const [customer, held, items, keys, approvers] = await together([
    buyer.kind === "client"
      ? lockAccount(db, { userId: buyer.user.id }).then(([row]) => row)
      : findCustomer(db, buyer),
    client ? unpaidHeld(db, client.id) : Promise.resolve(null),
    ids.length > 0 ? orderableItems(db, { ids }) : Promise.resolve([]),
    nextOrderKeys(db, { numberPrefix: orderNumberPrefix(now) }).then(([row]) => row!),
    orderApprovers(db),
  ]);

  if (!customer?.isActive) {
    throw new AppError("FORBIDDEN", "Your customer account is closed. Please contact Urithi to order.");
  }
  if (buyer.kind === "client" && held) checkUnpaidCap(buyer.holds, held, units);
  const missing = ids.filter((id) => !items.some((item) => item.id === id));
  if (missing.length > 0) throw request.notForSale(missing);

  const lines = [
    ...request.products.map((p) => {
      const item = items.find((it) => it.id === p.id)!;
      const discount = p.discountPct ? ` (${p.discountPct}% discount)` : "";
      return {
        inventoryItemId: item.id,
        quantity: p.quantity,
        productName: `${productName(item)}${discount}`,
        breed: item.breedName as string | null,
        bullName: item.bullName,
        bullCode: item.bullCode,
        semenType: item.semenType,
        unitPriceKes: discountedPrice(item.costPerUnit, p.discountPct ?? 0),
        serviceKind: null as string | null,
      };
    }),
    ...(request.services ?? []).map((s) => ({
      inventoryItemId: null,
      quantity: 1,
      productName: s.name,
      breed: null,
      bullName: null,
      bullCode: null,
      semenType: null,
      unitPriceKes: s.amountKes,
      serviceKind: s.kind,
    })),
  ];
  const types = new Set(items.map((item) => item.type));
  const linesTotal = lines.reduce((sum, l) => sum + l.unitPriceKes * l.quantity, 0);
  const totalAmountKes = request.amount?.totalAmountKes ?? linesTotal;
  // Sums of prices × quantities can pass what one order may carry before the stock check sees them.
  if (totalAmountKes > MAX_AMOUNT_KES) throw validationError(amountTooLarge);

  const accountName = client ? `${client.firstName} ${client.lastName}` : null;
  const customerName = accountName ?? customer.name;
  const contact = {
    email: client ? client.email : customer.email,
    phone: client ? client.phone : customer.phone,
    address: buyer.kind === "client" ? (buyer.address ?? customer.address) : customer.address,
  };
  const holdExpiresAt = request.holdExpiresAt ?? null;
  const placed = insertOrder(db, {
    id: keys.id,
    orderNumber: keys.orderNumber,
    source: request.source ?? (client ? "client" : "staff"),
    customerId: customer.id,
    clientUserId: client?.id ?? null,
    customerName,
    customerEmail: contact.email,
    customerPhone: contact.phone,
    customerLocation: contact.address,
    // Services alone, or embryos with semen, make a mixed order; the lines say exactly what.
    orderType:
      request.amount?.orderType ??
      (types.size === 1 && (request.services ?? []).length === 0 ? [...types][0]! : "mixed"),
    totalAmountKes,
    totalAmountUsd: request.amount ? (request.amount.totalAmountUsd ?? null) : kesToUsd(totalAmountKes),
    currency: request.amount?.currency ?? "KES",
    paymentMethod: request.paymentMethod ?? null,
    deliveryAddress: request.deliveryAddress ?? contact.address,
    deliveryContact: request.deliveryContact ? JSON.stringify(request.deliveryContact) : null,
    specialInstructions: request.specialInstructions ?? null,
    requestedDeliveryDate: request.requestedDeliveryDate ?? null,
    expectedDeliveryDate: request.expectedDeliveryDate?.toISOString() ?? null,
    notes: request.notes ?? null,
    createdBy: request.createdBy,
    holdExpiresAt: holdExpiresAt?.toISOString() ?? null,
    discountPct: Math.max(0, ...request.products.map((p) => p.discountPct ?? 0)),
    discountOverLimit: request.discountOverLimit ?? false,
    now: now.toISOString(),
    lineItems: lines.map((l) => l.inventoryItemId),
    lineNames: lines.map((l) => l.productName),
    lineBreeds: lines.map((l) => l.breed),
    lineBulls: lines.map((l) => l.bullName),
    lineBullCodes: lines.map((l) => l.bullCode),
    lineSemenTypes: lines.map((l) => l.semenType),
    lineServices: lines.map((l) => l.serviceKind),
    lineQuantities: lines.map((l) => l.quantity),
    linePrices: lines.map((l) => l.unitPriceKes),
  });
  const firstEvent = recordOrderEvent(db, {
    orderId: keys.id,
    from: null,
    to: "pending",
    note: client ? "Placed by the client" : "Created by staff",
    changes: null,
    actorUserId: request.createdBy,
    now,
  });
  const messages = notifyOrderPlaced(db, {
    order: {
      ...keys,
      customerName,
      totalAmountKes,
      paymentMethod: request.paymentMethod ?? null,
      holdExpiresAt,
    },
    lines: lines.map((l) => ({
      name: l.productName,
      bullName: l.bullName,
      bullCode: l.bullCode,
      semenType: l.semenType,
      quantity: l.quantity,
      lineTotalKes: l.unitPriceKes * l.quantity,
    })),
    approvers,
    bank: request.bank,
    now,
    client: client
      ? readerOf(client, customer.phone)
      : contactReader({ customerName, customerEmail: contact.email, customerPhone: contact.phone }),
  });
  const stock = reserveStock(
    db,
    lines.flatMap((l) =>
      l.inventoryItemId === null ? [] : [{ inventoryItemId: l.inventoryItemId, quantity: l.quantity }],
    ),
    { orderId: keys.id, orderNumber: keys.orderNumber, actorUserId: request.createdBy, now },
  );
  return { last: together([placed, firstEvent, messages, stock]).then(([[row]]) => tableRow(orders, row!)) };
}

/** The client's account row, locked, with the customer it orders for. */
const lockAccount = prepared<
  { userId: number },
  Pick<typeof customers.$inferSelect, "id" | "name" | "email" | "phone" | "address" | "isActive">
>(
  "lock_account",
  (p) => sql`select ${customers.id} as id, ${customers.name} as name, ${customers.email} as email,
      ${customers.phone} as phone, ${customers.address} as address, ${customers.isActive} as "isActive"
    from ${users} join ${customers} on ${customers.id} = ${users.customerId}
    where ${users.id} = ${p.userId} for update of ${users}`,
);

/** The next order's id and number, from their sequences, so its messages can go in the same trip. */
const nextOrderKeys = prepared<{ numberPrefix: string }, { id: number; orderNumber: string }>(
  "next_order_keys",
  (p) => sql`select nextval('orders_id_seq')::int as id, ${orderNumberOf(p.numberPrefix)} as "orderNumber"`,
);

/**
 * The order (its keys taken before) and its lines, in one statement. The lines come as one array per column,
 * so the statement is the same for any number of lines.
 */
const insertOrder = prepared<
  {
    id: number;
    orderNumber: string;
    source: OrderRow["source"];
    customerId: number;
    clientUserId: number | null;
    customerName: string;
    customerEmail: string | null;
    customerPhone: string | null;
    customerLocation: string | null;
    orderType: OrderRow["orderType"];
    totalAmountKes: number;
    totalAmountUsd: number | null;
    currency: OrderRow["currency"];
    paymentMethod: OrderRow["paymentMethod"];
    deliveryAddress: string | null;
    /** JSON text. */
    deliveryContact: string | null;
    specialInstructions: string | null;
    requestedDeliveryDate: string | null;
    /** Times as ISO text. */
    expectedDeliveryDate: string | null;
    notes: string | null;
    createdBy: number | null;
    holdExpiresAt: string | null;
    discountPct: number;
    discountOverLimit: boolean;
    now: string;
    lineItems: (number | null)[];
    lineNames: string[];
    lineBreeds: (string | null)[];
    lineBulls: (string | null)[];
    lineBullCodes: (string | null)[];
    lineSemenTypes: (SemenType | null)[];
    lineServices: (string | null)[];
    lineQuantities: number[];
    linePrices: number[];
  },
  Record<string, unknown>
>(
  "place_order",
  (p) => sql`with placed as (
      insert into ${orders} (id, order_number, source, customer_id, client_user_id, customer_name, customer_email,
        customer_phone, customer_location, order_type, status, total_amount_kes, total_amount_usd, currency,
        payment_method, delivery_address, delivery_contact, special_instructions, requested_delivery_date,
        order_date, expected_delivery_date, notes, created_by, hold_expires_at, discount_pct, discount_over_limit,
        created_at, updated_at)
      overriding system value
      values (${p.id}::int, ${p.orderNumber}::text, ${p.source}::order_source, ${p.customerId}::int,
        ${p.clientUserId}::int, ${p.customerName}::text, ${p.customerEmail}::text, ${p.customerPhone}::text,
        ${p.customerLocation}::text, ${p.orderType}::order_type, 'pending', ${p.totalAmountKes}::int,
        ${p.totalAmountUsd}::int, ${p.currency}::currency, ${p.paymentMethod}::payment_method,
        ${p.deliveryAddress}::text, ${p.deliveryContact}::jsonb, ${p.specialInstructions}::text,
        ${p.requestedDeliveryDate}::date, ${p.now}::timestamptz, ${p.expectedDeliveryDate}::timestamptz,
        ${p.notes}::text, ${p.createdBy}::int, ${p.holdExpiresAt}::timestamptz, ${p.discountPct}::smallint,
        ${p.discountOverLimit}::boolean, ${p.now}::timestamptz, ${p.now}::timestamptz)
      returning ${columnsOf(orders)}
    ), line_insert as (
      insert into ${orderLines} (order_id, inventory_item_id, product_name, breed, bull_name, bull_code,
        semen_type, service_kind, quantity, unit_price_kes, line_total_kes)
      select placed.id, l.item, l.name, l.breed, l.bull, l.bull_code, l.semen_type::semen_type, l.service, l.quantity,
        l.price, l.quantity * l.price
      from placed, unnest(${p.lineItems}::int[], ${p.lineNames}::text[], ${p.lineBreeds}::text[],
                          -- An enum array with a null in it is malformed to PGlite's serializer: text, then cast.
                          ${p.lineBulls}::text[], ${p.lineBullCodes}::text[], ${p.lineSemenTypes}::text[],
                          ${p.lineServices}::text[], ${p.lineQuantities}::int[], ${p.linePrices}::int[])
                   with ordinality as l(item, name, breed, bull, bull_code, semen_type, service, quantity, price,
                     position)
      order by l.position
    )
    select * from placed`,
);
