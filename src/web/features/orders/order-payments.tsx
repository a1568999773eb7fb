import { type FormEvent, useState } from "react";
import type { OrderDetail } from "../../../contract/orders";
import { orderEnded, paymentMethodLabels, paymentMethods } from "../../../contract/orders";
import { type Payment, recordPaymentInputSchema } from "../../../contract/payments";
import { PaymentStatusBadge } from "../../components/payment-status-badge";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { toast } from "../../components/ui/use-toast";
import { apiErrorFields, apiErrorMessage } from "../../lib/api";
import { localToday } from "../../lib/dates";
import { formatDate, formatKes } from "../../lib/format";
import { useFormFields } from "../../lib/use-form-fields";
import { useOrderPayments, useRecordPayment, useRefundPayment } from "./api";

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
          {
            onSuccess: () =>
              toast({ title: "Payment refunded", description: `${formatKes(payment.amountKes)} reversed` }),
            onError: (error) =>
              toast({
                variant: "destructive",
                title: "Refund failed",
                description: apiErrorMessage(error) ?? "Please try again",
              }),
          },
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

function RecordPayment({ order }: { order: OrderDetail }) {
  const owed = order.totalAmountKes - order.amountPaidKes;
  const [form, field] = useFormFields({
    method: order.paymentMethod ?? "bank",
    amountKes: String(owed),
    reference: "",
    date: localToday(),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const record = useRecordPayment(order.id);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = recordPaymentInputSchema.safeParse({ ...form, amountKes: Number(form.amountKes) });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    record.mutate(parsed.data, {
      onSuccess: (p) =>
        toast({ title: "Payment recorded", description: `${formatKes(p.amountKes)} for ${p.orderNumber}` }),
      onError: (error) => {
        setErrors(apiErrorFields(error));
        toast({
          variant: "destructive",
          title: "Payment not recorded",
          description: apiErrorMessage(error) ?? "Please try again",
        });
      },
    });
  };
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate aria-label="Record a payment">
      <Field id="pay-method" label="Method" error={errors.method}>
        <NativeSelect id="pay-method" value={form.method} onChange={field("method")}>
          {paymentMethods.map((m) => (
            <option key={m} value={m}>
              {paymentMethodLabels[m]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="pay-amount" label="Amount (KES)" error={errors.amountKes}>
        <Input id="pay-amount" inputMode="numeric" value={form.amountKes} onChange={field("amountKes")} />
      </Field>
      <Field id="pay-reference" label="Reference" error={errors.reference}>
        <Input id="pay-reference" value={form.reference} onChange={field("reference")} />
      </Field>
      <Field id="pay-date" label="Date received" error={errors.date}>
        <Input id="pay-date" type="date" max={localToday()} value={form.date} onChange={field("date")} />
      </Field>
      <Button type="submit" className="sm:col-span-2" disabled={record.isPending}>
        Record payment
      </Button>
    </form>
  );
}

/** The order's payments and, for finance staff, recording a received payment and refunding one. */
export function OrderPayments({ order, canTakePayments }: { order: OrderDetail; canTakePayments: boolean }) {
  const payments = useOrderPayments(order.id);
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
      {canTakePayments && open && owed > 0 && <RecordPayment key={order.amountPaidKes} order={order} />}
    </div>
  );
}
