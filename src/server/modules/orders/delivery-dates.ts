import { asc, inArray } from "drizzle-orm";
import type { DeliveryDays } from "../../../contract/delivery-days";
import { orderEnded } from "../../../contract/order-states";
import type { Db } from "../../db/adapter";
import { orderRedates, type orders } from "../../db/schema";
import { nairobiDate } from "../../time";

/**
 * An order's delivery days are kept apart: the day the client asked for (`requested_delivery_date`), the
 * day confirmed at approval (`confirmed_delivery_date`), each new day after it (`order_redates`) and when
 * it was received (`delivered_at`). `expected_delivery_date` is the day expected now, and the SMS, the email
 * and every screen read it as a Nairobi day.
 */
type OrderDates = Pick<
  typeof orders.$inferSelect,
  "id" | "status" | "requestedDeliveryDate" | "confirmedDeliveryDate" | "expectedDeliveryDate" | "deliveredAt"
>;

/**
 * Records that a confirmed order's expected day moves to `to`, in the caller's transaction. An order not yet
 * confirmed has promised nothing, so its moves are not new dates; nor is a move within the same day.
 */
export async function recordRedate(
  db: Db,
  order: OrderDates,
  move: { to: Date; reason: string | null; actorUserId: number | null; now: Date },
): Promise<void> {
  if (!order.confirmedDeliveryDate) return;
  const from = order.expectedDeliveryDate ? nairobiDate(order.expectedDeliveryDate) : null;
  const to = nairobiDate(move.to);
  if (from === to) return;
  await db.insert(orderRedates).values({
    orderId: order.id,
    fromDate: from,
    toDate: to,
    reason: move.reason,
    actorUserId: move.actorUserId,
    createdAt: move.now,
  });
}

/**
 * The day the client is promised (a Nairobi day): the one expected now, once a day was confirmed and until
 * the order ends; null before or after.
 */
export const promisedDay = (
  o: Pick<OrderDates, "status" | "confirmedDeliveryDate" | "expectedDeliveryDate">,
): string | null =>
  o.confirmedDeliveryDate !== null && !orderEnded(o.status) && o.expectedDeliveryDate
    ? nairobiDate(o.expectedDeliveryDate)
    : null;

/** The delivery days of each order, as the client reads them, in one query for the new dates. */
export async function deliveryDays(db: Db, rows: OrderDates[]): Promise<Map<number, DeliveryDays>> {
  const redates =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(orderRedates)
          .where(
            inArray(
              orderRedates.orderId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(orderRedates.orderId), asc(orderRedates.id));
  const byOrder = new Map<number, (typeof redates)[number][]>();
  for (const r of redates) byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r]);
  return new Map(
    rows.map((o) => [
      o.id,
      {
        requested: o.requestedDeliveryDate,
        confirmed: o.confirmedDeliveryDate,
        expected: promisedDay(o),
        redates: (byOrder.get(o.id) ?? []).map((r) => ({
          from: r.fromDate,
          to: r.toDate,
          reason: r.reason,
          at: r.createdAt.toISOString(),
        })),
        deliveredAt: o.deliveredAt?.toISOString() ?? null,
      },
    ]),
  );
}
