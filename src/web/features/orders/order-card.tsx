import { Calendar, Eye, Pencil, Trash2 } from "lucide-react";
import { lockedOrderStatuses, type Order, orderEnded } from "../../../contract/orders";
import { OrderStatusBadge } from "../../components/order-status-badge";
import { PaymentStatusBadge } from "../../components/payment-status-badge";
import { RecordCard } from "../../components/record-card";
import { CardAction } from "../../components/row-actions";
import { type DisplayCurrency, formatDate, formatKes, formatUsd, usdEstimate } from "../../lib/format";

/** An order's value in the chosen currency: its USD amount when present, else the KES/150 estimate. */
export function orderAmount(order: Order, currency: DisplayCurrency): string {
  if (currency === "KES") return formatKes(order.totalAmountKes);
  return order.totalAmountUsd !== null
    ? formatUsd(order.totalAmountUsd)
    : `≈ ${usdEstimate(order.totalAmountKes)}`;
}

export const isEditable = (order: Order) =>
  !(lockedOrderStatuses as readonly string[]).includes(order.status);

export function OrderCard({
  order,
  currency,
  canWrite,
  onView,
  onEdit,
  onDelete,
}: {
  order: Order;
  currency: DisplayCurrency;
  canWrite: boolean;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const editable = canWrite && isEditable(order);
  return (
    <RecordCard
      testId="order-card"
      center
      heading={
        <>
          <h3 className="font-mono text-sm font-semibold">{order.orderNumber}</h3>
          <OrderStatusBadge status={order.status} />
          {!orderEnded(order.status) && (
            <PaymentStatusBadge status={order.paymentStatus} amountPaidKes={order.amountPaidKes} />
          )}
          <span className="text-xs capitalize text-gray-500">{order.orderType}</span>
          {order.source === "client" && <span className="text-xs text-gray-500">· via client portal</span>}
          {order.source === "ussd" && <span className="text-xs text-gray-500">· via USSD</span>}
        </>
      }
      aside={
        <div className="flex flex-col items-start gap-2 sm:items-end">
          <p className="text-lg font-bold tabular-nums" data-testid="order-amount">
            {orderAmount(order, currency)}
          </p>
          <div className="flex gap-2">
            <CardAction icon={Eye} label="View" of={order.orderNumber} onClick={onView} />
            {editable && (
              <>
                <CardAction icon={Pencil} label="Edit" of={order.orderNumber} onClick={onEdit} />
                <CardAction icon={Trash2} label="Delete" of={order.orderNumber} onClick={onDelete} />
              </>
            )}
          </div>
        </div>
      }
    >
      <p className="font-medium">{order.customerName}</p>
      <p className="flex flex-wrap items-center gap-x-3 text-xs text-gray-500">
        <span className="flex items-center gap-1">
          <Calendar className="h-3.5 w-3.5" aria-hidden /> Ordered {formatDate(order.orderDate)}
        </span>
        {order.expectedDeliveryDate && <span>Delivery {formatDate(order.expectedDeliveryDate)}</span>}
      </p>
    </RecordCard>
  );
}
