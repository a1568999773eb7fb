import { ChevronRight, SearchX } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { Link } from "wouter";
import type { ClientOrder } from "../../../contract/client";
import { orderEnded } from "../../../contract/order-states";
import { LinkButton } from "../../components/link-button";
import { PaymentStatusBadge } from "../../components/payment-status-badge";
import { Card } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { cn } from "../../lib/cn";
import { type DisplayCurrency, formatDate, formatKesIn, formatMoney } from "../../lib/format";
import { useT } from "../../lib/i18n/i18n";
import { DeliveryLine } from "./delivery-dates";
import { PortalStatusBadge, statusHint, TrackingNumber } from "./portal-status";
import { lineName } from "./product-words";

/** An order the farmer opened that is not theirs, or not there: it says so, and leads back to their orders. */
export function OrderNotFound() {
  const t = useT();
  return (
    <EmptyState
      icon={SearchX}
      title={t("success.notFound")}
      hint={t("success.notFoundHint")}
      action={<LinkButton href="/client-portal">{t("success.myOrders")}</LinkButton>}
    />
  );
}

/**
 * The order's payment badge, where it says something: a refund is the order's state itself (one badge says
 * it), and an order that ended unpaid owes nothing.
 */
export function OrderPaymentBadge({ order }: { order: ClientOrder }) {
  if (order.state === "refunded" || (order.paymentStatus === "unpaid" && orderEnded(order.status)))
    return null;
  return <PaymentStatusBadge status={order.paymentStatus} amountPaidKes={order.amountPaidKes} />;
}

/** Where an order's own page is. */
export const orderPath = (id: number) => `/client-orders/${id}`;

/** The lines of an order in one sentence, each naming the bull: "Jersey Semen: Tamu (JE840…), sexed × 2". */
export const linesText = (order: ClientOrder) =>
  order.items.map((i) => `${lineName({ ...i, name: i.productName })} × ${i.quantity}`).join(", ") || "–";

/**
 * One order in the farmer's lists (the portal's tracking view and My Orders read the same card): its state,
 * lines, total, next step, tracking and delivery day, and the way to its own page.
 */
export function OrderSummaryCard({
  order: o,
  testId,
  currency,
  focused = false,
  cardRef,
  children,
}: {
  order: ClientOrder;
  testId: string;
  /** The portal's currency select; the order's own currency when absent. */
  currency?: DisplayCurrency;
  focused?: boolean;
  cardRef?: Ref<HTMLDivElement>;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Card
      ref={cardRef}
      className={cn("space-y-2 p-4", focused && "ring-2 ring-brand-600")}
      aria-current={focused ? "true" : undefined}
      data-testid={testId}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link href={orderPath(o.id)} className="font-mono text-sm font-semibold text-brand-800 underline">
          {o.orderNumber}
        </Link>
        <span className="flex flex-wrap gap-2">
          <OrderPaymentBadge order={o} />
          <PortalStatusBadge state={o.state} />
        </span>
      </div>
      <p className="text-xs text-gray-500">
        {t(`orderType.${o.orderType}`)} · {t("track.placed", { date: formatDate(o.orderDate) })}
      </p>
      <p className="text-sm">{linesText(o)}</p>
      <p className="font-semibold tabular-nums">
        {currency ? formatKesIn(o.totalAmountKes, currency) : formatMoney(o.totalAmount, o.currency)}
      </p>
      <p className="text-xs text-gray-600 dark:text-gray-400">{statusHint(o.state)}</p>
      {o.trackingNumber && <TrackingNumber number={o.trackingNumber} url={o.trackingUrl} />}
      <DeliveryLine delivery={o.delivery} ended={orderEnded(o.status)} />
      {o.notes && (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("track.notes", { notes: o.notes })}</p>
      )}
      {children}
      <Link
        href={orderPath(o.id)}
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 dark:text-brand-500"
        aria-label={`${t("order.view")} ${o.orderNumber}`}
      >
        {t("order.view")} <ChevronRight className="h-4 w-4" aria-hidden />
      </Link>
    </Card>
  );
}
