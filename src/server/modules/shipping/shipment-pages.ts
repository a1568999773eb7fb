import { sql } from "drizzle-orm";
import type { Shipment, ShipmentListQuery, ShipmentStatus } from "../../../contract/shipping";
import { answerOf } from "../../db/adapter";
import { shipments } from "../../db/schema";
import { filteredPages } from "../../http/list-pages";

type ShipmentSort = NonNullable<ShipmentListQuery["sort"]>;

/** The column of each declared sort. */
export const shipmentSortColumns = {
  createdAt: shipments.createdAt,
  expectedDelivery: shipments.expectedDelivery,
  trackingNumber: shipments.trackingNumber,
} satisfies Record<ShipmentSort, unknown>;

const s = shipments;
const answer = answerOf({
  id: s.id,
  trackingNumber: s.trackingNumber,
  orderId: s.orderId,
  orderNumber: s.orderNumber,
  customerName: s.customerName,
  origin: s.origin,
  destination: s.destination,
  carrier: s.carrier,
  temperature: s.temperature,
  specialInstructions: s.specialInstructions,
  status: s.status,
  shippedDate: s.shippedDate,
  expectedDelivery: s.expectedDelivery,
  deliveredAt: s.deliveredAt,
  receivedBy: s.receivedBy,
});

/** The shipping screen's page without a search or view, of every status or of one, prepared (`filteredPages`). */
export const shipmentPage = filteredPages<ShipmentSort, "status", ShipmentStatus, Shipment>(
  "shipment_page",
  shipmentSortColumns,
  s.id,
  sql`select ${answer} from ${s}`,
  { key: "status", column: s.status },
);
