import { useQuery } from "@tanstack/react-query";
import { Package, Plus } from "lucide-react";
import { clientTypeLabel } from "../../../contract/client";
import { LinkButton } from "../../components/link-button";
import { ListState } from "../../components/list-screen";
import { PaymentStatusBadge } from "../../components/payment-status-badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { type DisplayCurrency, formatDate, formatKesIn } from "../../lib/format";
import { usePage } from "../../lib/use-page";
import { clientQueries } from "./api";
import { PortalStatusBadge } from "./portal-status";

const noOrders = { icon: Package, title: "No orders yet" };
const browse = (onBrowse: () => void) => <Button onClick={onBrowse}>Browse Catalog</Button>;

/** The client's orders, newest first, a page at a time. */
export function MyOrders({ currency, onBrowse }: { currency: DisplayCurrency; onBrowse: () => void }) {
  const page = usePage();
  const orders = useQuery(clientQueries.orders(page.params));
  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <LinkButton href="/client-orders">
          <Plus /> New Order
        </LinkButton>
      </div>
      <ListState query={orders} page={page} label="orders" empty={{ ...noOrders, action: browse(onBrowse) }}>
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
                  {clientTypeLabel(o.orderType)} · {formatDate(o.orderDate)}
                  {o.expectedDeliveryDate && ` · delivery ${formatDate(o.expectedDeliveryDate)}`}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <PaymentStatusBadge status={o.paymentStatus} amountPaidKes={o.amountPaidKes} />
                <PortalStatusBadge status={o.status} />
                <span className="font-semibold tabular-nums">{formatKesIn(o.totalAmountKes, currency)}</span>
              </div>
            </Card>
          ))
        }
      </ListState>
    </div>
  );
}
