import { and, asc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ClientOrder, cancelInputSchema } from "../../../contract/client";
import { kesToUsd } from "../../../contract/money";
import type {
  Order,
  OrderDetail,
  OrderSummary,
  orderInputSchema,
  orderListQuery,
  orderUpdateSchema,
} from "../../../contract/orders";
import { endedOrderStatuses, orderEnded } from "../../../contract/orders";
import type { AppContext } from "../../context";
import { type Db, intArray, rowsOf } from "../../db/adapter";
import { customers, orderEvents, orderLines, orders, users } from "../../db/schema";
import { notFound, validationError } from "../../errors";
import { sortBy } from "../../http/list-sort";
import { countMatching, type ListTotal, searchPage } from "../../http/list-total";
import { containsPattern, fewKeys, SEARCH_KEYS_CAP } from "../../http/search";
import { atNairobiNoon, nairobiDate } from "../../time";
import { findCustomer } from "../customers/lookup";
import { orderCount, orderTotals } from "../finance/figures";
import { deliveryDays } from "./delivery-dates";
import { orderAnswer, type orderAnswerColumns, orderPage, orderSortColumns } from "./list-statements";
import { placeOrder } from "./place";
import { type Actor, changeOrderStatus, type DetailsEdit, editOrderDetails } from "./process";

type OrderRow = typeof orders.$inferSelect;

type AnswerRow = Pick<OrderRow, keyof typeof orderAnswerColumns>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toOrder(row: AnswerRow): Order {
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
    refundDueKes: orderEnded(row.status) ? row.amountPaidKes : 0,
    onCredit: row.onCredit,
    discountPct: row.discountPct,
    discountOverLimit: row.discountOverLimit,
    holdExpiresAt: iso(row.holdExpiresAt),
  };
}

export function createStaffOrder(
  ctx: AppContext,
  input: z.output<typeof orderInputSchema>,
  actorUserId: number,
): Promise<Order> {
  const now = ctx.clock.now();
  const expectedDeliveryDate = deliveryDate(input.expectedDeliveryDate, now);
  return ctx.database.tx(async (db) => {
    const { last } = await placeOrder(db, now, {
      buyer: { kind: "customer", customerName: input.customerName },
      products: [],
      amount: {
        orderType: input.orderType,
        totalAmountKes: input.totalAmountKes,
        totalAmountUsd: input.totalAmountUsd,
        currency: input.currency,
      },
      notForSale: () => validationError("No products on this order"),
      expectedDeliveryDate,
      notes: input.notes,
      createdBy: actorUserId,
    });
    return toOrder(await last);
  });
}

/**
 * The customers whose name, email or phone contains a search's pattern, found before its orders (the
 * customers are few; orders grow): null when there are more than `SEARCH_KEYS_CAP`, and then their orders are
 * read through a subquery. Their ids go to the order search as a list PostgreSQL can see when it plans, so a
 * rare name is found through the indexes and a common one by reading orders in the page's order until the
 * page is full. As a subquery PostgreSQL cannot tell one from the other: on a million orders it read every
 * order for a rare name (2.9 s) or built a bitmap of every order for a common one (0.2 s).
 */
async function searchedCustomers(db: Db, search: string): Promise<number[] | null> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(customerNamed(containsPattern(search)))
    .limit(SEARCH_KEYS_CAP + 1);
  return fewKeys(rows.map((r) => r.id));
}

/**
 * A customer whose name, email or phone contains `pattern`, as ILIKE on each would find it: the pattern
 * lower-cased once, against the words the database lower-cased when the customer was written.
 */
const customerNamed = (pattern: string): SQL => sql`${customers.searchWords} like lower(${pattern})`;

/** Orders of the customers a search names: `searchedCustomers`, or the subquery when they are many. */
function ofCustomersMatching(pattern: string, ids: number[] | null): SQL {
  if (ids) return sql`${orders.customerId} = any(${intArray(ids)})`;
  return sql`${orders.customerId} in (select ${customers.id} from ${customers} where ${customerNamed(pattern)})`;
}

/**
 * Order numbers containing a search's text. Every number shares its letters and year (ORD-2026-), and
 * PostgreSQL's trigram index reads the orders of every trigram in a pattern, so on a big book those shared
 * trigrams read every order. When the search holds a run of three or more digits, the index is asked for
 * that run alone (what tells one order from another), and the whole pattern is checked on the few orders it
 * finds, through an expression the index does not cover. The matches are the same.
 */
function orderNumberContains(search: string): SQL {
  const pattern = containsPattern(search);
  const digits = search.match(/\d{3,}/g)?.reduce((a, b) => (b.length > a.length ? b : a));
  if (!digits || digits === search) return ilike(orders.orderNumber, pattern);
  return and(
    ilike(orders.orderNumber, containsPattern(digits)),
    sql`(${orders.orderNumber} || '') ilike ${pattern}`,
  )!;
}

