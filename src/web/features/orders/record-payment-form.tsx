import { type OrderDetail, paymentMethodLabels, paymentMethods } from "../../../contract/orders";
import { recordPaymentInputSchema } from "../../../contract/payments";
import { Button } from "../../components/ui/button";
import { Field, optionsOf } from "../../components/ui/field";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage } from "../../lib/api";
import { localToday } from "../../lib/dates";
import { optionalNumber, useContractForm } from "../../lib/form";
import { formatKes } from "../../lib/format";
import { useRecordPayment } from "./api";

/** A payment received by bank, card or paybill, recorded by finance staff; it starts at what is owed. */
export function RecordPaymentForm({ order }: { order: OrderDetail }) {
  const form = useContractForm({
    schema: recordPaymentInputSchema,
    idPrefix: "pay",
    initial: () => ({
      method: order.paymentMethod ?? "bank",
      amountKes: String(order.totalAmountKes - order.amountPaidKes),
      reference: "",
      date: localToday(),
    }),
    toInput: (v) => ({ ...v, amountKes: optionalNumber(v.amountKes) }),
  });
  const record = useRecordPayment(order.id);
  const onSubmit = form.handleSubmit((payment) =>
    record.mutate(payment, {
      onSuccess: (p) =>
        toast({ title: "Payment recorded", description: `${formatKes(p.amountKes)} for ${p.orderNumber}` }),
      onError: (error) => {
        form.showServerErrors(error);
        toast({
          variant: "destructive",
          title: "Payment not recorded",
          description: apiErrorMessage(error) ?? "Please try again",
        });
      },
    }),
  );
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate aria-label="Record a payment">
      <Field
        label="Method"
        options={optionsOf(paymentMethods, paymentMethodLabels)}
        bind={form.field("method")}
      />
      <Field label="Amount (KES)" inputMode="numeric" bind={form.field("amountKes")} />
      <Field label="Reference" bind={form.field("reference")} />
      <Field label="Date received" type="date" max={localToday()} bind={form.field("date")} />
      <Button type="submit" className="sm:col-span-2" disabled={record.isPending}>
        Record payment
      </Button>
    </form>
  );
}
