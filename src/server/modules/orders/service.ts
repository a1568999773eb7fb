import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { amountTooLarge, kesToUsd, MAX_AMOUNT_KES } from "../../../contract/money";
import type {
  Order,
  OrderDetail,
  OrderStatus,
  OrderSummary,
  orderInputSchema,
  orderListQuery,
  orderUpdateSchema,
} from "../../../contract/orders";
import type { Config } from "../../config";
import type { AppContext } from "../../context";
import { columnsOf, type Db, prepared, tableRow, together } from "../../db/adapter";
import { orderEvents, orderLines, orders, users } from "../../db/schema";
import { notFound, validationError } from "../../errors";
import { countMatching, type ListTotal } from "../../http/list-total";
import { containsPattern } from "../../http/search";
import { nairobiDate } from "../../time";
import { findCustomer } from "../customers/lookup";
import { orderTotals } from "../finance/figures";
import { reserveStock } from "../inventory/stock";
import { notifyOrderPlaced, orderApprovers } from "../notifications/order-messages";
import type { Reader } from "../notifications/outbox";
import { contactReader } from "../notifications/readers";
import { orderNumberOf, orderNumberPrefix } from "./order-number";
import { type Actor, changeOrderStatus, type DetailsEdit, editOrderDetails } from "./process";

type OrderRow = typeof orders.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    customerId: row.customerId,
    customerName: row.customerName,
    orderType: row.orderType,
    status: row.status,
    source: row.source,
    totalAmountKes: row.totalAmountKes,
    totalAmountUsd: row.totalAmountUsd,
    currency: row.currency,
    orderDate: row.orderDate.toISOString(),
    expectedDeliveryDate: iso(row.expectedDeliveryDate),
    notes: row.notes,
    paymentStatus: row.paymentStatus,
    amountPaidKes: row.amountPaidKes,
    onCredit: row.onCredit,
    holdExpiresAt: iso(row.holdExpiresAt),
  };
}

export interface NewOrder {
  source: "staff" | "client";
  customer: { id: number; name: string; email: string | null; phone: string | null; address: string | null };
  customerName?: string;
  clientUserId?: number | null;
  orderType: OrderRow["orderType"];
  totalAmountKes: number;
  totalAmountUsd?: number | null;
  currency: OrderRow["currency"];
  paymentMethod?: OrderRow["paymentMethod"];
  deliveryAddress?: string | null;
  deliveryContact?: OrderRow["deliveryContact"];
  specialInstructions?: string | null;
  /** The day the client asked for (ISO date). */
  requestedDeliveryDate?: string | null;
  expectedDeliveryDate?: Date | null;
  notes?: string | null;
  /** Lines with an inventory item reserve its stock; service lines (no item) move none. */
  lines?: {
    inventoryItemId: number | null;
    quantity: number;
    productName: string;
    breed: string | null;
    unitPriceKes: number;
  }[];
  createdBy: number | null;
  /** An unpaid client order's stock is held until then. */
  holdExpiresAt?: Date | null;
  /** For the new order's messages: the bank details to pay to, and the client when the caller knows them. */
  notify: { bank: Config["bank"]; client?: Reader };
}

/** An order's id and number, taken before it is written so its messages can go in the same trip. */
export interface OrderKeys {
  id: number;
  orderNumber: string;
}

/** The next order's id and number, from their sequences. */
const orderKeys = (db: Db, now: Date): Promise<OrderKeys> =>
  nextOrderKeys(db, { numberPrefix: orderNumberPrefix(now) }).then(([keys]) => keys!);

const nextOrderKeys = prepared<{ numberPrefix: string }, OrderKeys>(
  "next_order_keys",
  (p) => sql`select nextval('orders_id_seq')::int as id, ${orderNumberOf(p.numberPrefix)} as "orderNumber"`,
);

/** What an order's writes need read first: its keys and who approves it (read together, `together`). */
export interface OrderFirstReads {
  keys: OrderKeys;
  approvers: Reader[];
}

/** Reads what `insertOrder` needs, in one trip. */
export async function orderFirstReads(db: Db, now: Date): Promise<OrderFirstReads> {
  const [keys, approvers] = await together([orderKeys(db, now), orderApprovers(db)]);
  return { keys, approvers };
}

