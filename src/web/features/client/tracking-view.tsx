import { useQuery } from "@tanstack/react-query";
import { Package } from "lucide-react";
import { useCallback } from "react";
import { orderEnded } from "../../../contract/order-states";
import { PaymentStatusBadge } from "../../components/payment-status-badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadingBars } from "../../components/ui/loading-bars";
import { cn } from "../../lib/cn";
import { formatDate, formatMoney } from "../../lib/format";
import { useT } from "../../lib/i18n/i18n";
import { clientQueries } from "./api";
import { PayPanel } from "./pay-panel";
import { PortalStatusBadge, statusHint, TrackingNumber } from "./portal-status";
import { lineName } from "./product-words";

/** The client's orders with status, payment and shipment; an order still to be paid shows how to pay. */
export function TrackingView({ onBrowse, focus }: { onBrowse: () => void; focus?: string }) {
  const t = useT();
  const orders = useQuery(clientQueries.orders());
  const focused = useCallback((card: HTMLElement | null) => card?.scrollIntoView({ block: "center" }), []);
  if (orders.isLoading) return <LoadingBars label={t("track.loading")} />;
  if (!orders.data || orders.data.length === 0) {
    return (
      <EmptyState
        icon={Package}
        title={t("track.none")}
        action={<Button onClick={onBrowse}>{t("track.browse")}</Button>}
      />
    );
  }
  return (
    <div className="space-y-3">
      <h2 className="text-xl font-semibold">{t("track.title")}</h2>
      {orders.data.map((o) => {
        const toPay =
          (o.status === "pending" || o.status === "approved") &&
          (o.paymentStatus === "unpaid" || o.paymentStatus === "pending" || o.paymentStatus === "part_paid");
        return (
          <Card
            key={o.id}
            ref={o.orderNumber === focus ? focused : undefined}
            className={cn("space-y-2 p-4", o.orderNumber === focus && "ring-2 ring-brand-600")}
            aria-current={o.orderNumber === focus ? "true" : undefined}
            data-testid="tracked-order"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-mono text-sm font-semibold">{o.orderNumber}</p>
              <span className="flex flex-wrap gap-2">
                {/* A refund is the order's state itself: one badge says it. */}
                {o.state !== "refunded" && (o.paymentStatus !== "unpaid" || !orderEnded(o.status)) && (
                  <PaymentStatusBadge status={o.paymentStatus} amountPaidKes={o.amountPaidKes} />
                )}
                <PortalStatusBadge state={o.state} />
              </span>
            </div>
            <p className="text-xs text-gray-500">{t("track.placed", { date: formatDate(o.orderDate) })}</p>
            <p className="text-sm">
              {o.items.map((i) => `${lineName({ ...i, name: i.productName })} × ${i.quantity}`).join(", ") ||
                "–"}
            </p>
            <p className="font-semibold">{formatMoney(o.totalAmount, o.currency)}</p>
            <p className="text-xs text-gray-600 dark:text-gray-400">{statusHint(o.state)}</p>
            {o.trackingNumber && <TrackingNumber number={o.trackingNumber} url={o.trackingUrl} />}
            {o.estimatedDelivery && (
              <p className="text-sm">{t("track.estimate", { date: formatDate(o.estimatedDelivery) })}</p>
            )}
            {o.notes && (
              <p className="text-sm text-gray-600 dark:text-gray-400">
                {t("track.notes", { notes: o.notes })}
              </p>
            )}
            {toPay && <PayPanel order={o} />}
          </Card>
        );
      })}
    </div>
  );
}
