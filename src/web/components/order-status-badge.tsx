import { type OrderStatus, staffStatusLabels } from "../../contract/order-states";
import { Badge, type BadgeTone } from "./ui/badge";

const staffTone: Record<OrderStatus, BadgeTone> = {
  pending: "yellow",
  approved: "blue",
  processing: "purple",
  shipped: "orange",
  delivered: "green",
  rejected: "red",
  cancelled: "red",
};

/** Every staff screen: each status its own colour; approved reads "confirmed". */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge tone={staffTone[status]} className="capitalize">
      {staffStatusLabels[status]}
    </Badge>
  );
}
