import { useState } from "react";
import type { Payment } from "../../../contract/payments";
import { RefundMoneyFields } from "../../components/refund-decision";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { toastOutcome } from "../../components/ui/use-toast";
import { formatKes } from "../../lib/format";
import { useRefundPayment } from "./api";

/**
 * Pays back part or all of a payment: how much (what is left by default), how, a reference and why, and
 * whether the order is cancelled too (stock released, client told) or kept awaiting payment.
 */
export function RefundForm({ payment, mayCancel }: { payment: Payment; mayCancel: boolean }) {
  const left = payment.amountKes - payment.refundedKes;
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(String(left));
  const [method, setMethod] = useState<Payment["method"]>(payment.method);
  const [reference, setReference] = useState("");
  const [reason, setReason] = useState("");
  const [cancelOrder, setCancelOrder] = useState(false);
  const refund = useRefundPayment();
  if (!open) {
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Refund
      </Button>
    );
  }
  const id = `refund-${payment.id}`;
  return (
    <form
      className="w-full space-y-3 rounded-md border border-gray-200 p-3 dark:border-gray-800"
      aria-label={`Refund payment ${payment.id}`}
      onSubmit={(e) => {
        e.preventDefault();
        const amountKes = Number(amount);
        refund.mutate(
          { id: payment.id, amountKes, method, reference: reference.trim() || null, reason, cancelOrder },
          toastOutcome(
            { title: "Payment refunded", description: `${formatKes(amountKes)} paid back` },
            "Please try again",
            { title: "Refund failed", after: () => setOpen(false) },
          ),
        );
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <RefundMoneyFields
          id={id}
          amountLabel={`Amount (KES), up to ${formatKes(left)}`}
          amount={[amount, setAmount]}
          method={[method, setMethod]}
          reference={[reference, setReference]}
        />
        <Field label="Reason *" id={`${id}-reason`}>
          <Input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
      </div>
      {mayCancel && (
        <label className="flex min-h-11 items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-1"
            checked={cancelOrder}
            onChange={(e) => setCancelOrder(e.target.checked)}
          />
          Cancel the order too: its stock is released and the client is told. Otherwise it stays, awaiting
          payment.
        </label>
      )}
      <div className="flex gap-2">
        <Button size="sm" variant="destructive" type="submit" disabled={!reason.trim() || refund.isPending}>
          Confirm refund
        </Button>
        <Button size="sm" variant="outline" type="button" onClick={() => setOpen(false)}>
          Close
        </Button>
      </div>
    </form>
  );
}
