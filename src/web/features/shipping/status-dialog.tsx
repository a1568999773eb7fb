import { type Shipment, shipmentStatusInputSchema } from "../../../contract/shipping";
import { Field } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { localToday } from "../../lib/dates";
import { forRecord } from "../../lib/query";
import { useSetShipmentStatus } from "./api";

/** The statuses that ask for more than the status: a delay its new day and why, a delivery who took it. */
export type AskedStatus = "delayed" | "delivered";

const empty = { expectedDelivery: "", reason: "", receivedBy: "", receivedAt: "" };

/**
 * Delayed needs the new expected day and why: the order moves to that day and the client is told both.
 * Delivered needs who received the order, and when if not now: both stay on the shipment and the order's
 * history.
 */
export function StatusDialog({
  shipment,
  status,
  ...props
}: DialogProps & { shipment: Shipment; status: AskedStatus }) {
  const spec = {
    schema: shipmentStatusInputSchema,
    initial: empty,
    idPrefix: status,
    toInput: (f: typeof empty) => ({
      status,
      expectedDelivery: f.expectedDelivery || undefined,
      reason: f.reason || undefined,
      receivedBy: f.receivedBy || undefined,
      // The local time typed, as the instant it names.
      receivedAt: f.receivedAt ? new Date(f.receivedAt).toISOString() : undefined,
    }),
  };
  const { form, dialog } = useFormDialog(props, spec, forRecord(useSetShipmentStatus(), shipment.id), {
    success: () => ({
      title: "Shipment status updated",
      description: `${shipment.trackingNumber} is ${status}`,
    }),
    failure: () => "Failed to update shipment",
  });
  const delayed = status === "delayed";
  return (
    <FormDialog
      {...dialog}
      title={`${delayed ? "Delayed" : "Delivered"}: ${shipment.trackingNumber}`}
      description={
        delayed
          ? `${shipment.orderNumber} for ${shipment.customerName}. The client is sent the new date and the reason.`
          : `${shipment.orderNumber} for ${shipment.customerName}. Who took it at the farm is kept with the order.`
      }
      submitLabel={delayed ? "Save delay" : "Mark delivered"}
      pendingLabel="Saving..."
      columns={1}
    >
      {delayed ? (
        <>
          <Field
            label="New expected delivery *"
            type="date"
            min={localToday()}
            bind={form.field("expectedDelivery")}
          />
          <Field label="Reason *" rows={2} bind={form.field("reason")} />
        </>
      ) : (
        <>
          <Field label="Received by *" placeholder="Name of who took it" bind={form.field("receivedBy")} />
          <Field
            label="Received at"
            type="datetime-local"
            hint="Leave empty for now"
            bind={form.field("receivedAt")}
          />
        </>
      )}
    </FormDialog>
  );
}
