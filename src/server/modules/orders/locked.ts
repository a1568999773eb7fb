import { sql } from "drizzle-orm";
import { columnsOf, type Db, firstTableRow, prepared } from "../../db/adapter";
import { orders } from "../../db/schema";
import { notFound } from "../../errors";

type OrderRow = typeof orders.$inferSelect;

/**
 * An order's row, locked until its transaction ends. Every payment, status change and invoice starts here,
 * so its text is built once and each connection plans it once (`prepared`).
 */
const lockOrderStatement = prepared<{ id: number }, Record<string, unknown>>(
  "lock_order",
  (p) => sql`select ${columnsOf(orders)} from ${orders} where ${orders.id} = ${p.id}::int for update`,
);

/** The order's row, locked; sent at once, so it may travel with other statements (`together`). */
export const lockedOrderRow = (db: Db, orderId: number): Promise<OrderRow | undefined> =>
  lockOrderStatement(db, { id: orderId }).then((rows) => firstTableRow(orders, rows));

/** `lockedOrderRow`, or 404 when there is no such order. */
export async function lockOrder(db: Db, orderId: number): Promise<OrderRow> {
  const order = await lockedOrderRow(db, orderId);
  if (!order) throw notFound("Order");
  return order;
}
