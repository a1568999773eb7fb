import { sql } from "drizzle-orm";
import { columnsOf, type Db, firstTableRow, prepared } from "../../db/adapter";
import { orders, payments, transactions } from "../../db/schema";
import { paymentMayBecome } from "../payments/transitions";

/**
 * The statements every payment sends, prepared (`prepared`): each text is built once and planned once per
 * connection, where building and planning them on every payment cost more CPU than running them, on the
 * app's thread and the database's alike (decision 50).
 */

type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type Raw = Record<string, unknown>;

const paymentRow = (rows: Raw[]) => firstTableRow(payments, rows);

const insertPaidStatement = prepared<
  {
    orderId: number;
    method: PaymentRow["method"];
    amountKes: number;
    reference: string;
    recordedBy: number;
    paidAt: string;
    now: string;
  },
  Raw
>(
  "insert_paid_payment",
  (p) => sql`insert into ${payments} (order_id, method, amount_kes, status, reference, recorded_by, paid_at,
                                      created_at, updated_at)
    values (${p.orderId}::int, ${p.method}::payment_method, ${p.amountKes}::int, 'paid', ${p.reference}::text,
            ${p.recordedBy}::int, ${p.paidAt}::timestamptz, ${p.now}::timestamptz, ${p.now}::timestamptz)
    returning ${columnsOf(payments)}`,
);

/** A payment staff saw arrive, written paid. */
export const insertPaidPayment = (
  db: Db,
  payment: Pick<PaymentRow, "orderId" | "method" | "amountKes" | "recordedBy"> & {
    reference: string;
    recordedBy: number;
    paidAt: Date;
    now: Date;
  },
): Promise<PaymentRow | undefined> =>
  insertPaidStatement(db, {
    ...payment,
    paidAt: payment.paidAt.toISOString(),
    now: payment.now.toISOString(),
  }).then(paymentRow);

const paymentByTokenStatement = prepared<{ token: string }, Raw>(
  "lock_payment_by_token",
  (p) => sql`select ${columnsOf(payments)} from ${payments} where ${payments.callbackToken} = ${p.token}::text
    for update`,
);

/** The payment a callback's token names, locked. */
export const lockedPaymentByToken = (db: Db, token: string) =>
  paymentByTokenStatement(db, { token }).then(paymentRow);

const orderOfPaymentStatement = prepared<{ paymentId: number }, Raw>(
  "order_of_payment",
  (p) => sql`select ${columnsOf(orders)} from ${orders}
    where ${orders.id} = (select ${payments.orderId} from ${payments} where ${payments.id} = ${p.paymentId}::int)`,
);

export const orderOfPayment = (db: Db, paymentId: number): Promise<OrderRow | undefined> =>
  orderOfPaymentStatement(db, { paymentId }).then((rows) => firstTableRow(orders, rows));

const confirmStatement = prepared<
  {
    id: number;
    receipt: string | null;
    paidAt: string;
    needsReview: boolean;
    reviewReason: string | null;
    now: string;
  },
  Raw
>(
  "confirm_payment",
  (p) => sql`update ${payments}
    set status = 'paid', receipt = ${p.receipt}::text, paid_at = ${p.paidAt}::timestamptz,
        needs_review = ${p.needsReview}::boolean, review_reason = ${p.reviewReason}::text,
        updated_at = ${p.now}::timestamptz
    where ${payments.id} = ${p.id}::int and ${paymentMayBecome("paid")}
    returning ${columnsOf(payments)}`,
);

/** A pending payment marked paid; undefined when it is no longer one that may become paid. */
export const markPaid = (
  db: Db,
  id: number,
  outcome: { receipt: string | null; paidAt: Date; reviewReason: string | null; now: Date },
): Promise<PaymentRow | undefined> =>
  confirmStatement(db, {
    id,
    receipt: outcome.receipt,
    paidAt: outcome.paidAt.toISOString(),
    needsReview: outcome.reviewReason !== null,
    reviewReason: outcome.reviewReason,
    now: outcome.now.toISOString(),
  }).then(paymentRow);

