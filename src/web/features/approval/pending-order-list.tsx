import type { PendingOrder } from "../../../contract/client";
import { PaymentStatusBadge } from "../../components/payment-status-badge";
import { Badge } from "../../components/ui/badge";
import { cn } from "../../lib/cn";
import { formatDateTime, formatKes } from "../../lib/format";

export function PendingOrderList({
  orders: list,
  selected,
  onSelect: setSelectedId,
}: {
  orders: PendingOrder[];
  selected: PendingOrder | undefined;
  onSelect: (id: number) => void;
}) {
  return (
    <ul className="space-y-2" aria-label="Pending orders">
      {list.map((o) => (
        <li key={o.id}>
          <button
            type="button"
            data-testid="pending-order"
            aria-current={selected?.id === o.id ? "true" : undefined}
            onClick={() => setSelectedId(o.id)}
            className={cn(
              "w-full rounded-lg border p-3 text-left text-sm hover:border-brand-600",
              selected?.id === o.id
                ? "border-brand-600 bg-brand-50 dark:bg-gray-800"
                : "border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900",
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <span className="font-mono text-xs font-semibold">{o.orderNumber}</span>
              <Badge tone="yellow">Awaiting Approval</Badge>
            </div>
            <div className="mt-1">
              <PaymentStatusBadge status={o.paymentStatus} amountPaidKes={o.amountPaidKes} />
            </div>
            <p className="mt-1 font-medium">{o.customerName}</p>
            <p className="text-xs text-gray-600 dark:text-gray-400">
              {o.createdBy ? `Created by ${o.createdBy}` : "Placed by the client"}
            </p>
            {o.discountPct > 0 && (
              <p
                className={cn(
                  "text-xs",
                  o.discountOverLimit ? "text-amber-700 dark:text-amber-400" : "text-gray-500",
                )}
                data-testid="pending-discount"
              >
                {o.discountPct}% discount{o.discountOverLimit && ", above the limit: a Director approves"}
              </p>
            )}
            <p className="text-xs text-gray-500">
              {formatDateTime(o.orderDate)} · {formatKes(o.totalAmount)}
            </p>
          </button>
        </li>
      ))}
    </ul>
  );
}
