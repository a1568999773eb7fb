import { useQuery } from "@tanstack/react-query";
import { Package } from "lucide-react";
import { useCallback } from "react";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadingBars } from "../../components/ui/loading-bars";
import { useT } from "../../lib/i18n/i18n";
import { clientQueries } from "./api";
import { notUnderWay } from "./order-hold";
import { OrderSummaryCard } from "./order-summary-card";
import { PayPanel } from "./pay-panel";

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
          notUnderWay(o) &&
          (o.paymentStatus === "unpaid" || o.paymentStatus === "pending" || o.paymentStatus === "part_paid");
        const isFocus = o.orderNumber === focus;
        return (
          <OrderSummaryCard
            key={o.id}
            order={o}
            testId="tracked-order"
            focused={isFocus}
            cardRef={isFocus ? focused : undefined}
          >
            {toPay && <PayPanel order={o} />}
          </OrderSummaryCard>
        );
      })}
    </div>
  );
}
