import { sql } from "drizzle-orm";
import type { OrderStatus } from "../../../contract/orders";
import { type Db, prepared } from "../../db/adapter";
import { orderEvents } from "../../db/schema";

/** One line of an order's history: its placing, a status change or an edit of its details. */
export interface OrderEvent {
  orderId: number;
  /** Null for the order's first event, its placing. */
  from: OrderStatus | null;
  to: OrderStatus;
  note: string | null;
  /** Old -> new values of edited money, date and customer fields. */
  changes: Record<string, { from: unknown; to: unknown }> | null;
  actorUserId: number | null;
  now: Date;
}

const insertEvent = prepared<
  {
    orderId: number;
    from: OrderStatus | null;
    to: OrderStatus;
    note: string | null;
    changes: string | null;
    actorUserId: number | null;
    at: string;
  },
  never
>(
  "record_order_event",
  (
    p,
  ) => sql`insert into ${orderEvents} (order_id, from_status, to_status, note, changes, actor_user_id, created_at)
    values (${p.orderId}::int, ${p.from}::order_status, ${p.to}::order_status, ${p.note}::text,
            ${p.changes}::jsonb, ${p.actorUserId}::int, ${p.at}::timestamptz)`,
);

/**
 * Writes one event of an order's history, in the caller's transaction: every change of an order writes
 * exactly one, through here, but for a tax document's issue, whose event is written by the statement that
 * numbers it (invoices/numbering.ts). Sent at once, so a caller may start it with the statements around it.
 */
export function recordOrderEvent(db: Db, event: OrderEvent): Promise<unknown> {
  return insertEvent(db, {
    orderId: event.orderId,
    from: event.from,
    to: event.to,
    note: event.note,
    changes: event.changes ? JSON.stringify(event.changes) : null,
    actorUserId: event.actorUserId,
    at: event.now.toISOString(),
  });
}
