import { useQuery } from "@tanstack/react-query";
import { Fragment } from "react";
import type { DeliveryDays } from "../../../contract/delivery-days";
import { paymentMethodLabels, staffStatusLabels } from "../../../contract/orders";
import { AuditHistoryButton } from "../../components/audit-trail";
import { OrderStatusBadge } from "../../components/order-status-badge";
import { RecordDialog } from "../../components/ui/form-dialog";
import {
  formatDate,
  formatDateTime,
  formatFullDay,
  formatKes,
  formatPhone,
  formatUsd,
} from "../../lib/format";
import { orderQueries } from "./api";
import { OrderDocuments } from "./order-documents";
import { OrderPayments } from "./order-payments";

/** The day promised at approval, each move with the reason the client was told, and the delivery. */
function DeliveryDayRows({ delivery }: { delivery: DeliveryDays }) {
  return (
    <>
      {delivery.confirmed && (
        <>
          <dt className="text-gray-500">Confirmed at approval</dt>
          <dd>{formatFullDay(delivery.confirmed)}</dd>
        </>
      )}
      {delivery.redates.map((r) => (
        <Fragment key={r.at}>
          <dt className="text-gray-500">Moved to</dt>
          <dd data-testid="redate">
            {formatFullDay(r.to)}
            {r.reason && <span className="text-gray-500"> · {r.reason}</span>}
          </dd>
        </Fragment>
      ))}
      {delivery.deliveredAt && (
        <>
          <dt className="text-gray-500">Delivered</dt>
          <dd>{formatDateTime(delivery.deliveredAt)}</dd>
        </>
      )}
    </>
  );
}

const shown = (v: unknown) =>
  typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v) ? formatDate(v) : String(v ?? "–");

export function OrderDetailsDialog({
  id,
  onClose,
  canTakePayments,
}: {
  id: number | undefined;
  onClose: () => void;
  canTakePayments: boolean;
}) {
  const order = useQuery({ ...orderQueries.detail(id ?? 0), enabled: id !== undefined });
  const o = order.data;
  if (id === undefined) return null;
  return (
    <RecordDialog
      onClose={onClose}
      wide
      title={o ? `Order ${o.orderNumber}` : "Loading order…"}
      description={o ? `${o.customerName} · placed ${formatDateTime(o.orderDate)}` : ""}
    >
      {order.isError && <p className="text-sm text-red-600">This order could not be loaded.</p>}
      {o && (
        <div className="grid gap-5 text-sm" data-testid="order-details">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5">
            <dt className="text-gray-500">Status</dt>
            <dd>
              <OrderStatusBadge status={o.status} />
            </dd>
            <dt className="text-gray-500">Type</dt>
            <dd className="capitalize">{o.orderType}</dd>
            <dt className="text-gray-500">Total</dt>
            <dd>
              {formatKes(o.totalAmountKes)}
              {o.totalAmountUsd !== null && ` (${formatUsd(o.totalAmountUsd)})`}
            </dd>
            <dt className="text-gray-500">Currency</dt>
            <dd>{o.currency}</dd>
            <dt className="text-gray-500">Expected delivery</dt>
            <dd>{formatDate(o.expectedDeliveryDate)}</dd>
            {o.requestedDeliveryDate && (
              <>
                <dt className="text-gray-500">Client asked for</dt>
                <dd data-testid="requested-delivery">{formatDate(o.requestedDeliveryDate)}</dd>
              </>
            )}
            <DeliveryDayRows delivery={o.delivery} />
            {o.paymentMethod && (
              <>
                <dt className="text-gray-500">Payment</dt>
                <dd>{paymentMethodLabels[o.paymentMethod]}</dd>
              </>
            )}
            <dt className="text-gray-500">Contact</dt>
            <dd>
              {[o.customerPhone && formatPhone(o.customerPhone), o.customerEmail]
                .filter(Boolean)
                .join(" · ") || "–"}
            </dd>
            <dt className="text-gray-500">Location</dt>
            <dd>{o.customerLocation ?? "–"}</dd>
            {o.deliveryAddress && o.deliveryAddress !== o.customerLocation && (
              <>
                <dt className="text-gray-500">Deliver to</dt>
                <dd>{o.deliveryAddress}</dd>
              </>
            )}
            {o.specialInstructions && (
              <>
                <dt className="text-gray-500">Instructions</dt>
                <dd data-testid="special-instructions" className="whitespace-pre-line">
                  {o.specialInstructions}
                </dd>
              </>
            )}
            {o.notes && (
              <>
                <dt className="text-gray-500">Notes</dt>
                <dd>{o.notes}</dd>
              </>
            )}
          </dl>
          <div>
            <h4 className="mb-2 font-semibold">Items</h4>
            {o.lines.length === 0 ? (
              <p className="text-gray-500">No itemised lines: amount entered by staff.</p>
            ) : (
              <table className="w-full text-left">
                <thead className="text-xs text-gray-500">
                  <tr>
                    <th className="py-1 font-medium">Product</th>
                    <th className="py-1 text-right font-medium">Qty</th>
                    <th className="py-1 text-right font-medium">Unit price</th>
                    <th className="py-1 text-right font-medium">Total</th>
                  </tr>
                </thead>
                <tbody>
                  {o.lines.map((l) => (
                    <tr key={l.id} className="border-t border-gray-100 dark:border-gray-800">
                      <td className="py-1">{l.productName}</td>
                      <td className="py-1 text-right">{l.quantity}</td>
                      <td className="py-1 text-right">{formatKes(l.unitPriceKes)}</td>
                      <td className="py-1 text-right">{formatKes(l.lineTotalKes)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
          <OrderPayments order={o} canTakePayments={canTakePayments} />
          <OrderDocuments order={o} canIssue={canTakePayments} />
          <div>
            <div className="mb-2 flex items-center justify-between gap-2">
              <h4 className="font-semibold">History</h4>
              <AuditHistoryButton entity="orders" entityId={o.id} name={`order ${o.orderNumber}`} />
            </div>
            <ol className="space-y-1.5" data-testid="order-history">
              {o.history.map((h) => (
                <li key={h.id} className="flex flex-wrap gap-x-2">
                  <span className="text-gray-500">{formatDateTime(h.createdAt)}</span>
                  <span className="capitalize">
                    {h.fromStatus && h.fromStatus !== h.toStatus
                      ? `${staffStatusLabels[h.fromStatus]} → ${staffStatusLabels[h.toStatus]}`
                      : staffStatusLabels[h.toStatus]}
                  </span>
                  {h.note && <span className="text-gray-600 dark:text-gray-400">· {h.note}</span>}
                  {h.changes &&
                    Object.entries(h.changes).map(([field, c]) => (
                      <span key={field} className="text-gray-600 dark:text-gray-400">
                        · {field}: {shown(c.from)} → {shown(c.to)}
                      </span>
                    ))}
                  {h.actor && <span className="text-gray-500">by {h.actor}</span>}
                </li>
              ))}
            </ol>
          </div>
        </div>
      )}
    </RecordDialog>
  );
}
