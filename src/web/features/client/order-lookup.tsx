import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { useTextField } from "../../lib/form";
import { type DisplayCurrency, formatDate, formatKesIn } from "../../lib/format";
import { useT } from "../../lib/i18n/i18n";
import { clientQueries } from "./api";
import { downloadOrdersCsv } from "./orders-csv";
import { PortalStatusBadge, statusHint, TrackingNumber } from "./portal-status";

/** Finds one of the client's own orders by its number, and exports them all as CSV. */
export function OrderLookup({ currency }: { currency: DisplayCurrency }) {
  const t = useT();
  const orders = useQuery(clientQueries.orders());
  const number = useTextField("track-number");
  const wanted = number.value.trim().toUpperCase();
  const found = wanted ? orders.data?.find((o) => o.orderNumber.toUpperCase() === wanted) : undefined;
  return (
    <div className="space-y-3">
      <Card className="space-y-3 p-4">
        <Field label={t("lookup.number")} placeholder="ORD-2026-000123" bind={number} />
        <div className="flex justify-end">
          <Button
            variant="outline"
            size="sm"
            disabled={!orders.data?.length}
            onClick={() => orders.data && downloadOrdersCsv(orders.data)}
          >
            <Download /> {t("lookup.export")}
          </Button>
        </div>
      </Card>
      {!wanted ? (
        <p className="text-sm text-gray-500">{t("lookup.hint")}</p>
      ) : found ? (
        <Card className="space-y-1 p-4" data-testid="tracking-result">
          <div className="flex items-center justify-between">
            <p className="font-mono font-semibold">{found.orderNumber}</p>
            <PortalStatusBadge state={found.state} />
          </div>
          <p className="text-sm">{statusHint(found.state)}</p>
          <p className="text-sm">
            {t("lookup.total", { amount: formatKesIn(found.totalAmountKes, currency) })}
          </p>
          {found.trackingNumber && <TrackingNumber number={found.trackingNumber} url={found.trackingUrl} />}
          {found.estimatedDelivery && (
            <p className="text-sm">{t("track.estimate", { date: formatDate(found.estimatedDelivery) })}</p>
          )}
          {found.notes && <p className="text-sm text-gray-600">{t("track.notes", { notes: found.notes })}</p>}
        </Card>
      ) : (
        <p className="text-sm text-gray-500">{t("lookup.none", { number: wanted })}</p>
      )}
    </div>
  );
}
