import { useQuery } from "@tanstack/react-query";
import { Package, Plus } from "lucide-react";
import { LinkButton } from "../../components/link-button";
import { ListState } from "../../components/list-screen";
import { Button } from "../../components/ui/button";
import type { DisplayCurrency } from "../../lib/format";
import { useT } from "../../lib/i18n/i18n";
import { usePage } from "../../lib/use-page";
import { clientQueries } from "./api";
import { ClientDocuments } from "./client-documents";
import { OrderSummaryCard } from "./order-summary-card";

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
          rows.map((o) => <OrderSummaryCard key={o.id} order={o} testId="my-order" currency={currency} />)
        }
      </ListState>
      <ClientDocuments />
    </div>
  );
}