/**
 * Inserts an order with its lines and first history entry, writes its messages and reserves its stock: every
 * statement is sent at once, in that order (the stock rows, which every order of an item queues on, last),
 * and nothing waits for another's answer, so a caller may send COMMIT right behind them
 * (`Database.txEndingWith`). Short stock refuses in SQL (409).
 */
export function insertOrder(db: Db, now: Date, input: NewOrder & OrderFirstReads): Promise<OrderRow> {
  // Sums of prices × quantities can pass what one order may carry before the stock check sees them.
  if (input.totalAmountKes > MAX_AMOUNT_KES) throw validationError(amountTooLarge);
  const { keys } = input;
  const lines = input.lines ?? [];
  const customerName = input.customerName ?? input.customer.name;
  const holdExpiresAt = input.holdExpiresAt ?? null;
  const placed = placeOrder(db, {
    id: keys.id,
    orderNumber: keys.orderNumber,
    source: input.source,
    customerId: input.customer.id,
    clientUserId: input.clientUserId ?? null,
    customerName,
    customerEmail: input.customer.email,
    customerPhone: input.customer.phone,
    customerLocation: input.customer.address,
    orderType: input.orderType,
    totalAmountKes: input.totalAmountKes,
    totalAmountUsd: input.totalAmountUsd ?? null,
    currency: input.currency,
    paymentMethod: input.paymentMethod ?? null,
    deliveryAddress: input.deliveryAddress ?? input.customer.address,
    deliveryContact: input.deliveryContact ? JSON.stringify(input.deliveryContact) : null,
    specialInstructions: input.specialInstructions ?? null,
    requestedDeliveryDate: input.requestedDeliveryDate ?? null,
    expectedDeliveryDate: input.expectedDeliveryDate?.toISOString() ?? null,
    notes: input.notes ?? null,
    createdBy: input.createdBy,
    holdExpiresAt: holdExpiresAt?.toISOString() ?? null,
    now: now.toISOString(),
    eventNote: input.source === "client" ? "Placed by the client" : "Created by staff",
    lineItems: lines.map((l) => l.inventoryItemId),
    lineNames: lines.map((l) => l.productName),
    lineBreeds: lines.map((l) => l.breed),
    lineQuantities: lines.map((l) => l.quantity),
    linePrices: lines.map((l) => l.unitPriceKes),
  });
  const messages = notifyOrderPlaced(db, {
    order: {
      ...keys,
      customerName,
      totalAmountKes: input.totalAmountKes,
      paymentMethod: input.paymentMethod ?? null,
      holdExpiresAt,
    },
    lines: lines.map((l) => ({
      name: l.productName,
      quantity: l.quantity,
      lineTotalKes: l.unitPriceKes * l.quantity,
    })),
    approvers: input.approvers,
    bank: input.notify.bank,
    now,
    client:
      input.notify.client ??
      contactReader({
        customerName,
        customerEmail: input.customer.email,
        customerPhone: input.customer.phone,
      }),
  });
  const stock = reserveStock(
    db,
    lines.flatMap((l) =>
      l.inventoryItemId === null ? [] : [{ inventoryItemId: l.inventoryItemId, quantity: l.quantity }],
    ),
    { orderId: keys.id, orderNumber: keys.orderNumber, actorUserId: input.createdBy, now },
  );
  return together([placed, messages, stock]).then(([[row]]) => tableRow(orders, row!));
}

/**
 * The order (its keys taken before, `orderKeys`), its first history entry and its lines, in one statement. The
 * lines come as one array per column, so the statement is the same for any number of lines.
 */
