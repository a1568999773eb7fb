import {
  type Shipment,
  type ShipmentStatus,
  shipmentStatusChoices,
  shipmentStatusLabels,
} from "../../../contract/shipping";
import { ChoiceSelect } from "../../components/choice-select";
import { DataTable } from "../../components/data-table";
import { ViewButton } from "../../components/row-actions";
import { Badge } from "../../components/ui/badge";
import { optionsOf } from "../../components/ui/field";
import { formatDate } from "../../lib/format";

const tone = {
  preparing: "gray",
  shipped: "blue",
  in_transit: "purple",
  delivered: "green",
  delayed: "red",
  cancelled: "gray",
} as const;

/** Tracking and order numbers: monospace, never broken across lines. */
const code = "whitespace-nowrap font-mono text-xs";
const statusOptions = optionsOf(shipmentStatusChoices, shipmentStatusLabels);
const isOpen = (s: ShipmentStatus) => s !== "delivered" && s !== "cancelled";

export function ShipmentTable({
  shipments,
  onView,
  onStatus,
}: {
  shipments: Shipment[];
  onView: (s: Shipment) => void;
  onStatus: (s: Shipment, status: ShipmentStatus) => void;
}) {
  return (
    <DataTable
      rows={shipments}
      rowTestId="shipment-row"
      caption="Shipments"
      columns={[
        { header: "Tracking #", cell: (s) => s.trackingNumber, className: code },
        { header: "Order", cell: (s) => s.orderNumber, className: code },
        { header: "Customer", cell: (s) => s.customerName },
        { header: "Route", cell: (s) => `${s.origin} → ${s.destination}` },
        { header: "Carrier", cell: (s) => s.carrier },
        { header: "Temperature", cell: (s) => s.temperature },
        {
          header: "Status",
          cell: (s) => <Badge tone={tone[s.status]}>{shipmentStatusLabels[s.status]}</Badge>,
        },
        { header: "Expected Delivery", cell: (s) => formatDate(s.expectedDelivery) },
        {
          header: "Actions",
          cell: (s) => (
            <div className="flex items-center gap-2">
              <ViewButton label={`View ${s.trackingNumber}`} onClick={() => onView(s)} />
              {isOpen(s.status) && (
                <ChoiceSelect
                  label={`Status of ${s.trackingNumber}`}
                  className="h-9 w-36"
                  value={s.status}
                  options={statusOptions}
                  onChange={(status) => onStatus(s, status)}
                />
              )}
            </div>
          ),
        },
      ]}
    />
  );
}
