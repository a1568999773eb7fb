import { portalStatusStyles } from "../../../contract/client";
import type { OrderStatus } from "../../../contract/orders";
import { Badge } from "../../components/ui/badge";

/**
 * The one status badge on every client screen (SPEC's portal words and colours), so an order reads the
 * same in My Orders, tracking and the order portal. Rejected and cancelled orders say so in red.
 */
export function PortalStatusBadge({ status }: { status: OrderStatus }) {
  const style = portalStatusStyles[status];
  if (style) {
    return (
      <Badge tone={style.tone} className="capitalize">
        {status}
      </Badge>
    );
  }
  return status === "rejected" || status === "cancelled" ? (
    <Badge tone="red" className="capitalize">
      {status}
    </Badge>
  ) : (
    <Badge tone="gray">Processing...</Badge>
  );
}

export const statusHint = (status: OrderStatus) => portalStatusStyles[status]?.hint;
