import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useParams } from "wouter";
import type { ClientOrderDetail } from "../../../contract/client";
import { orderEnded } from "../../../contract/order-states";
import { LinkButton } from "../../components/link-button";
import { Card } from "../../components/ui/card";
import { LoadingBars } from "../../components/ui/loading-bars";
import { formatDate } from "../../lib/format";
import { useT } from "../../lib/i18n/i18n";
import { clientQueries } from "./api";
import { ClientDocuments } from "./client-documents";
import { ClientLayout } from "./client-layout";
import { DeliveryDates } from "./delivery-dates";
import { CancelOrder, LapsedOrder, notUnderWay, OrderAgain } from "./order-hold";
import { OrderHistory, OrderLines, OrderPayments, OrderShipment } from "./order-sections";
import { OrderNotFound, OrderPaymentBadge } from "./order-summary-card";
import { PayPanel } from "./pay-panel";
import { PortalStatusBadge, statusHint } from "./portal-status";

/** What the farmer can do with the order now: pay it, cancel it while unpaid, or order the same again. */
function OrderActions({ order }: { order: ClientOrderDetail }) {
  const t = useT();
  if (orderEnded(order.status)) return <LapsedOrder order={order} heading={2} />;
  const payable = notUnderWay(order);
  const again = order.status === "delivered" || order.status === "shipped";
  if (!payable && !again) return null;
  return (
    <section aria-label={t("order.actions")} className="space-y-3">
      {payable && order.paymentStatus !== "paid" && <PayPanel order={order} />}
      <CancelOrder order={order} />
      {again && <OrderAgain order={order} />}
    </section>
  );
}

function OrderDetail({ id }: { id: number }) {
  const t = useT();
  const found = useQuery({ ...clientQueries.order(id), retry: false });
  if (found.isLoading) return <LoadingBars label={t("track.loading")} />;
  const order = found.data;
  if (!order) return <OrderNotFound />;
  const ended = orderEnded(order.status);
  return (
    <div className="mx-auto max-w-2xl space-y-4" data-testid="client-order">
      <LinkButton href="/client-portal" variant="outline" size="sm">
        <ArrowLeft /> {t("order.back")}
      </LinkButton>
      <header className="space-y-2">
        <h1 className="break-words text-2xl font-bold">{t("order.title", { number: order.orderNumber })}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <PortalStatusBadge state={order.state} />
          <OrderPaymentBadge order={order} />
        </div>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {t("track.placed", { date: formatDate(order.orderDate) })} · {statusHint(order.state)}
        </p>
        {order.notes && <p className="text-sm">{t("track.notes", { notes: order.notes })}</p>}
      </header>
      <OrderActions order={order} />
      <OrderLines order={order} />
      <Card className="p-4">
        <DeliveryDates delivery={order.delivery} ended={ended} />
      </Card>
      <OrderShipment order={order} />
      <OrderPayments order={order} />
      <ClientDocuments orderId={order.id} />
      <OrderHistory order={order} />
    </div>
  );
}

/** /client-orders/:id: one of the farmer's orders, with everything about it and what they can do next. */
export default function ClientOrderPage() {
  const id = Number(useParams<{ id: string }>().id);
  return (
    <ClientLayout>
      <OrderDetail key={id} id={Number.isInteger(id) && id > 0 ? id : 0} />
    </ClientLayout>
  );
}
