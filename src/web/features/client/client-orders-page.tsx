import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { useSearch } from "wouter";
import { breedsForLocation } from "../../../contract/breed-advice";
import { LinkButton } from "../../components/link-button";
import { LoadError } from "../../components/load-error";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { LoadingBars } from "../../components/ui/loading-bars";
import { toast } from "../../components/ui/use-toast";
import { cn } from "../../lib/cn";
import { useTextField } from "../../lib/form";
import { formatMoney } from "../../lib/format";
import { say, t, useT } from "../../lib/i18n/i18n";
import { clientQueries } from "./api";
import { BreedAssistant } from "./breed-assistant";
import { addWithToast } from "./cart-actions";
import { useCart } from "./cart-store";
import { CheckoutForm } from "./checkout-form";
import { ClientLayout } from "./client-layout";
import { ProductTitle } from "./product-card";
import { descriptionOf } from "./product-words";
import { TrackingView } from "./tracking-view";
import { PortalOrderBar, YourOrder } from "./your-order";

type View = "products" | "order" | "tracking";

function ProductsView({ onProceed }: { onProceed: () => void }) {
  const t = useT();
  const products = useQuery(clientQueries.publicProducts());
  const location = useTextField("farm-location");
  const advice = say(breedsForLocation(location.value));
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_340px]">
      <div className="space-y-4">
        <Card className="p-4">
          <Field label={t("portal.where")} placeholder={t("portal.whereHint")} bind={location} />
          <p className="mt-2 text-sm text-gray-600 dark:text-gray-400" data-testid="location-advice">
            {advice ?? t("portal.adviceDefault")}
          </p>
        </Card>
        {products.isLoading ? (
          <LoadingBars label={t("shop.loading")} />
        ) : products.isError ? (
          <LoadError label={t("shop.products")} onRetry={() => products.refetch()} />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            {products.data?.map((p) => (
              <Card key={p.id} className="flex flex-col p-4" data-testid="portal-product">
                <ProductTitle name={p.name} type={p.type} />
                <p className="font-mono text-xs text-gray-500">{p.itemId}</p>
                <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{descriptionOf(p)}</p>
                <p className="mt-1 text-xs text-gray-500">
                  {t("portal.suitable", {
                    regions: p.regionSuitability.map(say).join(", ") || t("portal.allRegions"),
                  })}
                </p>
                <div className="mt-auto flex items-end justify-between pt-3">
                  <div>
                    <p className="font-bold">{formatMoney(p.price, p.currency)}</p>
                    <p className="text-xs text-gray-500">{t("product.available", { count: p.inStock })}</p>
                  </div>
                  <Button size="sm" disabled={p.inStock <= 0} onClick={() => addWithToast(p)}>
                    {t("product.add")}
                  </Button>
                </div>
              </Card>
            ))}
          </div>
        )}
      </div>
      <div>
        <YourOrder onProceed={onProceed} />
      </div>
    </div>
  );
}

function OrderView({ onBack, onPlaced }: { onBack: () => void; onPlaced: () => void }) {
  return (
    <CheckoutForm
      variant="portal"
      onBack={onBack}
      onPlaced={(order) => {
        toast({
          title: t("portal.placed"),
          description: t("portal.placedText", { number: order.orderNumber }),
        });
        onPlaced();
      }}
    />
  );
}

function Portal() {
  const params = new URLSearchParams(useSearch());
  const [assistantOpen, setAssistantOpen] = useState(false);
  // The success page's "Track this order" opens the tracking view on that order.
  const [view, setView] = useState<View>(params.get("view") === "tracking" ? "tracking" : "products");
  const t = useT();
  const cart = useCart();
  const count = cart.reduce((n, i) => n + i.quantity, 0);
  return (
    <div className="space-y-6 pb-24">
      <h1 className="sr-only">{t("client.nav.orders")}</h1>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <LinkButton href="/" variant="outline" size="sm">
          <ArrowLeft /> {t("portal.back")}
        </LinkButton>
        <div className="flex items-center gap-2">
          {(["products", "tracking"] as const).map((v) => (
            <Button
              key={v}
              variant={view === v || (v === "products" && view === "order") ? "default" : "outline"}
              size="sm"
              onClick={() => setView(v)}
            >
              {v === "products" ? t("portal.products") : t("portal.track")}
            </Button>
          ))}
          {count > 0 && (
            <Badge tone="green" data-testid="portal-cart-count">
              {t("portal.count", { count })}
            </Badge>
          )}
        </div>
      </div>
      <div className={cn(view !== "products" && "hidden")}>
        <ProductsView onProceed={() => setView("order")} />
      </div>
      {view === "order" && (
        <OrderView onBack={() => setView("products")} onPlaced={() => setView("tracking")} />
      )}
      {view === "tracking" && (
        <TrackingView onBrowse={() => setView("products")} focus={params.get("order") ?? undefined} />
      )}
      <BreedAssistant open={assistantOpen} onOpenChange={setAssistantOpen} />
      {view === "products" && (
        <PortalOrderBar
          onProceed={() => setView("order")}
          assistantOpen={assistantOpen}
          onAssistant={() => setAssistantOpen((v) => !v)}
        />
      )}
    </div>
  );
}

export default function ClientOrdersPage() {
  return (
    <ClientLayout>
      <Portal />
    </ClientLayout>
  );
}
