import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { PendingOrder } from "../../../contract/client";
import type { pendingOrderQuery } from "../../../contract/orders";
import { answerOf, type Db } from "../../db/adapter";
import { orderLines, orders, users } from "../../db/schema";
import { sortedPages } from "../../http/list-pages";

type PendingQuery = z.output<typeof pendingOrderQuery>;

/** The columns an approver reads as they are, named as the contract names them. */
const answer = answerOf({
  id: orders.id,
  orderNumber: orders.orderNumber,
  customerName: orders.customerName,
  customerPhone: orders.customerPhone,
  customerEmail: orders.customerEmail,
  customerLocation: orders.customerLocation,
  deliveryContact: orders.deliveryContact,
  deliveryAddress: orders.deliveryAddress,
  specialInstructions: orders.specialInstructions,
  paymentMethod: orders.paymentMethod,
  currency: orders.currency,
  totalAmount: orders.totalAmountKes,
  orderDate: orders.orderDate,
  source: orders.source,
  notes: orders.notes,
  createdByUserId: orders.createdBy,
  discountPct: orders.discountPct,
  discountOverLimit: orders.discountOverLimit,
  paymentStatus: orders.paymentStatus,
  amountPaidKes: orders.amountPaidKes,
  holdExpiresAt: orders.holdExpiresAt,
});

/**
 * Orders awaiting a decision with their lines, in one prepared statement (`sortedPages`): the lines come
 * as JSON built beside each order, and the name of the staff member who placed it (null for a client's own).
 */
export const pendingOrderPage: (db: Db, query: PendingQuery) => Promise<PendingOrder[]> = sortedPages<
  PendingQuery["sort"],
  Record<never, never>,
  PendingOrder
>(
  "pending_page",
  { orderDate: orders.orderDate },
  orders.id,
  () => sql`select ${answer}, ${orders.requestedDeliveryDate}::text as "requestedDeliveryDate",
      case when ${users.role} <> 'client' then ${users.firstName} || ' ' || ${users.lastName} end as "createdBy",
      coalesce((select json_agg(json_build_object('productName', ${orderLines.productName},
          'breed', ${orderLines.breed}, 'quantity', ${orderLines.quantity}, 'price', ${orderLines.unitPriceKes})
          order by ${orderLines.id})
        from ${orderLines} where ${orderLines.orderId} = ${orders.id}), '[]') as "items"
    from ${orders} left join ${users} on ${users.id} = ${orders.createdBy}
    where ${orders.status} = 'pending'`,
);
