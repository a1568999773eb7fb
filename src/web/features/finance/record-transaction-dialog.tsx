import { type FormEvent, useEffect } from "react";
import { type TransactionInput, transactionTypes } from "../../../contract/finance";
import { currencies } from "../../../contract/money";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { FormFooter } from "../../components/ui/form-footer";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { useFormFields } from "../../lib/use-form-fields";
import { useRecordTransaction } from "./api";

const empty = { type: "income", amount: "", currency: "KES", description: "", reference: "" };

export function RecordTransactionDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [form, set, setForm] = useFormFields(empty);
  const record = useRecordTransaction();

  useEffect(() => {
    if (open) setForm(empty);
  }, [open, setForm]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.amount.trim() || !form.description.trim()) {
      toast({ variant: "destructive", title: "Error", description: "Please fill in all required fields" });
      return;
    }
    const payload: TransactionInput = {
      type: form.type as TransactionInput["type"],
      amount: Number(form.amount),
      currency: form.currency as TransactionInput["currency"],
      description: form.description,
      reference: form.reference || null,
      status: "completed",
      date: new Date().toISOString(),
    };
    record.mutate(payload, {
      onSuccess: () => {
        toast({ title: "Success", description: "Transaction recorded successfully" });
        onOpenChange(false);
      },
      onError: () =>
        toast({ variant: "destructive", title: "Error", description: "Failed to record transaction" }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Record Transaction</DialogTitle>
          <DialogDescription>Income, expense or transfer, recorded as completed.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
          <Field id="tx-type" label="Type">
            <NativeSelect id="tx-type" value={form.type} onChange={set("type")}>
              {transactionTypes.map((t) => (
                <option key={t} value={t}>
                  {t[0]!.toUpperCase() + t.slice(1)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="tx-currency" label="Currency">
            <NativeSelect id="tx-currency" value={form.currency} onChange={set("currency")}>
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="tx-amount" label="Amount *" className="sm:col-span-2">
            <Input
              id="tx-amount"
              type="number"
              min={0.01}
              step={0.01}
              value={form.amount}
              onChange={set("amount")}
            />
          </Field>
          <Field id="tx-description" label="Description *" className="sm:col-span-2">
            <Textarea id="tx-description" rows={2} value={form.description} onChange={set("description")} />
          </Field>
          <Field id="tx-reference" label="Reference" className="sm:col-span-2">
            <Input
              id="tx-reference"
              placeholder="M-Pesa code, invoice number…"
              value={form.reference}
              onChange={set("reference")}
            />
          </Field>
          <FormFooter
            className="sm:col-span-2"
            onCancel={() => onOpenChange(false)}
            pending={record.isPending}
            submitLabel="Record Transaction"
            pendingLabel="Recording..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
