import { createHash } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { productName } from "../../../contract/client";
import { clientOrderState } from "../../../contract/client-states";
import type { geneticCategories } from "../../../contract/inventory";
import { normaliseMpesaPhone } from "../../../contract/payments";
import type { ShipmentStatus } from "../../../contract/shipping";
import type { AppContext } from "../../context";
import { idempotencyKeys, orderLines, orders, shipments, ussdDays } from "../../db/schema";
import { conflict } from "../../errors";
import { nairobiDate } from "../../time";
import type { SessionUserRow } from "../auth/sessions";
import { searchCatalogue } from "../catalogue/search";
import { orderableItems } from "../client/catalogue";
import { promisedDay } from "../orders/delivery-dates";
import { placeOrder } from "../orders/place";
import { holdUntil } from "../payments/holds";
import { startMpesaPayment } from "../payments/service";

/** Something a caller can order on USSD: its id, its short name and today's price. */
export interface Choice {
  id: number;
  name: string;
  price: number;
  rate?: number | null;
}

/** How many choices a USSD list shows: three fit a screen with their prices. */
const SHOWN = 3;

/** The caller's name for an item: the bull where there is one, else the product's name. */
const choiceOf = (
  item: Parameters<typeof productName>[0] & { id: number; costPerUnit: number; bullName: string | null },
) => ({
  id: item.id,
  name: item.bullName ?? productName(item),
  price: item.costPerUnit,
});

/** "Order again": the products of the client's latest three orders that are still for sale, newest first. */
export function reorderChoices(ctx: AppContext, userId: number): Promise<Choice[]> {
  return ctx.database.read(async (db) => {
    const latest = db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.clientUserId, userId))
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(SHOWN);
    const lines = await db
      .select({ itemId: orderLines.inventoryItemId })
      .from(orderLines)
      .where(and(inArray(orderLines.orderId, latest), isNotNull(orderLines.inventoryItemId)))
      .orderBy(desc(orderLines.orderId), orderLines.id);
    const ids = [...new Set(lines.map((l) => l.itemId!))];
    if (ids.length === 0) return [];
    const items = await orderableItems(db, { ids });
    return ids
      .map((id) => items.find((item) => item.id === id))
      .filter((item) => item !== undefined)
      .slice(0, SHOWN)
      .map(choiceOf);
  });
}

/**
 * "My orders": the latest three with the state the portal shows and the day promised (none before it is
 * confirmed, or once the order has ended), in one statement.
 */
export function latestOrders(ctx: AppContext, userId: number) {
  return ctx.database.read(async (db) => {
    const rows = await db
      .select({
        orderNumber: orders.orderNumber,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        confirmedDeliveryDate: orders.confirmedDeliveryDate,
        expectedDeliveryDate: orders.expectedDeliveryDate,
        shipmentStatus: sql<ShipmentStatus | null>`(select ${shipments.status} from ${shipments}
          where ${shipments.orderId} = ${orders.id} order by ${shipments.createdAt} desc limit 1)`,
      })
      .from(orders)
      .where(eq(orders.clientUserId, userId))
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(SHOWN);
    return rows.map((o) => ({
      orderNumber: o.orderNumber,
      state: clientOrderState(o),
      promised: promisedDay(o),
    }));
  });
}

/** "Top bulls": semen of a breed for a goal in stock now, the best conception rate first. */
export async function topBulls(
  ctx: AppContext,
  breed: string,
  category: (typeof geneticCategories)[number],
): Promise<Choice[]> {
  const { products } = await searchCatalogue(ctx, {
    limit: SHOWN,
    offset: 0,
    type: "semen",
    breed,
    category,
    inStock: true,
    sort: "fertility",
  });
  return products.map((p) => ({
    id: p.id,
    name: p.bullName ?? p.name,
    price: p.price,
    rate: p.fertility.rate === null ? null : Math.round(p.fertility.rate),
  }));
}

export interface UssdOrder {
  orderId: number;
  orderNumber: string;
  totalKes: number;
}

const ROUTE = "USSD order";

/**
 * The final confirm: one product at a quantity, priced, capped and reserved by the one order placement, as
 * an M-Pesa order held for its minutes. The session id is its idempotency key, claimed in the order's own
 * transaction, so a repeated or concurrent final step answers the order the first one placed.
 */
export function placeUssdOrder(
  ctx: AppContext,
  user: SessionUserRow,
  sessionId: string,
  line: { itemId: number; quantity: number },
): Promise<UssdOrder> {
  const now = ctx.clock.now();
  const requestHash = createHash("sha256").update(JSON.stringify(line)).digest("hex");
  const mine = and(
    eq(idempotencyKeys.userId, user.id),
    eq(idempotencyKeys.route, ROUTE),
    eq(idempotencyKeys.key, sessionId),
  );
  return ctx.database.tx(async (db) => {
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ key: sessionId, userId: user.id, route: ROUTE, requestHash, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await db.select().from(idempotencyKeys).where(mine);
      if (!first?.responseBody) throw conflict("This order is being placed");
      return JSON.parse(first.responseBody) as UssdOrder;
    }
    const { last } = await placeOrder(db, now, {
      buyer: { kind: "client", user, holds: ctx.config.holds, address: null },
      products: [{ id: line.itemId, quantity: line.quantity }],
      notForSale: () => conflict("This product is no longer for sale"),
      paymentMethod: "mpesa",
      createdBy: user.id,
      holdExpiresAt: holdUntil(ctx.config.holds, "mpesa", now),
      source: "ussd",
    });
    const order = await last;
    const placed: UssdOrder = {
      orderId: order.id,
      orderNumber: order.orderNumber,
      totalKes: order.totalAmountKes,
    };
    await db
      .update(idempotencyKeys)
      .set({ responseStatus: 201, responseBody: JSON.stringify(placed) })
      .where(mine);
    await db
      .insert(ussdDays)
      .values({ day: nairobiDate(now), orders: 1 })
      .onConflictDoUpdate({ target: ussdDays.day, set: { orders: sql`${ussdDays.orders} + 1` } });
    return placed;
  });
}

/** The longest a USSD answer waits for Daraja to take the prompt; the push goes on after the answer. */
const PROMPT_WAIT_MS = 1_200;

/**
 * Sends the M-Pesa prompt for a USSD order to the calling phone. The screen already says to check the phone,
 * so a slow Daraja is not waited for past PROMPT_WAIT_MS; a prompt that fails leaves the order unpaid on hold,
 * payable from the portal or by dialling again, and expiring with its hold otherwise.
 */
export async function promptForUssdOrder(ctx: AppContext, userId: number, orderId: number, phone: string) {
  const mpesaPhone = normaliseMpesaPhone(phone);
  if (!mpesaPhone) return;
  // A prompt still pending from a repeated final step refuses a second; a failed one is kept on the payment.
  const push = startMpesaPayment(ctx, userId, orderId, mpesaPhone).catch(() => undefined);
  await Promise.race([push, new Promise((done) => setTimeout(done, PROMPT_WAIT_MS).unref())]);
}
