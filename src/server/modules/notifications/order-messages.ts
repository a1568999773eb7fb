import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { MessageKind } from "../../../contract/messages";
import type { OrderStatus } from "../../../contract/orders";
import type { Config } from "../../config";
import { type Db, prepared, together } from "../../db/adapter";
import { orderLines, type orders, shipments } from "../../db/schema";
import { messageRows, type Reader, writeMessages } from "./outbox";
import { orderReader, rolesWith, staffReaders } from "./readers";
import type { MessageFacts } from "./templates";

type OrderRow = typeof orders.$inferSelect;
type Line = NonNullable<MessageFacts["lines"]>[number];

const approverRoles = rolesWith("orders:approve");
/** Who is told that a new order awaits approval. */
export const orderApprovers = (db: Db): Promise<Reader[]> => staffReaders(db, approverRoles);

/**
 * A new order's messages, in one insert, sent at once: "order received" (and bank details for a bank
 * transfer) to the client, "awaits approval" by email to every approver. An M-Pesa order's prompt message
 * follows when the prompt is sent.
 */
export function notifyOrderPlaced(
  db: Db,
  placed: {
    order: Pick<
      OrderRow,
      "id" | "orderNumber" | "customerName" | "totalAmountKes" | "paymentMethod" | "holdExpiresAt"
    >;
    lines: Line[];
    /** From `orderApprovers`, read before the order was written. */
    approvers: Reader[];
    /** The company's bank details: given for a bank-transfer order, whose messages spell them out. */
    bank?: Config["bank"];
    now: Date;
    client: Reader;
  },
): Promise<number> {
  const { order, lines, approvers, bank, now, client: reader } = placed;
  const facts = { orderNumber: order.orderNumber, amountKes: order.totalAmountKes, lines };
  const at = { orderId: order.id, now };
  return writeMessages(db, [
    ...messageRows({ kind: "order_received", reader, facts, ...at }),
    ...(order.paymentMethod === "bank"
      ? messageRows({
          kind: "payment_bank_details",
          reader,
          facts: { ...facts, bank, date: order.holdExpiresAt },
          ...at,
        })
      : []),
    ...approvers.flatMap((reader) =>
      messageRows({
        kind: "approval_needed",
        reader,
        facts: { ...facts, customer: order.customerName },
        channels: ["email"],
        ...at,
      }),
    ),
  ]);
}

/**
 * What a message to an order's client reads: the order's lines and how its client is reached, in one trip.
 * A caller with other statements to send may start these with them (`together`).
 */
export function orderMessageReads(db: Db, order: OrderRow): Promise<[Line[], Reader]> {
  return together([messageLines(db, { orderId: order.id }), orderReader(db, order)]);
}

/** An order's lines as its messages name them; read by every payment, so prepared (decision 50). */
const messageLines = prepared<{ orderId: number }, Line>(
  "order_message_lines",
  (p) => sql`select ${orderLines.productName} as name, ${orderLines.bullName} as "bullName",
      ${orderLines.bullCode} as "bullCode", ${orderLines.semenType} as "semenType",
      ${orderLines.quantity} as quantity, ${orderLines.lineTotalKes} as "lineTotalKes"
    from ${orderLines} where ${orderLines.orderId} = ${p.orderId}::int order by ${orderLines.id}`,
);

/**
 * Writes the client's message `kind` about `order` from its reads (`orderMessageReads`), with the order's
 * number, total and (for emails) its lines. The insert is sent at once, so a caller may send its
 * transaction's last statement behind it in the same write.
 */
export function writeOrderMessage(
  db: Db,
  order: OrderRow,
  [lines, reader]: [Line[], Reader],
  kind: MessageKind,
  now: Date,
  facts: Omit<MessageFacts, "name" | "orderNumber"> = {},
): Promise<number> {
  return writeMessages(
    db,
    messageRows({
      kind,
      reader,
      facts: { amountKes: order.totalAmountKes, lines, ...facts, orderNumber: order.orderNumber },
      orderId: order.id,
      now,
    }),
  );
}

/** Tells the order's client about it: `kind` with the order's number, total and (for emails) its lines. */
export async function notifyOrderClient(
  db: Db,
  order: OrderRow,
  kind: MessageKind,
  now: Date,
  facts: Omit<MessageFacts, "name" | "orderNumber"> = {},
): Promise<void> {
  await writeOrderMessage(db, order, await orderMessageReads(db, order), kind, now, facts);
}

/**
 * The client's message for an order that just changed status, if that change is news to them: approved
 * (with the delivery estimate), rejected (with the reason), shipped (with the tracking number), delivered,
 * or cancelled by the system because no payment came.
 */
export async function notifyStatusChange(
  db: Db,
  order: OrderRow,
  to: OrderStatus,
  change: { reason?: string | null; bySystem: boolean; now: Date },
): Promise<void> {
  if (to === "approved") {
    await notifyOrderClient(db, order, "order_approved", change.now, { date: order.expectedDeliveryDate });
  } else if (to === "rejected") {
    await notifyOrderClient(db, order, "order_rejected", change.now, {
      reason: change.reason || order.notes,
    });
  } else if (to === "shipped") {
    const [shipment] = await db
      .select({ carrier: shipments.carrier, trackingNumber: shipments.trackingNumber })
      .from(shipments)
      .where(and(eq(shipments.orderId, order.id), ne(shipments.status, "cancelled")))
      .orderBy(desc(shipments.id))
      .limit(1);
    await notifyOrderClient(db, order, "order_shipped", change.now, {
      carrier: shipment?.carrier ?? "our courier",
      trackingNumber: shipment?.trackingNumber ?? "-",
    });
  } else if (to === "delivered") {
    await notifyOrderClient(db, order, "order_delivered", change.now, { date: order.deliveredAt });
  } else if (to === "cancelled" && change.bySystem) {
    await notifyOrderClient(db, order, "payment_expired", change.now);
  } else if (to === "cancelled") {
    await notifyOrderClient(db, order, "order_cancelled", change.now, { reason: order.clientNote });
  }
}
