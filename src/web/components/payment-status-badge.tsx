import type { PaymentStatus } from "../../contract/orders";
import { formatKes } from "../lib/format";
import { useT } from "../lib/i18n/i18n";
import { Badge, type BadgeTone } from "./ui/badge";

const tone: Record<PaymentStatus, BadgeTone> = {
  unpaid: "red",
  pending: "yellow",
  part_paid: "orange",
  paid: "green",
  refunded: "gray",
};

/** An order's payment state, derived on the server from its payments; part-paid shows how much came in. */
export function PaymentStatusBadge({
  status,
  amountPaidKes,
}: {
  status: PaymentStatus;
  amountPaidKes?: number;
}) {
  const t = useT();
  return (
    <Badge tone={tone[status]} data-testid="payment-status">
      {t(`paymentStatus.${status}`)}
      {status === "part_paid" && amountPaidKes !== undefined ? ` (${formatKes(amountPaidKes)})` : ""}
    </Badge>
  );
}
