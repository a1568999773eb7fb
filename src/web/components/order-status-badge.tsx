import { dashboardStatus, type OrderStatus, staffStatusLabels } from "../../contract/orders";
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

/** Staff order screens: each status its own colour; approved reads "confirmed". */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge tone={staffTone[status]} className="capitalize">
      {staffStatusLabels[status]}
    </Badge>
  );
}

const displayTone = { pending: "yellow", processing: "blue", shipped: "purple", completed: "green" } as const;

/** Dashboard and client tabs: pending, processing, shipped, completed; anything else styled as pending. */
export function DisplayStatusBadge({ status }: { status: OrderStatus }) {
  const shown = dashboardStatus(status);
  const label = shown === "pending" && status !== "pending" ? status : shown;
  return (
    <Badge tone={displayTone[shown]} className="capitalize">
      {label}
    </Badge>
  );
}
