import { useMutation, useQuery } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle, Eye, Package, Plus, Truck } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import type { Order } from "../../../contract/orders";
import {
  carriers,
  DEFAULT_ORIGIN,
  SHIPMENT_ESTIMATE_DAYS,
  type Shipment,
  type ShipmentInput,
  type ShipmentStatus,
  type ShipmentSummary,
  shipmentStatusChoices,
  shipmentStatusLabels,
  shipmentTemperatures,
} from "../../../contract/shipping";
import { PageHeader } from "../../components/page-header";
import { PaymentStatusBadge } from "../../components/payment-status-badge";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { DetailsDialog } from "../../components/ui/details-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { EmptyState } from "../../components/ui/empty-state";
import { Field } from "../../components/ui/field";
import { FormFooter } from "../../components/ui/form-footer";
import { Input } from "../../components/ui/input";
import { LoadingCards } from "../../components/ui/loading-cards";
import { NativeSelect } from "../../components/ui/native-select";
import { StatCard } from "../../components/ui/stat-card";
import { TableHead } from "../../components/ui/table-head";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage, apiJson, errorStatus } from "../../lib/api";
import { formatDate, formatDateTime } from "../../lib/format";
import { invalidatePaths } from "../../lib/invalidate";
import { useFormFields } from "../../lib/use-form-fields";

const DAY = 86_400_000;
const tone = {
  preparing: "gray",
  shipped: "blue",
  in_transit: "purple",
  delivered: "green",
  delayed: "red",
  cancelled: "gray",
} as const;
const refresh = () => invalidatePaths("/api/shipments", "/api/orders", "/api/inventory", "/api/dashboard");

function CreateShipmentDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  // Only approved orders can be shipped: a processing one already has its shipment.
  const approved = useQuery<Order[]>({
    queryKey: ["/api/orders", { status: "approved", limit: 200 }],
    enabled: open,
  });
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
      apiJson<{ deliveryAddress: string | null; customerLocation: string | null }>(
        "GET",
        `/api/orders/${order.id}`,
      ).then((d) =>
        setForm((f) =>
          f.orderNumber === orderNumber
            ? { ...f, destination: d.deliveryAddress ?? d.customerLocation ?? "" }
            : f,
        ),
      );
    }
  };
  const create = useMutation({
    mutationFn: (input: ShipmentInput) => apiJson<Shipment>("POST", "/api/shipments", input),
    onSuccess: async () => {
      toast({ title: "Success", description: "Shipment created successfully" });
      await refresh();
      onOpenChange(false);
    },
    onError: (e) =>
      toast({
        variant: "destructive",
        title: "Error",
        description:
          errorStatus(e) === 409
            ? (apiErrorMessage(e) ?? "Failed to create shipment")
            : "Failed to create shipment",
      }),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.orderNumber.trim() || !form.customerName.trim() || !form.destination.trim()) {
      toast({ variant: "destructive", title: "Error", description: "Please fill in all required fields" });
      return;
    }
    const now = Date.now();
    create.mutate({
      ...form,
      carrier: form.carrier as ShipmentInput["carrier"],
      temperature: form.temperature as ShipmentInput["temperature"],
      trackingNumber: `TRK-${now}`,
      status: "preparing",
      shippedDate: new Date(now).toISOString(),
      expectedDelivery: new Date(now + SHIPMENT_ESTIMATE_DAYS * DAY).toISOString(),
    });
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

function ShipmentDetails({ shipment, onClose }: { shipment: Shipment | undefined; onClose: () => void }) {
  if (!shipment) return null;
  const rows: [string, string][] = [
    ["Order", shipment.orderNumber],
    ["Customer", shipment.customerName],
    ["Route", `${shipment.origin} → ${shipment.destination}`],
    ["Carrier", shipment.carrier],
    ["Temperature", shipment.temperature],
    ["Status", shipmentStatusLabels[shipment.status]],
    ["Shipped", formatDateTime(shipment.shippedDate)],
    ["Expected delivery", formatDate(shipment.expectedDelivery)],
    ["Delivered", formatDateTime(shipment.deliveredAt)],
    ["Instructions", shipment.specialInstructions || "–"],
  ];
  return (
    <DetailsDialog
      title={`Shipment ${shipment.trackingNumber}`}
      description="Full shipment record"
      rows={rows}
      onClose={onClose}
    />
  );
}

export default function ShippingPage() {
  const shipments = useQuery<Shipment[]>({ queryKey: ["/api/shipments", { limit: 200 }] });
  const summary = useQuery<ShipmentSummary>({ queryKey: ["/api/shipments/summary"] });
  const [createOpen, setCreateOpen] = useState(false);
  const [viewing, setViewing] = useState<Shipment>();
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: number; status: ShipmentStatus }) =>
      apiJson<Shipment>("PATCH", `/api/shipments/${id}/status`, { status }),
    onSuccess: async () => {
      toast({ title: "Success", description: "Shipment status updated" });
      await refresh();
    },
    onError: (e) =>
      toast({
        variant: "destructive",
        title: "Error",
        description: apiErrorMessage(e) ?? "Failed to update shipment",
      }),
  });
  const s = summary.data;

  return (
    <div>
      <PageHeader
        title="Shipping & Logistics"
        subtitle="Cold-chain deliveries of embryos and semen"
        actions={
          <Button onClick={() => setCreateOpen(true)}>
            <Plus /> Create Shipment
          </Button>
        }
      />
      {summary.isLoading ? (
        <LoadingCards />
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <StatCard label="Total Shipments" value={s?.totalShipments} icon={Package} />
          <StatCard label="In Transit" value={s?.inTransit} icon={Truck} />
          <StatCard label="Delivered" value={s?.delivered} icon={CheckCircle} />
          <StatCard label="Delayed" value={s?.delayed} icon={AlertTriangle} />
        </div>
      )}
      <Card className="mt-6 p-4 sm:p-6">
        <h2 className="mb-4 text-lg font-semibold">Active Shipments</h2>
        {shipments.isLoading ? (
          <LoadingCards count={4} testId="shipments-loading" />
        ) : !shipments.data?.length ? (
          <EmptyState icon={Truck} title="No shipments found" />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[1000px] text-left text-sm">
              <TableHead
                columns={[
                  "Tracking #",
                  "Order",
                  "Customer",
                  "Route",
                  "Carrier",
                  "Temperature",
                  "Status",
                  "Expected Delivery",
                  "Actions",
                ]}
              />
              <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
                {shipments.data.map((sh) => (
                  <tr key={sh.id} data-testid="shipment-row">
                    <td className="py-2 pr-3 font-mono text-xs">{sh.trackingNumber}</td>
                    <td className="py-2 pr-3 font-mono text-xs">{sh.orderNumber}</td>
                    <td className="py-2 pr-3">{sh.customerName}</td>
                    <td className="py-2 pr-3">
                      {sh.origin} → {sh.destination}
                    </td>
                    <td className="py-2 pr-3">{sh.carrier}</td>
                    <td className="py-2 pr-3">{sh.temperature}</td>
                    <td className="py-2 pr-3">
                      <Badge tone={tone[sh.status]}>{shipmentStatusLabels[sh.status]}</Badge>
                    </td>
                    <td className="py-2 pr-3">{formatDate(sh.expectedDelivery)}</td>
                    <td className="py-2">
                      <div className="flex items-center gap-2">
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`View ${sh.trackingNumber}`}
                          onClick={() => setViewing(sh)}
                        >
                          <Eye />
                        </Button>
                        {sh.status !== "delivered" && sh.status !== "cancelled" && (
                          <NativeSelect
                            aria-label={`Status of ${sh.trackingNumber}`}
                            className="h-9 w-36"
                            value={sh.status}
                            onChange={(e) =>
                              setStatus.mutate({ id: sh.id, status: e.target.value as ShipmentStatus })
                            }
                          >
                            {shipmentStatusChoices.map((st) => (
                              <option key={st} value={st}>
                                {shipmentStatusLabels[st]}
                              </option>
                            ))}
                          </NativeSelect>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <CreateShipmentDialog open={createOpen} onOpenChange={setCreateOpen} />
      <ShipmentDetails shipment={viewing} onClose={() => setViewing(undefined)} />
    </div>
  );
}
