import { type FormEvent, useEffect } from "react";
import {
  carriers,
  DEFAULT_ORIGIN,
  SHIPMENT_ESTIMATE_DAYS,
  type ShipmentInput,
  shipmentTemperatures,
} from "../../../contract/shipping";
import { PaymentStatusBadge } from "../../components/payment-status-badge";
import { Badge } from "../../components/ui/badge";
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
import { apiErrorMessage, errorStatus } from "../../lib/api";
import { useFormFields } from "../../lib/use-form-fields";
import { orderDestination, useCreateShipment, useShippableOrders } from "./api";

const DAY = 86_400_000;

/** Ships an approved order: customer and destination come from the order, shown read-only. */
export function CreateShipmentDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const approved = useShippableOrders(open);
  const shippable = approved.data ?? [];
  const empty = {
    orderNumber: "",
    customerName: "",
    origin: DEFAULT_ORIGIN,
    destination: "",
    carrier: "DHL Express",
    temperature: shipmentTemperatures[0],
    specialInstructions: "",
  };
  const [form, set, setForm] = useFormFields(empty);
  const picked = shippable.find((o) => o.orderNumber === form.orderNumber);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset each time the dialog opens
  useEffect(() => {
    if (open) setForm(empty);
  }, [open]);
  const pickOrder = (orderNumber: string) => {
    const order = shippable.find((o) => o.orderNumber === orderNumber);
    setForm((f) => ({ ...f, orderNumber, customerName: order?.customerName ?? "", destination: "" }));
    if (order) {
      orderDestination(order.id).then((destination) =>
        setForm((f) => (f.orderNumber === orderNumber ? { ...f, destination } : f)),
      );
    }
  };
  const create = useCreateShipment();
  const created = {
    onSuccess: () => {
      toast({ title: "Success", description: "Shipment created successfully" });
      onOpenChange(false);
    },
    onError: (e: Error) =>
      toast({
        variant: "destructive",
        title: "Error",
        description:
          errorStatus(e) === 409
            ? (apiErrorMessage(e) ?? "Failed to create shipment")
            : "Failed to create shipment",
      }),
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.orderNumber.trim() || !form.customerName.trim() || !form.destination.trim()) {
      toast({ variant: "destructive", title: "Error", description: "Please fill in all required fields" });
      return;
    }
    const now = Date.now();
    create.mutate(
      {
        ...form,
        carrier: form.carrier as ShipmentInput["carrier"],
        temperature: form.temperature as ShipmentInput["temperature"],
        trackingNumber: `TRK-${now}`,
        status: "preparing",
        shippedDate: new Date(now).toISOString(),
        expectedDelivery: new Date(now + SHIPMENT_ESTIMATE_DAYS * DAY).toISOString(),
      },
      created,
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Shipment</DialogTitle>
          <DialogDescription>Ship an approved order in a temperature-controlled container.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
          <Field id="ship-order" label="Order *">
            <NativeSelect
              id="ship-order"
              value={form.orderNumber}
              onChange={(e) => pickOrder(e.target.value)}
            >
              <option value="">Select an approved order</option>
              {shippable.map((o) => (
                <option key={o.id} value={o.orderNumber}>
                  {o.orderNumber} · {o.customerName}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="ship-customer" label="Customer *">
            <Input id="ship-customer" value={form.customerName} readOnly />
          </Field>
          {picked && (
            <p className="flex items-center gap-2 text-sm sm:col-span-2" data-testid="ship-payment">
              Payment:{" "}
              <PaymentStatusBadge status={picked.paymentStatus} amountPaidKes={picked.amountPaidKes} />
              {picked.onCredit && <Badge tone="purple">On credit</Badge>}
            </p>
          )}
          <Field id="ship-origin" label="Origin">
            <Input id="ship-origin" value={form.origin} onChange={set("origin")} />
          </Field>
          <Field id="ship-destination" label="Destination *">
            <Input id="ship-destination" value={form.destination} readOnly />
          </Field>
          <Field id="ship-carrier" label="Carrier">
            <NativeSelect id="ship-carrier" value={form.carrier} onChange={set("carrier")}>
              {carriers.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="ship-temperature" label="Temperature">
            <NativeSelect id="ship-temperature" value={form.temperature} onChange={set("temperature")}>
              {shipmentTemperatures.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="ship-notes" label="Special instructions" className="sm:col-span-2">
            <Textarea
              id="ship-notes"
              rows={2}
              value={form.specialInstructions}
              onChange={set("specialInstructions")}
            />
          </Field>
          <FormFooter
            className="sm:col-span-2"
            onCancel={() => onOpenChange(false)}
            pending={create.isPending}
            submitLabel="Create Shipment"
            pendingLabel="Creating..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