/** The list's filters; `customerIds` from `searchedCustomers` when it searches. */
function listFilters(
  query: z.output<typeof orderListQuery>,
  customerIds: number[] | null = [],
): SQL | undefined {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.refundDue === "true") {
    filters.push(inArray(orders.status, [...endedOrderStatuses]), sql`${orders.amountPaidKes} > 0`);
  }
  if (query.readyToShip === "true") {
    filters.push(
      eq(orders.status, "approved"),
      or(eq(orders.paymentStatus, "paid"), eq(orders.onCredit, true))!,
    );
  }
  if (query.search) {
    const pattern = containsPattern(query.search);
    // The order's own copy of the customer's details, and the customer record as it is now (a merged or
    // renamed customer is found by its current name, phone and email).
    filters.push(
      or(
        orderNumberContains(query.search),
        ilike(orders.customerName, pattern),
        ilike(orders.customerEmail, pattern),
        ilike(orders.customerPhone, pattern),
        ofCustomersMatching(pattern, customerIds),
      )!,
    );
  }
  return and(...filters);
}

/**
 * A page of the order list and how many orders its filters match (`withTotal`). The customers a search
 * names are read once, for both, and a search's last page is its own total (`searchPage`).
 */
export function orderListPage(
  ctx: AppContext,
  query: z.output<typeof orderListQuery>,
): [Promise<Order[]>, Promise<ListTotal>] {
  const { search } = query;
  if (!search) return [listOrders(ctx, query), countOrders(ctx, query, [])];
  return searchPage(
    ctx.database.read((db) => searchedCustomers(db, search)),
    query,
    (ids) => listOrders(ctx, query, ids),
    (ids) => countOrders(ctx, query, ids),
  );
}

/** Whether a list query filters by more than a status: a search, or orders ready to ship or to refund. */
const filtersBeyondStatus = (query: z.output<typeof orderListQuery>): boolean =>
  Boolean(query.search) || query.readyToShip === "true" || query.refundDue === "true";

/**
 * A page without a search or a computed filter is one of `orderPage`'s prepared statements; the others are
 * built for their filters. `customerIds`: `searchedCustomers`, when the query searches.
 */
function listOrders(
  ctx: AppContext,
  query: z.output<typeof orderListQuery>,
  customerIds: number[] | null = [],
): Promise<Order[]> {
  if (!filtersBeyondStatus(query)) return ctx.database.read((db) => orderPage(db, query));
  // The prepared page's columns, already as the answer has them: Drizzle neither writes a select of 19
  // columns nor maps its rows, which was a tenth of the app's thread on a search (decision 74).
  const order = sql.join(sortBy(orderSortColumns, query, orders.id), sql`, `);
  return ctx.database.read((db) =>
    rowsOf<Order>(
      db,
      sql`select ${orderAnswer} from ${orders} where ${listFilters(query, customerIds)}
          order by ${order} limit ${query.limit} offset ${query.offset}`,
    ),
  );
}

/**
 * Without a search the count is exact and costs the same at any size: the per-status order totals. A
 * search counts its matches, up to the cap.
 */
function countOrders(
  ctx: AppContext,
  query: z.output<typeof orderListQuery>,
  customerIds: number[] | null,
): Promise<ListTotal> {
  if (filtersBeyondStatus(query)) {
    return countMatching(ctx, orders, listFilters(query, customerIds), { search: Boolean(query.search) });
  }
  return ctx.database.read((db) => orderCount(db, query.status ?? null));
}

export function recentOrders(ctx: AppContext, limit: number): Promise<Order[]> {
  return listOrders(ctx, { limit, offset: 0, sort: "orderDate", order: "desc" });
}

/**
 * Counts over every order; the money is the ledger's booked / received / outstanding, for those who may see
 * the books (`finance`) only.
 */
export function orderSummary(ctx: AppContext, withMoney: boolean): Promise<OrderSummary> {
  return ctx.database.read(async (db) => {
    const { byStatus, ledger } = await orderTotals(db);
    const totalOrders = [...byStatus.values()].reduce((sum, n) => sum + n, 0);
    const counts = {
      totalOrders,
      pendingOrders: byStatus.get("pending") ?? 0,
      deliveredOrders: byStatus.get("delivered") ?? 0,
    };
    if (!withMoney) {
      return {
        ...counts,
        totalRevenueKes: null,
        totalRevenueUsd: null,
        bookedKes: null,
        receivedKes: null,
        outstandingKes: null,
      };
    }
    return {
      ...counts,
      totalRevenueKes: ledger.bookedKes,
      totalRevenueUsd: kesToUsd(ledger.bookedKes),
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
      delivery: (await deliveryDays(db, [order])).get(order.id)!,
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
  return atNairobiNoon(value);
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

/** Cancels an open order (stock released, client told); money it holds is refunded now or left due. */
export function cancelOrder(
  ctx: AppContext,
  id: number,
  input: z.output<typeof cancelInputSchema>,
  actor: Actor,
): Promise<Order> {
  return ctx.database.tx(async (db) => {
    const row = await changeOrderStatus(db, id, {
      to: "cancelled",
      actor,
      now: ctx.clock.now(),
      reason: input.reason ?? "Cancelled by staff",
      clientNote: input.clientNote,
      refund: input.refund,
    });
    return toOrder(row);
  });
}

export type OrderItem = ClientOrder["items"][number];

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
    items.push({
      productName: l.productName,
      breed: l.breed,
      bullName: l.bullName,
      bullCode: l.bullCode,
      semenType: l.semenType,
      quantity: l.quantity,
      price: l.unitPriceKes,
    });
    byOrder.set(l.orderId, items);
  }
  return byOrder;
}
