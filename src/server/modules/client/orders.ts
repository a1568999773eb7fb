import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { ClientOrder, clientOrderInputSchema, PlacedOrder } from "../../../contract/client";
import { clientOrderState, trackingUrl } from "../../../contract/client-states";
import type { clientOrderQuery } from "../../../contract/orders";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { orders, payments, shipments } from "../../db/schema";
import { AppError, validationError } from "../../errors";
import { sortBy } from "../../http/list-sort";
import { countMatching } from "../../http/list-total";
import { atNairobiNoon } from "../../time";
import type { SessionUserRow } from "../auth/sessions";
import { deliveryDays } from "../orders/delivery-dates";
import { placeOrder } from "../orders/place";
import { deliveryDate, itemsByOrder } from "../orders/service";
import { holdUntil } from "../payments/holds";
import { companyBank } from "../settings/company";

/**
 * Places a client's order: prices every line from the catalogue (client prices are never trusted),
 * refuses unknown products, and reserves the stock in the same transaction (409 when short).
 */
export function placeClientOrder(
  ctx: AppContext,
  user: SessionUserRow,
  input: z.output<typeof clientOrderInputSchema>,
): Promise<PlacedOrder> {
  const now = ctx.clock.now();
  const expectedDeliveryDate = deliveryDate(input.deliveryDate, now, "deliveryDate");
  const wanted = new Map<number, number>();
  for (const item of input.items) {
    const id = (item.productId ?? item.id)!;
    wanted.set(id, (wanted.get(id) ?? 0) + item.quantity);
  }
  if (!user.customerId) throw new AppError("FORBIDDEN", "This account has no customer record");
  const accountName = `${user.firstName} ${user.lastName}`;
  // Two trips: the reads, then every write with COMMIT right behind them.
  return ctx.database.txEndingWith(async (db) => {
    const { last } = await placeOrder(db, now, {
      // Who ordered is the account, always; what the client typed can only name a delivery contact.
      buyer: {
        kind: "client",
        user,
        holds: ctx.config.holds,
        address: input.customerLocation || input.deliveryAddress || null,
      },
      // In id order, as the stock rows are locked.
      products: [...wanted.entries()].sort(([a], [b]) => a - b).map(([id, quantity]) => ({ id, quantity })),
      notForSale: (ids) =>
        validationError(`Unknown or unavailable product: ${ids.join(", ")}`, {
          items: "One of the products is no longer available",
        }),
      deliveryContact: deliveryContactOf(input, { name: accountName, email: user.email, phone: user.phone }),
      paymentMethod: input.paymentMethod,
      deliveryAddress: input.deliveryAddress || input.customerLocation,
      specialInstructions: input.specialInstructions || null,
      requestedDeliveryDate: input.deliveryDate || null,
      expectedDeliveryDate,
      createdBy: user.id,
      holdExpiresAt: holdUntil(ctx.config.holds, input.paymentMethod, now),
      // Read only for a bank transfer: an M-Pesa order's messages name no bank.
      bank: input.paymentMethod === "bank" ? await companyBank(db, ctx.config.bank) : undefined,
    });
    return { last: last.then((placed) => ({ id: placed.id, orderNumber: placed.orderNumber })) };
  });
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? "").replace(/\s+/g, "").toLowerCase() === (b ?? "").replace(/\s+/g, "").toLowerCase();

/** The contact details the client typed that differ from the account's, or null when none do. */
function deliveryContactOf(
  input: { customerName?: string; customerPhone?: string; customerEmail?: string },
  account: { name: string; phone: string | null; email: string | null },
) {
  const differs = (typed: string | undefined, own: string | null) =>
    typed && !same(typed, own) ? typed : null;
  const contact = {
    name: differs(input.customerName, account.name),
    phone: differs(input.customerPhone, account.phone),
    email: differs(input.customerEmail, account.email),
  };
  return contact.name || contact.phone || contact.email ? contact : null;
}

/** The signed-in client's own orders, newest first, with lines and the latest tracking number. */
export const countClientOrders = (ctx: AppContext, userId: number) =>
  countMatching(ctx, orders, eq(orders.clientUserId, userId));

export function listClientOrders(
  ctx: AppContext,
  userId: number,
  page: z.output<typeof clientOrderQuery>,
): Promise<ClientOrder[]> {
  return ctx.database.read(async (db) =>
    toClientOrders(
      db,
      await db
        .select()
        .from(orders)
        .where(eq(orders.clientUserId, userId))
        .orderBy(...sortBy({ orderDate: orders.orderDate }, page, orders.id))
        .limit(page.limit)
        .offset(page.offset),
    ),
  );
}

/** Orders as their client sees them: lines, the shipment's tracking, and a prompt still waiting. */
export async function toClientOrders(db: Db, rows: (typeof orders.$inferSelect)[]): Promise<ClientOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const items = await itemsByOrder(db, ids);
  const tracking = await db
    .select({
      orderId: shipments.orderId,
      trackingNumber: shipments.trackingNumber,
      carrier: shipments.carrier,
      status: shipments.status,
    })
    .from(shipments)
    .where(inArray(shipments.orderId, ids))
    .orderBy(asc(shipments.createdAt));
  const shipmentByOrder = new Map(tracking.map((t) => [t.orderId, t]));
  // The newest M-Pesa prompt still pending on each order (its index holds only pending payments).
  const prompts = await db
    .select({ orderId: payments.orderId, id: payments.id })
    .from(payments)
    .where(and(inArray(payments.orderId, ids), eq(payments.status, "pending"), eq(payments.method, "mpesa")))
    .orderBy(asc(payments.id));
  const promptByOrder = new Map(prompts.map((p) => [p.orderId, p.id]));
  const days = await deliveryDays(db, rows);
  return rows.map((o) => {
    const shipment = shipmentByOrder.get(o.id);
    const shipmentStatus = shipment?.status ?? null;
    const delivery = days.get(o.id)!;
    // SPEC's two names for the day now expected: only a day promised, never the day the farmer asked for.
    const expected = delivery.expected && atNairobiNoon(delivery.expected).toISOString();
    return {
      id: o.id,
      orderNumber: o.orderNumber,
      customerName: o.customerName,
      orderType: o.orderType,
      status: o.status,
      currency: o.currency,
      totalAmount: o.totalAmountKes,
      totalAmountKes: o.totalAmountKes,
      totalAmountUsd: o.totalAmountUsd,
      orderDate: o.orderDate.toISOString(),
      expectedDeliveryDate: expected,
      estimatedDelivery: expected,
      delivery,
      trackingNumber: shipment?.trackingNumber ?? null,
      shipmentStatus,
      state: clientOrderState({ status: o.status, shipmentStatus, paymentStatus: o.paymentStatus }),
      trackingUrl: trackingUrl(shipment?.carrier ?? null, shipment?.trackingNumber ?? null),
      // What staff chose to tell the client; their own notes stay inside.
      notes: o.clientNote,
      paymentMethod: o.paymentMethod,
      paymentStatus: o.paymentStatus,
      amountPaidKes: o.amountPaidKes,
      holdExpiresAt: o.holdExpiresAt?.toISOString() ?? null,
      pendingPaymentId: promptByOrder.get(o.id) ?? null,
      items: items.get(o.id) ?? [],
    };
  });
}
