import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { type OrderDetail, orderEnded, paymentMethodLabels } from "../../../contract/orders";
import type { Payment } from "../../../contract/payments";
import { PaymentStatusBadge } from "../../components/payment-status-badge";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { toastOutcome } from "../../components/ui/use-toast";
import { formatDate, formatKes } from "../../lib/format";
import { orderQueries, useRefundPayment } from "./api";
import { RecordPaymentForm } from "./record-payment-form";

const tone = { paid: "green", pending: "yellow", refunded: "gray" } as const;

function RefundButton({ payment }: { payment: Payment }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const refund = useRefundPayment();
  if (!open) {
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Refund
      </Button>
    );
  }
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        refund.mutate(
          { id: payment.id, reason },
          toastOutcome(
            { title: "Payment refunded", description: `${formatKes(payment.amountKes)} reversed` },
            "Please try again",
            { title: "Refund failed" },
          ),
        );
      }}
    >
      <Input
        aria-label={`Reason for refunding payment ${payment.id}`}
        placeholder="Reason"
        className="h-8 w-40"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <Button size="sm" variant="destructive" type="submit" disabled={!reason.trim() || refund.isPending}>
        Confirm refund
      </Button>
    </form>
  );
}

/** The order's payments and, for finance staff, recording a received payment and refunding one. */
export function OrderPayments({ order, canTakePayments }: { order: OrderDetail; canTakePayments: boolean }) {
  const payments = useQuery(orderQueries.payments(order.id));
  const owed = order.totalAmountKes - order.amountPaidKes;
  const open = !orderEnded(order.status);
  return (
    <div data-testid="order-payments" className="space-y-3">
      <h4 className="flex flex-wrap items-center gap-2 font-semibold">
        Payment <PaymentStatusBadge status={order.paymentStatus} amountPaidKes={order.amountPaidKes} />
        {order.onCredit && <Badge tone="purple">On credit</Badge>}
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
              {canTakePayments && p.status === "paid" && <RefundButton payment={p} />}
            </li>
          ))}
        </ul>
      )}
      {canTakePayments && open && owed > 0 && <RecordPaymentForm key={order.amountPaidKes} order={order} />}
    </div>
  );
}
