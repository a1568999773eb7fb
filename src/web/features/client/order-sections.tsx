import { CreditCard, History, ListOrdered, Truck } from "lucide-react";
import type { ReactNode } from "react";
import type { ClientOrderDetail } from "../../../contract/client";
import { Card } from "../../components/ui/card";
import { formatDateTime, formatFullDay, formatKes, formatMoney } from "../../lib/format";
import { useT } from "../../lib/i18n/i18n";
import { TrackingNumber } from "./portal-status";
import { lineName } from "./product-words";

/** One titled card of the order's page. */
function Section({
  id,
  icon,
  title,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card className="space-y-3 p-4" aria-labelledby={id} role="region">
      <h2 id={id} className="flex items-center gap-2 font-semibold">
        {icon} {title}
      </h2>
      {children}
    </Card>
  );
}

const icon = "h-4 w-4 text-brand-700";

/** The order's lines, each naming the bull as sold, and the total. */
export function OrderLines({ order }: { order: ClientOrderDetail }) {
  const t = useT();
  return (
    <Section id="order-lines" icon={<ListOrdered className={icon} aria-hidden />} title={t("order.lines")}>
      <ul className="divide-y divide-gray-100 text-sm dark:divide-gray-800" data-testid="order-lines">
        {order.items.map((i) => (
          <li
            key={`${i.productName}-${i.bullCode}-${i.semenType}-${i.price}`}
            className="flex justify-between gap-3 py-2"
          >
            <span className="min-w-0 break-words">
              {lineName({ ...i, name: i.productName })} × {i.quantity}
            </span>
            <span className="shrink-0 tabular-nums">{formatKes(i.price * i.quantity)}</span>
          </li>
        ))}
      </ul>
      <p className="flex justify-between font-semibold">
        <span>{t("order.total")}</span>
        <span className="tabular-nums">{formatMoney(order.totalAmount, order.currency)}</span>
      </p>
    </Section>
  );
}

/** The shipment: carrier, tracking number (linked to the carrier), when it left and who received it. */
export function OrderShipment({ order }: { order: ClientOrderDetail }) {
  const t = useT();
  const s = order.shipment;
  if (!s) return null;
  return (
    <Section id="order-shipment" icon={<Truck className={icon} aria-hidden />} title={t("order.shipment")}>
      <p className="text-sm">{t("order.carrier", { carrier: s.carrier })}</p>
      <TrackingNumber number={s.trackingNumber} url={order.trackingUrl} />
      {s.shippedDate && <p className="text-sm">{t("order.left", { date: formatDateTime(s.shippedDate) })}</p>}
      {s.receivedBy && <p className="text-sm">{t("order.receivedBy", { name: s.receivedBy })}</p>}
    </Section>
  );
}

/** Every payment made or tried on the order, with M-Pesa's receipt or the bank's reference. */
export function OrderPayments({ order }: { order: ClientOrderDetail }) {
  const t = useT();
  return (
    <Section
      id="order-payments"
      icon={<CreditCard className={icon} aria-hidden />}
      title={t("order.payments")}
    >
      {order.payments.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("order.noPayments")}</p>
      ) : (
        <ul className="space-y-2 text-sm" data-testid="order-payments">
          {order.payments.map((p) => (
            <li key={p.id} className="flex flex-wrap justify-between gap-x-3">
              <span>
                {t(`payment.${p.method}`)} · {t(`payRecord.${p.status}`)}
                {p.receipt && <span className="font-mono"> · {p.receipt}</span>}
              </span>
              <span className="tabular-nums">
                {formatKes(p.amountKes)} · {formatDateTime(p.at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** What happened to the order, oldest first, in the farmer's words. */
export function OrderHistory({ order }: { order: ClientOrderDetail }) {
  const t = useT();
  return (
    <Section id="order-history" icon={<History className={icon} aria-hidden />} title={t("order.history")}>
      <ol
        className="space-y-2 border-l-2 border-brand-100 pl-4 text-sm dark:border-gray-700"
        data-testid="order-history"
      >
        {order.history.map((h) => (
          <li key={`${h.event}-${h.at}-${h.day}-${h.amountKes}`}>
            <p>
              {h.event === "redated"
                ? t("history.redated", { date: formatFullDay(h.day) })
                : h.event === "paid"
                  ? t("history.paid", { amount: formatKes(h.amountKes ?? 0) })
                  : t(`history.${h.event}`)}
            </p>
            {h.reason && <p className="text-gray-600 dark:text-gray-400">{h.reason}</p>}
            <p className="text-xs text-gray-500">{formatDateTime(h.at)}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
