import { portalStatusStyles } from "../../../contract/client-labels";
import type { OrderStatus } from "../../../contract/orders";
import { Badge } from "../../components/ui/badge";
import { t, useT } from "../../lib/i18n/i18n";

/**
 * The one status badge on every client screen (SPEC's portal words and colours), so an order reads the
 * same in My Orders, tracking and the order portal. Rejected and cancelled orders say so in red.
 */
export function PortalStatusBadge({ status }: { status: OrderStatus }) {
  const t = useT();
  const style = portalStatusStyles[status];
  if (style) {
    return (
      <Badge tone={style.tone} className="capitalize">
        {t(`status.${status}`)}
      </Badge>
    );
  }
  return status === "rejected" || status === "cancelled" ? (
    <Badge tone="red" className="capitalize">
      {t(`status.${status}`)}
    </Badge>
  ) : (
    <Badge tone="gray">{t("status.working")}</Badge>
  );
}

/** What happens next at this status (SPEC's portal hints), in the reader's language. */
export const statusHint = (status: OrderStatus): string | undefined =>
  status in portalStatusStyles && status !== "rejected" && status !== "cancelled"
    ? t(`status.hint.${status}`)
    : undefined;
