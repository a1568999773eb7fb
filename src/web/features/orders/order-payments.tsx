import { useQuery } from "@tanstack/react-query";
import { type OrderDetail, orderEnded, paymentMethodLabels } from "../../../contract/orders";
import type { Payment } from "../../../contract/payments";
import { PaymentStatusBadge } from "../../components/payment-status-badge";
import { Badge } from "../../components/ui/badge";
import { formatDate, formatKes } from "../../lib/format";
import { orderQueries } from "./api";
import { RecordPaymentForm } from "./record-payment-form";
import { RefundForm } from "./refund-form";

const tone = { paid: "green", pending: "yellow", refunded: "gray", part_refunded: "gray" } as const;
const refundable = (p: Payment) => p.status === "paid" || p.status === "part_refunded";

/** The order's payments and, for finance staff, recording a received payment and refunding one. */
export function OrderPayments({ order, canTakePayments }: { order: OrderDetail; canTakePayments: boolean }) {
  const payments = useQuery(orderQueries.payments(order.id));
  const owed = order.totalAmountKes - order.amountPaidKes;
  const open = !orderEnded(order.status);
  const locked = order.status === "shipped" || order.status === "delivered" || !open;
  return (
    <div data-testid="order-payments" className="space-y-3">
      <h4 className="flex flex-wrap items-center gap-2 font-semibold">
        Payment <PaymentStatusBadge status={order.paymentStatus} amountPaidKes={order.amountPaidKes} />
        {order.onCredit && <Badge tone="purple">On credit</Badge>}
        {order.refundDueKes > 0 && <Badge tone="orange">To refund {formatKes(order.refundDueKes)}</Badge>}
        <span className="text-sm font-normal text-gray-500">
          {formatKes(order.amountPaidKes)} received · {formatKes(owed)} outstanding
        </span>
      </h4>
      {(payments.data ?? []).length > 0 && (
        <ul className="space-y-1.5">
          {payments.data!.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-2">
              <Badge tone={tone[p.status as keyof typeof tone] ?? "red"} className="capitalize">
                {p.status}
              </Badge>
              <span>
                {formatKes(p.amountKes)} by {paymentMethodLabels[p.method]}
              </span>
              <span className="text-gray-500">
                {[p.receipt ?? p.reference, formatDate(p.paidAt ?? p.createdAt)].filter(Boolean).join(" · ")}
              </span>
              {p.needsReview && <Badge tone="orange">Review: {p.reviewReason}</Badge>}
              {p.status !== "paid" && p.status !== "pending" && (
                <span className="text-gray-500">{p.message}</span>
              )}
              {canTakePayments && refundable(p) && <RefundForm payment={p} mayCancel={!locked} />}
              {p.refunds.map((r) => (
                <p
                  key={r.id}
                  data-testid="refund-line"
                  className="w-full pl-4 text-sm text-gray-600 dark:text-gray-400"
                >
                  Refunded {formatKes(r.amountKes)} by {paymentMethodLabels[r.method]}
                  {r.reference ? ` (ref ${r.reference})` : ""} on {formatDate(r.createdAt)}: {r.reason}
                  {r.by ? ` · ${r.by}` : ""}
                </p>
              ))}
            </li>
          ))}
        </ul>
      )}
      {canTakePayments && open && owed > 0 && <RecordPaymentForm key={order.amountPaidKes} order={order} />}
    </div>
  );
}
