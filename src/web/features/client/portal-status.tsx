import { portalStatusStyles } from "../../../contract/client";
import type { OrderStatus } from "../../../contract/orders";
import { Badge } from "../../components/ui/badge";

/** Portal status badge: SPEC colours; any other status reads "Processing..." in a neutral style. */
export function PortalStatusBadge({ status }: { status: OrderStatus }) {
  const style = portalStatusStyles[status];
  return style ? (
    <Badge tone={style.tone} className="capitalize">
      {status}
    </Badge>
  ) : (
    <Badge tone="gray">{status === "rejected" || status === "cancelled" ? status : "Processing..."}</Badge>
  );
}

export const statusHint = (status: OrderStatus) => portalStatusStyles[status]?.hint;
