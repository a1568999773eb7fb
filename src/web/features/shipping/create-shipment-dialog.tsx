import { useQuery } from "@tanstack/react-query";
import { requiredText } from "../../../contract/primitives";
import {
  carriers,
  DEFAULT_ORIGIN,
  SHIPMENT_ESTIMATE_DAYS,
  shipmentInputSchema,
  shipmentTemperatures,
} from "../../../contract/shipping";
import { PaymentStatusBadge } from "../../components/payment-status-badge";
import { PickListPanel } from "../../components/pick-list";
import { Badge } from "../../components/ui/badge";
import { Field, type Options, optionsOf } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { apiErrorMessage, errorStatus } from "../../lib/api";
import { daysFromNow } from "../../lib/dates";
import { formatDate } from "../../lib/format";
import { pickListQuery, useScanPick } from "../storage/api";
import { orderDelivery, shippingQueries, useCreateShipment } from "./api";

/** The server takes customer and destination from the order; the form still needs them shown (SPEC). */
const shipmentFormSchema = shipmentInputSchema.extend({
  customerName: requiredText("Customer"),
  destination: requiredText("Destination"),
});

const empty = {
  orderNumber: "",
  customerName: "",
  origin: DEFAULT_ORIGIN,
  destination: "",
  carrier: "DHL Express",
  temperature: shipmentTemperatures[0] as string,
  specialInstructions: "",
};

/**
 * The tracking number and dates the form proposes (SPEC): 'TRK-' + now, shipped now. The due date is the
 * server's: the day the client was given, else in 3 days, so the client and the shipment agree.
 */
function proposed(values: typeof empty) {
  const now = Date.now();
  return {
    ...values,
    trackingNumber: `TRK-${now}`,
    status: "preparing" as const,
    shippedDate: new Date(now).toISOString(),
  };
}

/** The day the shipment will be due, as the server will set it. */
function dueDay(promised: string | null) {
  return promised && Date.parse(promised) > Date.now() ? promised : daysFromNow(SHIPMENT_ESTIMATE_DAYS);
}

/** SPEC: these blank, the form says "Please fill in all required fields". */
const required = ["orderNumber", "customerName", "destination"] as const;

/** What to take from the tanks for this order; each pick is confirmed by its label before it ships. */
export function ShipmentPicks({ orderId }: { orderId: number }) {
  const list = useQuery(pickListQuery(orderId));
  const scan = useScanPick(orderId);
  return (
    <div className="sm:col-span-2">
      <PickListPanel list={list.data} scan={scan} />
    </div>
  );
}

/** Ships an approved order: customer and destination come from the order, shown read-only. */
export function CreateShipmentDialog(props: DialogProps) {
  const approved = useQuery({ ...shippingQueries.shippableOrders(), enabled: props.open });
  const shippable = approved.data ?? [];
  const spec = { schema: shipmentFormSchema, initial: empty, idPrefix: "ship", toInput: proposed, required };
  const { form, dialog } = useFormDialog(props, spec, useCreateShipment(), {
    success: () => ({ title: "Success", description: "Shipment created successfully" }),
    failure: (e) =>
      errorStatus(e) === 409
        ? (apiErrorMessage(e) ?? "Failed to create shipment")
        : "Failed to create shipment",
  });
  const picked = shippable.find((o) => o.orderNumber === form.values.orderNumber);
  const { setValues } = form;
  const pickOrder = (orderNumber: string) => {
    const order = shippable.find((o) => o.orderNumber === orderNumber);
    setValues((f) => ({
      ...f,
      orderNumber,
      customerName: order?.customerName ?? "",
      destination: "",
      specialInstructions: "",
    }));
    if (order) {
      orderDelivery(order.id).then(({ destination, specialInstructions }) =>
        setValues((f) => (f.orderNumber === orderNumber ? { ...f, destination, specialInstructions } : f)),
      );
    }
  };
  const orderOptions: Options = [
    ["", "Select an approved order"],
    ...shippable.map((o) => [o.orderNumber, `${o.orderNumber} · ${o.customerName}`] as const),
  ];
  const order = form.field("orderNumber");
  return (
    <FormDialog
      {...dialog}
      title="Create Shipment"
      description="Ship an approved order in a temperature-controlled container."
      submitLabel="Create Shipment"
      pendingLabel="Creating..."
    >
      <Field
        label="Order *"
        options={orderOptions}
        bind={{ ...order, onChange: (e) => pickOrder(e.target.value) }}
      />
      <Field readOnly label="Customer *" bind={form.field("customerName")} />
      {picked && (
        <p className="flex items-center gap-2 text-sm sm:col-span-2" data-testid="ship-payment">
          Payment: <PaymentStatusBadge status={picked.paymentStatus} amountPaidKes={picked.amountPaidKes} />
          {picked.onCredit && <Badge tone="purple">On credit</Badge>}
        </p>
      )}
      {picked && (
        <p className="text-sm sm:col-span-2" data-testid="ship-due">
          Expected delivery: <strong>{formatDate(dueDay(picked.expectedDeliveryDate))}</strong>
          {picked.expectedDeliveryDate && Date.parse(picked.expectedDeliveryDate) > Date.now()
            ? " (the date the client was given)"
            : ""}
        </p>
      )}
      {picked && <ShipmentPicks orderId={picked.id} />}
      <Field label="Origin" bind={form.field("origin")} />
      <Field readOnly label="Destination *" bind={form.field("destination")} />
      <Field label="Carrier" options={optionsOf(carriers)} bind={form.field("carrier")} />
      <Field label="Temperature" options={optionsOf(shipmentTemperatures)} bind={form.field("temperature")} />
      <Field label="Special instructions" rows={2} wide bind={form.field("specialInstructions")} />
    </FormDialog>
  );
}
