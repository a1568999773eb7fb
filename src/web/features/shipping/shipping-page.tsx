import { AlertTriangle, CheckCircle, Eye, Package, Plus, Truck } from "lucide-react";
import { useState } from "react";
import {
  type Shipment,
  type ShipmentStatus,
  shipmentStatusChoices,
  shipmentStatusLabels,
} from "../../../contract/shipping";
import { PageHeader } from "../../components/page-header";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { DetailsDialog } from "../../components/ui/details-dialog";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadingCards } from "../../components/ui/loading-cards";
import { NativeSelect } from "../../components/ui/native-select";
import { StatCard } from "../../components/ui/stat-card";
import { TableHead } from "../../components/ui/table-head";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage } from "../../lib/api";
import { formatDate, formatDateTime } from "../../lib/format";
import { useSetShipmentStatus, useShipmentSummary, useShipments } from "./api";
import { CreateShipmentDialog } from "./create-shipment-dialog";

const tone = {
  preparing: "gray",
  shipped: "blue",
  in_transit: "purple",
  delivered: "green",
  delayed: "red",
  cancelled: "gray",
} as const;

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
  const shipments = useShipments();
  const summary = useShipmentSummary();
  const [createOpen, setCreateOpen] = useState(false);
  const [viewing, setViewing] = useState<Shipment>();
  const setStatus = useSetShipmentStatus();
  const statusChanged = {
    onSuccess: () => toast({ title: "Success", description: "Shipment status updated" }),
    onError: (e: Error) =>
      toast({
        variant: "destructive",
        title: "Error",
        description: apiErrorMessage(e) ?? "Failed to update shipment",
      }),
  };
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
                              setStatus.mutate(
                                { id: sh.id, status: e.target.value as ShipmentStatus },
                                statusChanged,
                              )
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
