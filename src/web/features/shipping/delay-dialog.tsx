import { type Shipment, shipmentStatusInputSchema } from "../../../contract/shipping";
import { Field } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { localToday } from "../../lib/dates";
import { forRecord } from "../../lib/query";
import { useSetShipmentStatus } from "./api";

/** A delay needs the new expected day and why: the order moves to that day and the client is told both. */
export function DelayDialog({ shipment, ...props }: DialogProps & { shipment: Shipment }) {
  const spec = {
    schema: shipmentStatusInputSchema,
    initial: { expectedDelivery: "", reason: "" },
    idPrefix: "delay",
    toInput: (f: { expectedDelivery: string; reason: string }) => ({
      status: "delayed",
      expectedDelivery: f.expectedDelivery || undefined,
      reason: f.reason || undefined,
    }),
  };
  const { form, dialog } = useFormDialog(props, spec, forRecord(useSetShipmentStatus(), shipment.id), {
    success: () => ({
      title: "Shipment status updated",
      description: `${shipment.trackingNumber} is delayed`,
    }),
    failure: () => "Failed to update shipment",
  });
  return (
    <FormDialog
      {...dialog}
      title={`Delayed: ${shipment.trackingNumber}`}
      description={`${shipment.orderNumber} for ${shipment.customerName}. The client is sent the new date and the reason.`}
      submitLabel="Save delay"
      pendingLabel="Saving..."
      columns={1}
    >
      <Field
        label="New expected delivery *"
        type="date"
        min={localToday()}
        bind={form.field("expectedDelivery")}
      />
      <Field label="Reason *" rows={2} bind={form.field("reason")} />
    </FormDialog>
  );
}
