import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { CartLine } from "../../../contract/client";
import type { AppContext } from "../../context";
import { orderLines, orders, payments } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import type { SessionUserRow } from "../auth/sessions";
import { changeOrderStatus } from "../orders/process";
import { listShopProducts } from "./catalogue";

/** What a client may cancel themselves: an order not yet on its way. */
const cancellable = new Set(["pending", "approved"]);

/**
 * POST /api/client/orders/:id/cancel: the farmer cancels their own unpaid order, and its stock is released
 * (through the order process, as staff's cancel). Money paid, or an M-Pesa prompt still open on the phone,
 * needs a person: the farmer is told to call, or to answer the prompt first, so no payment lands on a
 * cancelled order.
 */
export async function cancelClientOrder(ctx: AppContext, user: SessionUserRow, id: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.database.tx(async (db) => {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.clientUserId, user.id)))
      .for("update");
    if (!order) throw notFound("Order");
    if (!cancellable.has(order.status)) throw conflict("This order can no longer be cancelled");
    if (order.amountPaidKes > 0) {
      throw conflict("This order has a payment on it: call us and we will cancel it and pay you back");
    }
    const [prompt] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, id), eq(payments.status, "pending")));
    if (prompt) {
      throw conflict("An M-Pesa prompt for this order is open on your phone: answer or decline it first");
    }
    await changeOrderStatus(db, id, {
      to: "cancelled",
      actor: { id: user.id, role: "client" },
      now,
      reason: "Cancelled by the client",
    });
  });
}

/**
 * POST /api/client/orders/:id/reorder: the order's lines as cart lines that can be bought now, at today's
 * price and capped at the stock on sale; a product no longer on sale is left out (the screen says which).
 */
export async function reorderLines(ctx: AppContext, userId: number, id: number): Promise<CartLine[]> {
  const lines = await ctx.database.read(async (db) => {
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.clientUserId, userId)));
    if (!order) throw notFound("Order");
    return db
      .select({ itemId: orderLines.inventoryItemId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, id), isNotNull(orderLines.inventoryItemId)))
      .orderBy(asc(orderLines.id));
  });
  const onSale = new Map((await listShopProducts(ctx)).map((p) => [p.id, p]));
  const wanted = new Map<number, number>();
  for (const l of lines) wanted.set(l.itemId!, (wanted.get(l.itemId!) ?? 0) + l.quantity);
  return [...wanted].flatMap(([itemId, quantity]) => {
    const product = onSale.get(itemId);
    if (!product || product.inStock <= 0) return [];
    return [{ ...product, quantity: Math.min(quantity, product.inStock) }];
  });
}