const incomeStatement = prepared<
  {
    amount: string;
    description: string;
    reference: string | null;
    date: string;
    orderId: number;
    customerId: number | null;
    paymentId: number;
    createdBy: number | null;
  },
  never
>(
  "insert_income",
  (
    p,
  ) => sql`insert into ${transactions} (type, amount, currency, description, reference, status, date, order_id,
                                          customer_id, payment_id, created_by)
    values ('income', ${p.amount}::numeric, 'KES', ${p.description}::text, ${p.reference}::text, 'completed',
            ${p.date}::timestamptz, ${p.orderId}::int, ${p.customerId}::int, ${p.paymentId}::int, ${p.createdBy}::int)`,
);

/** A payment's income in the ledger, in KES, as its order's customer's (decision 56). */
export const insertIncome = (
  db: Db,
  income: {
    payment: PaymentRow;
    customerId: number | null;
    description: string;
    createdBy: number | null;
    date: Date;
  },
): Promise<unknown> =>
  incomeStatement(db, {
    amount: String(income.payment.amountKes),
    description: income.description,
    reference: income.payment.receipt ?? income.payment.reference,
    date: income.date.toISOString(),
    orderId: income.payment.orderId,
    customerId: income.customerId,
    paymentId: income.payment.id,
    createdBy: income.createdBy,
  });

const sumsStatement = prepared<
  { orderId: number },
  { total: number; paid: string; pending: boolean | null; refunded: string }
>(
  "order_payment_sums",
  (p) => sql`select ${orders.totalAmountKes} as total,
      coalesce(sum(${payments.amountKes} - ${payments.refundedKes}) filter (where ${payments.status} in ('paid', 'part_refunded') and not ${payments.needsReview}), 0)::text as paid,
      bool_or(${payments.status} = 'pending') as pending,
      coalesce(sum(${payments.refundedKes}), 0)::text as refunded
    from ${orders} left join ${payments} on ${payments.orderId} = ${orders.id}
    where ${orders.id} = ${p.orderId}::int
    group by ${orders.id}`,
);

/**
 * An order's total and what its payments add up to: paid net of refunds (flagged ones count once a person
 * clears them), whether one is pending, and what was paid back. Undefined when there is no such order.
 */
export const orderPaymentSums = (db: Db, orderId: number) =>
  sumsStatement(db, { orderId }).then(([row]) =>
    row
      ? {
          total: row.total,
          paid: Number(row.paid),
          pending: Boolean(row.pending),
          refunded: Number(row.refunded),
        }
      : undefined,
  );

const settleStatement = prepared<
  { id: number; paymentStatus: OrderRow["paymentStatus"]; paid: number; refunded: number; now: string },
  Raw
>(
  "settle_order_payments",
  (p) => sql`update ${orders}
    set payment_status = ${p.paymentStatus}::payment_status, amount_paid_kes = ${p.paid}::int,
        refunded_kes = ${p.refunded}::int, updated_at = ${p.now}::timestamptz
    where ${orders.id} = ${p.id}::int
    returning ${columnsOf(orders)}`,
);

/** The order's payment state written; answers the order as it now stands. */
export const settleOrder = (
  db: Db,
  id: number,
  state: { paymentStatus: OrderRow["paymentStatus"]; paid: number; refunded: number; now: Date },
): Promise<OrderRow | undefined> =>
  settleStatement(db, { id, ...state, now: state.now.toISOString() }).then((rows) =>
    firstTableRow(orders, rows),
  );

const keepCallbackStatement = prepared<{ id: number; body: string; checkoutRequestId: string }, never>(
  "keep_mpesa_callback",
  (
    p,
  ) => sql`update ${payments} set raw_callback = ${p.body}::jsonb, checkout_request_id = ${p.checkoutRequestId}::text
    where ${payments.id} = ${p.id}::int`,
);

/** Daraja's callback kept as it came, on its payment. */
export const keepCallback = (
  db: Db,
  id: number,
  body: unknown,
  checkoutRequestId: string,
): Promise<unknown> => keepCallbackStatement(db, { id, body: JSON.stringify(body), checkoutRequestId });
