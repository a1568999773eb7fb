import { Calendar, Eye, Pencil, Trash2 } from "lucide-react";
import { lockedOrderStatuses, type Order, orderEnded } from "../../../contract/orders";
import { OrderStatusBadge } from "../../components/order-status-badge";
import { PaymentStatusBadge } from "../../components/payment-status-badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
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
    <Card className="p-4 sm:p-5" data-testid="order-card">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-mono text-sm font-semibold">{order.orderNumber}</h3>
            <OrderStatusBadge status={order.status} />
            {!orderEnded(order.status) && (
              <PaymentStatusBadge status={order.paymentStatus} amountPaidKes={order.amountPaidKes} />
            )}
            <span className="text-xs capitalize text-gray-500">{order.orderType}</span>
            {order.source === "client" && <span className="text-xs text-gray-500">· via client portal</span>}
          </div>
          <p className="font-medium">{order.customerName}</p>
          <p className="flex flex-wrap items-center gap-x-3 text-xs text-gray-500">
            <span className="flex items-center gap-1">
              <Calendar className="h-3.5 w-3.5" aria-hidden /> Ordered {formatDate(order.orderDate)}
            </span>
            {order.expectedDeliveryDate && <span>Delivery {formatDate(order.expectedDeliveryDate)}</span>}
          </p>
        </div>
        <div className="flex flex-col items-start gap-2 sm:items-end">
          <p className="text-lg font-bold tabular-nums" data-testid="order-amount">
            {orderAmount(order, currency)}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={onView} aria-label={`View ${order.orderNumber}`}>
              <Eye /> View
            </Button>
            {editable && (
              <>
                <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${order.orderNumber}`}>
                  <Pencil /> Edit
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={onDelete}
                  aria-label={`Delete ${order.orderNumber}`}
                >
                  <Trash2 /> Delete
                </Button>
              </>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}