const placeOrder = prepared<
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
    now: string;
    eventNote: string;
    lineItems: (number | null)[];
    lineNames: string[];
    lineBreeds: (string | null)[];
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
        order_date, expected_delivery_date, notes, created_by, hold_expires_at, created_at, updated_at)
      overriding system value
      values (${p.id}::int, ${p.orderNumber}::text, ${p.source}::order_source, ${p.customerId}::int,
        ${p.clientUserId}::int, ${p.customerName}::text, ${p.customerEmail}::text, ${p.customerPhone}::text,
        ${p.customerLocation}::text, ${p.orderType}::order_type, 'pending', ${p.totalAmountKes}::int,
        ${p.totalAmountUsd}::int, ${p.currency}::currency, ${p.paymentMethod}::payment_method,
        ${p.deliveryAddress}::text, ${p.deliveryContact}::jsonb, ${p.specialInstructions}::text,
        ${p.requestedDeliveryDate}::date, ${p.now}::timestamptz, ${p.expectedDeliveryDate}::timestamptz,
        ${p.notes}::text, ${p.createdBy}::int, ${p.holdExpiresAt}::timestamptz, ${p.now}::timestamptz,
        ${p.now}::timestamptz)
      returning ${columnsOf(orders)}
    ), first_event as (
      insert into ${orderEvents} (order_id, to_status, note, actor_user_id, created_at)
      select id, 'pending'::order_status, ${p.eventNote}::text, ${p.createdBy}::int, ${p.now}::timestamptz
      from placed
    ), line_insert as (
      insert into ${orderLines} (order_id, inventory_item_id, product_name, breed, quantity, unit_price_kes,
        line_total_kes)
      select placed.id, l.item, l.name, l.breed, l.quantity, l.price, l.quantity * l.price
      from placed, unnest(${p.lineItems}::int[], ${p.lineNames}::text[], ${p.lineBreeds}::text[],
                          ${p.lineQuantities}::int[], ${p.linePrices}::int[])
                   with ordinality as l(item, name, breed, quantity, price, position)
      order by l.position
    )
    select * from placed`,
);

export function createStaffOrder(
  ctx: AppContext,
  input: z.output<typeof orderInputSchema>,
  actorUserId: number,
): Promise<Order> {
  const now = ctx.clock.now();
  const expectedDeliveryDate = deliveryDate(input.expectedDeliveryDate, now);
  return ctx.database.tx(async (db) => {
    const [customer, first] = await together([findCustomer(db, input), orderFirstReads(db, now)]);
    const order = await insertOrder(db, now, {
      ...first,
      source: "staff",
      customer,
      orderType: input.orderType,
      totalAmountKes: input.totalAmountKes,
      totalAmountUsd: input.totalAmountUsd,
      currency: input.currency,
      expectedDeliveryDate,
      notes: input.notes,
      createdBy: actorUserId,
      notify: { bank: ctx.config.bank },
    });
    return toOrder(order);
  });
}

function listFilters(query: { search?: string; status?: OrderStatus }): SQL | undefined {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(or(ilike(orders.orderNumber, pattern), ilike(orders.customerName, pattern))!);
  }
  return and(...filters);
}

export function listOrders(ctx: AppContext, query: z.output<typeof orderListQuery>): Promise<Order[]> {
  return ctx.database.read(async (db) => {
    const rows = await db
      .select()
      .from(orders)
      .where(listFilters(query))
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(toOrder);
  });
}

/**
 * Without a search the count is exact and costs the same at any size: the per-status order totals. A
 * search counts its matches, up to the cap.
 */
export function countOrders(ctx: AppContext, query: z.output<typeof orderListQuery>): Promise<ListTotal> {
  if (query.search) return countMatching(ctx, orders, listFilters(query), { search: true });
  return ctx.database.read(async (db) => {
    const { byStatus } = await orderTotals(db);
    if (query.status) return byStatus.get(query.status) ?? 0;
    return [...byStatus.values()].reduce((sum, n) => sum + n, 0);
  });
}

export function recentOrders(ctx: AppContext, limit: number): Promise<Order[]> {
  return listOrders(ctx, { limit, offset: 0 });
}

/** Counts over every order; the money is the ledger's booked / received / outstanding. */
export function orderSummary(ctx: AppContext): Promise<OrderSummary> {
  return ctx.database.read(async (db) => {
    const { byStatus, ledger } = await orderTotals(db);
    const totalOrders = [...byStatus.values()].reduce((sum, n) => sum + n, 0);
    return {
      totalOrders,
      totalRevenueKes: ledger.bookedKes,
      totalRevenueUsd: kesToUsd(ledger.bookedKes),
      pendingOrders: byStatus.get("pending") ?? 0,
      deliveredOrders: byStatus.get("delivered") ?? 0,
      ...ledger,
    };
  });
}

async function loadOrder(db: Db, id: number): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFound("Order");
  return row;
}

export function getOrderDetail(ctx: AppContext, id: number): Promise<OrderDetail> {
  return ctx.database.read(async (db) => {
    const order = await loadOrder(db, id);
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, id))
      .orderBy(asc(orderLines.id));
    const history = await db
      .select({
        event: orderEvents,
        actor: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      })
      .from(orderEvents)
      .leftJoin(users, eq(users.id, orderEvents.actorUserId))
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
    return {
      ...toOrder(order),
      customerEmail: order.customerEmail,
      customerPhone: order.customerPhone,
      customerLocation: order.customerLocation,
      deliveryAddress: order.deliveryAddress,
      specialInstructions: order.specialInstructions,
      requestedDeliveryDate: order.requestedDeliveryDate,
      paymentMethod: order.paymentMethod,
      lines: lines.map((l) => ({
        id: l.id,
        inventoryItemId: l.inventoryItemId,
        productName: l.productName,
        breed: l.breed,
        quantity: l.quantity,
        unitPriceKes: l.unitPriceKes,
        lineTotalKes: l.lineTotalKes,
      })),
      history: history.map(({ event, actor }) => ({
        id: event.id,
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        note: event.note,
        changes: event.changes ?? null,
        actor,
        createdAt: event.createdAt.toISOString(),
      })),
    };
  });
}

/** A requested delivery date (ISO date) as 09:00 Nairobi that day; a date before today is refused. */
export function deliveryDate(
  value: string | null | undefined,
  now: Date,
  field = "expectedDeliveryDate",
): Date | null {
  if (!value) return null;
  if (value < nairobiDate(now)) {
    throw validationError("Delivery date cannot be before today", {
      [field]: "Delivery date cannot be before today",
    });
  }
  return new Date(`${value}T09:00:00+03:00`);
}

/** Edits an order's details while it has not shipped (nor ended), through the order process. */
export function updateOrder(
  ctx: AppContext,
  id: number,
  input: z.output<typeof orderUpdateSchema>,
  actor: Actor,
): Promise<Order> {
  const now = ctx.clock.now();
  return ctx.database.tx(async (db) => {
    const current = await loadOrder(db, id);
    const sameDay =
      input.expectedDeliveryDate && current.expectedDeliveryDate
        ? nairobiDate(current.expectedDeliveryDate) === input.expectedDeliveryDate
        : false;
    const edit: DetailsEdit = {
      orderType: input.orderType,
      totalAmountKes: input.totalAmountKes,
      totalAmountUsd: input.totalAmountUsd,
      currency: input.currency,
      notes: input.notes,
      expectedDeliveryDate:
        input.expectedDeliveryDate === undefined || sameDay
          ? undefined
          : deliveryDate(input.expectedDeliveryDate, now),
    };
    if (
      input.customerName !== undefined &&
      input.customerName.toLowerCase() !== current.customerName.toLowerCase()
    ) {
      edit.customer = await findCustomer(db, { customerName: input.customerName });
    }
    return toOrder(await editOrderDetails(db, id, edit, actor, now));
  });
}

export function cancelOrder(ctx: AppContext, id: number, actor: Actor): Promise<Order> {
  return ctx.database.tx(async (db) => {
    const row = await changeOrderStatus(db, id, {
      to: "cancelled",
      actor,
      now: ctx.clock.now(),
      reason: "Cancelled by staff",
    });
    return toOrder(row);
  });
}

export type OrderItem = { productName: string; breed: string | null; quantity: number; price: number };

/** The lines of a page of orders, by order id, as clients and approvers see them. */
export async function itemsByOrder(db: Db, orderIds: number[]): Promise<Map<number, OrderItem[]>> {
  const byOrder = new Map<number, OrderItem[]>();
  if (orderIds.length === 0) return byOrder;
  const lines = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
  for (const l of lines) {
    const items = byOrder.get(l.orderId) ?? [];
    items.push({ productName: l.productName, breed: l.breed, quantity: l.quantity, price: l.unitPriceKes });
    byOrder.set(l.orderId, items);
  }
  return byOrder;
}
