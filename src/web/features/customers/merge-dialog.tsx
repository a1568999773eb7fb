import { useQuery } from "@tanstack/react-query";
import {
  type Customer,
  type CustomerMerge,
  type CustomerMergeResult,
  customerMergeSchema,
} from "../../../contract/customers";
import { Field } from "../../components/ui/field";
import { FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { optionalNumber } from "../../lib/form";
import { forRecord } from "../../lib/query";
import { customerQueries, useMergeCustomer } from "./api";

/**
 * A Director folds a duplicate into the record to keep: its orders and client accounts move there and it
 * is deactivated with a note. Customers with a similar name are offered first.
 */
export function MergeDialog({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const all = useQuery(customerQueries.choices());
  const similar = useQuery(customerQueries.similar({ name: customer.name, excludeId: customer.id }));
  const likely = similar.data ?? [];
  const others = (all.data ?? []).filter(
    (c) => c.isActive && c.id !== customer.id && !likely.some((l) => l.id === c.id),
  );
  const options = [...likely, ...others].map((c) => [String(c.id), `${c.name} (${c.email})`] as const);
  const merge = useMergeCustomer();
  const sender = forRecord<CustomerMerge, CustomerMergeResult>(merge, customer.id);
  const spec = {
    schema: customerMergeSchema,
    initial: { intoId: "" },
    idPrefix: "merge",
    toInput: (v: { intoId: string }) => ({ intoId: optionalNumber(v.intoId) }),
  };
  const { form, dialog } = useFormDialog(
    { open: true, onOpenChange: (open) => !open && onClose() },
    spec,
    sender,
    {
      success: (r) => ({
        title: "Customers merged",
        description: `${customer.name} is now part of ${r.customer.name}: ${r.ordersMoved} orders moved.`,
      }),
      failure: () => "Failed to merge the customers.",
    },
  );
  return (
    <FormDialog
      {...dialog}
      title={`Merge ${customer.name}`}
      description="Its orders and client accounts move to the customer you keep; this record is deactivated with a note."
      submitLabel="Merge"
      pendingLabel="Merging..."
      columns={1}
    >
      <Field
        label="Keep this customer *"
        placeholder="Choose a customer"
        options={options}
        bind={form.field("intoId")}
      />
    </FormDialog>
  );
}
