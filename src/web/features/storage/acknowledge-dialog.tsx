import {
  type AcknowledgeAlertInput,
  acknowledgeAlertSchema,
  type StorageAlert,
} from "../../../contract/tanks";
import { Field } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { forRecord } from "../../lib/query";
import { useAcknowledgeAlert } from "./api";

/** Who saw the alert and what they did: the alert leaves the banner and stays in the history. */
export function AcknowledgeDialog({ alert, ...props }: DialogProps & { alert: StorageAlert }) {
  const acknowledge = useAcknowledgeAlert();
  const sender = forRecord<AcknowledgeAlertInput, StorageAlert>(acknowledge, alert.id);
  const spec = { schema: acknowledgeAlertSchema, initial: { note: "" }, idPrefix: "ack" };
  const { form, dialog } = useFormDialog(props, spec, sender, {
    success: () => ({ title: "Alert acknowledged", description: `${alert.storageUnit}: ${alert.message}` }),
    failure: () => "Failed to acknowledge the alert",
  });
  return (
    <FormDialog
      {...dialog}
      title="Acknowledge alert"
      description={alert.message}
      submitLabel="Acknowledge"
      pendingLabel="Saving..."
      columns={1}
    >
      <Field
        label="What was done"
        rows={3}
        placeholder="e.g. Refill ordered, lid reseated"
        bind={form.field("note")}
      />
    </FormDialog>
  );
}
