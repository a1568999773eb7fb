import { manualTransactionTypes, transactionInputSchema } from "../../../contract/finance";
import { currencies } from "../../../contract/money";
import { Field, optionsOf } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { optionalNumber } from "../../lib/form";
import { capitalise } from "../../lib/format";
import { useRecordTransaction } from "./api";

const empty = { type: "income", amount: "", currency: "KES", description: "", reference: "" };
const typeOptions = optionsOf(manualTransactionTypes, capitalise);

/** Recorded as completed, now (SPEC). */
const toInput = (v: typeof empty) => ({
  ...v,
  amount: optionalNumber(v.amount),
  status: "completed",
  date: new Date().toISOString(),
});

/** SPEC: these blank, the form says "Please fill in all required fields". */
const required = ["amount", "description"] as const;

export function RecordTransactionDialog(props: DialogProps) {
  const spec = { schema: transactionInputSchema, initial: empty, idPrefix: "tx", toInput, required };
  const { form, dialog } = useFormDialog(props, spec, useRecordTransaction(), {
    success: () => ({ title: "Success", description: "Transaction recorded successfully" }),
    failure: () => "Failed to record transaction",
  });

  return (
    <FormDialog
      {...dialog}
      title="Record Transaction"
      description="Income, expense or transfer, recorded as completed."
      submitLabel="Record Transaction"
      pendingLabel="Recording..."
    >
      <Field label="Type" options={typeOptions} bind={form.field("type")} />
      <Field label="Currency" options={optionsOf(currencies)} bind={form.field("currency")} />
      <Field label="Amount *" type="number" min={0.01} step={0.01} wide bind={form.field("amount")} />
      <Field label="Description *" rows={2} wide bind={form.field("description")} />
      <Field
        label="Reference"
        placeholder="M-Pesa code, invoice number…"
        wide
        bind={form.field("reference")}
      />
    </FormDialog>
  );
}
