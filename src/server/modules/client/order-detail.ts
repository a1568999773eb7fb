import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { ClientOrderDetail } from "../../../contract/client";
import type { AppContext } from "../../context";
import { orderEvents, orders, payments, shipments } from "../../db/schema";
import { notFound } from "../../errors";
import { toClientOrders } from "./orders";

type History = ClientOrderDetail["history"];

/**
 * GET /api/client/orders/:id: one of the client's own orders (404 for anyone else's), with its payments,
 * its shipment and a history in the farmer's terms. Staff's notes on the history stay with staff: the farmer
 * reads each step, each new delivery day with the reason they were given, and money received.
 */
export function getClientOrder(ctx: AppContext, userId: number, id: number): Promise<ClientOrderDetail> {
  return ctx.database.read(async (db) => {
    const rows = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.clientUserId, userId)));
    const [order] = await toClientOrders(db, rows);
    if (!order) throw notFound("Order");
    const paid = await db
      .select()
      .from(payments)
      .where(eq(payments.orderId, id))
      .orderBy(asc(payments.createdAt), asc(payments.id));
    const [shipment] = await db
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, id), ne(shipments.status, "cancelled")))
      .orderBy(desc(shipments.id))
      .limit(1);
    const steps = await db
      .select({ from: orderEvents.fromStatus, to: orderEvents.toStatus, at: orderEvents.createdAt })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));

    const none = { day: null, reason: null, amountKes: null };
    const history: History = [
      // A status change is a step; an edit of details (same status) is staff's business.
      ...steps.flatMap((s): History => {
        const event = s.from === null ? ("placed" as const) : s.to;
        return s.from === s.to || event === "pending" ? [] : [{ ...none, at: s.at.toISOString(), event }];
      }),
      ...order.delivery.redates.map((r) => ({
        ...none,
        at: r.at,
        event: "redated" as const,
        day: r.to,
        reason: r.reason,
      })),
      ...paid
        .filter((p) => p.paidAt)
        .map((p) => ({
          ...none,
          at: p.paidAt!.toISOString(),
          event: "paid" as const,
          amountKes: p.amountKes,
        })),
    ].sort((a, b) => a.at.localeCompare(b.at));

    return {
      ...order,
      payments: paid.map((p) => ({
        id: p.id,
        method: p.method,
        amountKes: p.amountKes,
        status: p.status,
        receipt: p.receipt ?? p.reference,
        at: (p.paidAt ?? p.createdAt).toISOString(),
      })),
      shipment: shipment
        ? {
            trackingNumber: shipment.trackingNumber,
            carrier: shipment.carrier,
            status: shipment.status,
            shippedDate:
              shipment.status === "preparing" ? null : (shipment.shippedDate?.toISOString() ?? null),
            receivedBy: shipment.receivedBy,
          }
        : null,
      history,
    };
  });
}
