import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { useTextField } from "../../lib/form";
import type { DisplayCurrency } from "../../lib/format";
import { useT } from "../../lib/i18n/i18n";
import { clientQueries } from "./api";
import { OrderSummaryCard } from "./order-summary-card";
import { downloadOrdersCsv } from "./orders-csv";

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
        <OrderSummaryCard order={found} testId="tracking-result" currency={currency} />
      ) : (
        <p className="text-sm text-gray-500">{t("lookup.none", { number: wanted })}</p>
      )}
    </div>
  );
}
