import { useQuery } from "@tanstack/react-query";
import { Package, Plus } from "lucide-react";
import { LinkButton } from "../../components/link-button";
import { ListState } from "../../components/list-screen";
import { PaymentStatusBadge } from "../../components/payment-status-badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { type DisplayCurrency, formatDate, formatKesIn } from "../../lib/format";
import { useT } from "../../lib/i18n/i18n";
import { usePage } from "../../lib/use-page";
import { clientQueries } from "./api";
import { ClientDocuments } from "./client-documents";
import { PortalStatusBadge } from "./portal-status";

/** The client's orders, newest first, a page at a time. */
export function MyOrders({ currency, onBrowse }: { currency: DisplayCurrency; onBrowse: () => void }) {
  const t = useT();
  const page = usePage();
  const orders = useQuery(clientQueries.orders(page.params));
  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <LinkButton href="/client-orders">
          <Plus /> {t("account.newOrder")}
        </LinkButton>
      </div>
      <ListState
        query={orders}
        page={page}
        label={t("account.orders")}
        empty={{
          icon: Package,
          title: t("account.noOrders"),
          action: <Button onClick={onBrowse}>{t("account.browse")}</Button>,
        }}
      >
        {(rows) =>
          rows.map((o) => (
            <Card
              key={o.id}
              className="flex flex-wrap items-center justify-between gap-3 p-4"
              data-testid="my-order"
            >
              <div>
                <p className="font-mono text-sm font-semibold">{o.orderNumber}</p>
                <p className="text-xs text-gray-500">
                  {t(`orderType.${o.orderType}`)} · {formatDate(o.orderDate)}
                  {o.expectedDeliveryDate &&
                    ` · ${t("account.delivery", { date: formatDate(o.expectedDeliveryDate) })}`}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                {o.state !== "refunded" && (
                  <PaymentStatusBadge status={o.paymentStatus} amountPaidKes={o.amountPaidKes} />
                )}
                <PortalStatusBadge state={o.state} />
                <span className="font-semibold tabular-nums">{formatKesIn(o.totalAmountKes, currency)}</span>
              </div>
            </Card>
          ))
        }
      </ListState>
      <ClientDocuments />
    </div>
  );
}
