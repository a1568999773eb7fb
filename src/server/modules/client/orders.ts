import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type ClientOrder,
  type clientOrderInputSchema,
  type PlacedOrder,
  productName,
} from "../../../contract/client";
import { kesToUsd } from "../../../contract/money";
import type { AppContext } from "../../context";
import { prepared, together } from "../../db/adapter";
import { customers, orders, shipments, users } from "../../db/schema";
import { AppError, validationError } from "../../errors";
import { countMatching } from "../../http/list-total";
import type { SessionUserRow } from "../auth/sessions";
import { readerOf } from "../notifications/readers";
import { deliveryDate, insertOrder, itemsByOrder, orderFirstReads } from "../orders/service";
import { checkUnpaidCap, holdUntil, unpaidHeld } from "../payments/holds";
import { orderableItems } from "./catalogue";

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
  // Two trips: the reads, then every write with COMMIT right behind them.
  return ctx.database.txEndingWith(async (db) => {
    const units = [...wanted.values()].reduce((a, b) => a + b, 0);
    // The account's row locked with its customer (the unpaid cap then counts one order at a time), what its
    // unpaid orders hold, the products' prices, and the order's keys and approvers.
    const [[customer], held, products, first] = await together([
      lockAccount(db, { userId: user.id }),
      unpaidHeld(db, user.id),
      orderableItems(db, { ids: [...wanted.keys()] }),
      orderFirstReads(db, now),
    ]);
    if (!customer?.isActive) {
      throw new AppError("FORBIDDEN", "Your customer account is closed. Please contact Urithi to order.");
    }
    checkUnpaidCap(ctx.config.holds, held, units);
    const unknown = [...wanted.keys()].filter((id) => !products.some((p) => p.id === id));
    if (unknown.length > 0) {
      throw validationError(`Unknown or unavailable product: ${unknown.join(", ")}`, {
        items: "One of the products is no longer available",
      });
    }
    const lines = products
      .sort((a, b) => a.id - b.id)
      .map((p) => ({
        inventoryItemId: p.id,
        quantity: wanted.get(p.id)!,
        productName: productName(p),
        breed: p.breedName,
        unitPriceKes: p.costPerUnit,
      }));
    const total = lines.reduce((sum, l) => sum + l.unitPriceKes * l.quantity, 0);
    const types = new Set(products.map((p) => p.type));
    const accountName = `${user.firstName} ${user.lastName}`;
    const order = insertOrder(db, now, {
      ...first,
      source: "client",
      // Who ordered is the account, always; what the client typed can only name a delivery contact.
      customer: {
        id: customer.id,
        name: customer.name,
        email: user.email,
        phone: user.phone,
        address: input.customerLocation || input.deliveryAddress || customer.address,
      },
      customerName: accountName,
      deliveryContact: deliveryContactOf(input, { name: accountName, email: user.email, phone: user.phone }),
      clientUserId: user.id,
      orderType: types.size > 1 ? "mixed" : [...types][0]!,
      totalAmountKes: total,
      totalAmountUsd: kesToUsd(total),
      currency: "KES",
      paymentMethod: input.paymentMethod,
      deliveryAddress: input.deliveryAddress || input.customerLocation,
      specialInstructions: input.specialInstructions || null,
      requestedDeliveryDate: input.deliveryDate || null,
      expectedDeliveryDate,
      lines,
      createdBy: user.id,
      holdExpiresAt: holdUntil(ctx.config.holds, input.paymentMethod, now),
      notify: { bank: ctx.config.bank, client: readerOf(user, customer.phone) },
    });
    return { last: order.then((placed) => ({ id: placed.id, orderNumber: placed.orderNumber })) };
  });
}

/** The client's account row, locked, with the customer it orders for. */
const lockAccount = prepared<
  { userId: number },
  Pick<typeof customers.$inferSelect, "id" | "name" | "phone" | "address" | "isActive">
>(
  "lock_account",
  (p) => sql`select ${customers.id} as id, ${customers.name} as name, ${customers.phone} as phone,
      ${customers.address} as address, ${customers.isActive} as "isActive"
    from ${users} join ${customers} on ${customers.id} = ${users.customerId}
    where ${users.id} = ${p.userId} for update of ${users}`,
);

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? "").replace(/\s+/g, "").toLowerCase() === (b ?? "").replace(/\s+/g, "").toLowerCase();

/** The contact details the client typed that differ from the account's, or null when none do. */
function deliveryContactOf(
  input: { customerName?: string; customerPhone?: string; customerEmail?: string },
  account: { name: string; phone: string | null; email: string },
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
  page: { limit: number; offset: number },
): Promise<ClientOrder[]> {
  return ctx.database.read(async (db) => {
    const rows = await db
      .select()
      .from(orders)
      .where(eq(orders.clientUserId, userId))
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset);
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const items = await itemsByOrder(db, ids);
    const tracking = await db
      .select({
        orderId: shipments.orderId,
        trackingNumber: shipments.trackingNumber,
        status: shipments.status,
      })
      .from(shipments)
      .where(inArray(shipments.orderId, ids))
      .orderBy(asc(shipments.createdAt));
    const shipmentByOrder = new Map(tracking.map((t) => [t.orderId, t]));
    return rows.map((o) => ({
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
      expectedDeliveryDate: o.expectedDeliveryDate?.toISOString() ?? null,
      estimatedDelivery: o.expectedDeliveryDate?.toISOString() ?? null,
      trackingNumber: shipmentByOrder.get(o.id)?.trackingNumber ?? null,
      shipmentStatus: shipmentByOrder.get(o.id)?.status ?? null,
      notes: o.notes,
      paymentMethod: o.paymentMethod,
      paymentStatus: o.paymentStatus,
      amountPaidKes: o.amountPaidKes,
      holdExpiresAt: o.holdExpiresAt?.toISOString() ?? null,
      items: items.get(o.id) ?? [],
    }));
  });
}
