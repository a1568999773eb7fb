import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle, Package, Truck } from "lucide-react";
import { useDeferredValue, useState } from "react";
import {
  type Shipment,
  type ShipmentListQuery,
  type ShipmentStatus,
  type ShipmentStatusInput,
  type ShipmentSummary,
  type ShipmentView,
  shipmentStatusLabels,
  shipmentViewLabels,
  shipmentViews,
} from "../../../contract/shipping";
import { AddButton } from "../../components/add-button";
import { FilterBar, ListScreen, ListState, type Stat } from "../../components/list-screen";
import { ListSearch } from "../../components/list-search";
import { SortSelect } from "../../components/sort-select";
import { TabBar } from "../../components/tab-bar";
import { DetailsDialog } from "../../components/ui/details-dialog";
import { toastOutcome } from "../../components/ui/use-toast";
import { formatDate, formatDateTime } from "../../lib/format";
import { sortOf, useListParams } from "../../lib/use-list-params";
import { usePage } from "../../lib/use-page";
import { shippingQueries, useSetShipmentStatus } from "./api";
import { CreateShipmentDialog, ShipmentPicks } from "./create-shipment-dialog";

import { ShipmentTable } from "./shipment-table";
import { type AskedStatus, StatusDialog } from "./status-dialog";

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
    ["Received by", shipment.receivedBy ?? "–"],
    ["Instructions", shipment.specialInstructions || "–"],
  ];
  return (
    <DetailsDialog
      title={`Shipment ${shipment.trackingNumber}`}
      description="Full shipment record"
      rows={rows}
      onClose={onClose}
    >
      {/* Scanned here too, so a shipment is never stuck on a pick that only its create dialog showed. */}
      {shipment.status === "preparing" && shipment.orderId !== null && (
        <ShipmentPicks orderId={shipment.orderId} />
      )}
    </DetailsDialog>
  );
}

const listing = { label: "shipments", empty: { icon: Truck, title: "No shipments found" } };

const screen = { title: "Shipping & Logistics", subtitle: "Cold-chain deliveries of embryos and semen" };
const statsOf = (s: ShipmentSummary): Stat[] => [
  { label: "Total Shipments", value: s.totalShipments, icon: Package },
  { label: "In Transit", value: s.inTransit, icon: Truck },
  { label: "Delivered", value: s.delivered, icon: CheckCircle },
  { label: "Delayed", value: s.delayed, icon: AlertTriangle },
];

const tabs = shipmentViews.map((v) => [v, shipmentViewLabels[v]] as const);

const shipmentSortOptions = [
  ["createdAt:desc", "Newest first"],
  ["createdAt:asc", "Oldest first"],
  ["expectedDelivery:asc", "Expected delivery: soonest"],
  ["expectedDelivery:desc", "Expected delivery: latest"],
  ["trackingNumber:asc", "Tracking number"],
] as const;

export default function ShippingPage() {
  const list = useListParams({ view: "active", search: "", sort: "createdAt", order: "desc" });
  const view = list.values.view as ShipmentView;
  const filters = {
    view,
    search: useDeferredValue(list.values.search).trim() || undefined,
    ...sortOf<ShipmentListQuery>(list.values),
  };
  const page = usePage(filters);
  const shipments = useQuery(shippingQueries.list({ ...filters, ...page.params }));
  const summary = useQuery(shippingQueries.summary());
  const [createOpen, setCreateOpen] = useState(false);
  const [viewing, setViewing] = useState<Shipment>();
  const setStatus = useSetShipmentStatus();
  const [asking, setAsking] = useState<{ shipment: Shipment; status: AskedStatus }>();
  // Delayed asks for the new day and why first, delivered for who received it; the others change at once.
  const changeStatus = (shipment: Shipment, status: ShipmentStatus) =>
    status === "delayed" || status === "delivered"
      ? setAsking({ shipment, status })
      : setStatus.mutate(
          // The row offers only the statuses staff may choose (never "cancelled", which follows the order).
          { id: shipment.id, status: status as ShipmentStatusInput["status"] },
          toastOutcome("Shipment status updated", "Failed to update shipment"),
        );
  return (
    <ListScreen
      {...screen}
      actions={<AddButton label="Create Shipment" onClick={() => setCreateOpen(true)} />}
      stats={summary.data && statsOf(summary.data)}
      listTitle={view === "active" ? "Active Shipments" : `${shipmentViewLabels[view]} Shipments`}
      filters={
        <>
          <TabBar tabs={tabs} value={view} onChange={(v) => list.set({ view: v })} />
          <FilterBar>
            <ListSearch
              list={list}
              label="Search shipments"
              placeholder="Search by tracking number, order, carrier or destination..."
            />
            <SortSelect options={shipmentSortOptions} value={list.values} onChange={list.set} />
          </FilterBar>
        </>
      }
      dialogs={
        <>
          <CreateShipmentDialog open={createOpen} onOpenChange={setCreateOpen} />
          <ShipmentDetails shipment={viewing} onClose={() => setViewing(undefined)} />
          {asking && (
            <StatusDialog {...asking} open onOpenChange={(isOpen) => !isOpen && setAsking(undefined)} />
          )}
        </>
      }
    >
      <ListState query={shipments} page={page} {...listing}>
        {(rows) => <ShipmentTable shipments={rows} onView={setViewing} onStatus={changeStatus} />}
      </ListState>
    </ListScreen>
  );
}
