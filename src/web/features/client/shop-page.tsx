import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, GitCompare, ShoppingBag } from "lucide-react";
import { CATALOGUE_PAGE } from "../../../contract/catalogue-limits";
import { LinkButton } from "../../components/link-button";
import { LoadError } from "../../components/load-error";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadingBars } from "../../components/ui/loading-bars";
import type { Listed } from "../../lib/api";
import { useT } from "../../lib/i18n/i18n";
import { clientQueries } from "./api";
import { CartBar, CartSummary } from "./cart-bar";
import { useCart } from "./cart-store";
import { CatalogueFilters } from "./catalogue-filters";
import { useCatalogueParams } from "./catalogue-params";
import { ClientLayout } from "./client-layout";
import { ProductCard } from "./product-card";
import { useShortlist } from "./shortlist-store";

/** "1–24 of 57" with Previous and Next, moving the offset in the address. */
function ShopPager({
  offset,
  shown,
  total,
  move,
}: {
  offset: number;
  shown: number;
  total: number;
  move: (to: number) => void;
}) {
  const t = useT();
  if (offset === 0 && shown >= total) return null;
  return (
    <nav className="mt-6 flex items-center justify-between gap-3 text-sm" aria-label={t("catalogue.pages")}>
      <p data-testid="shop-range">
        {t("catalogue.range", { from: shown ? offset + 1 : 0, to: offset + shown, total })}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={offset === 0}
          onClick={() => move(offset - CATALOGUE_PAGE)}
        >
          <ChevronLeft /> {t("catalogue.previous")}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={offset + shown >= total}
          onClick={() => move(offset + CATALOGUE_PAGE)}
        >
          {t("catalogue.next")} <ChevronRight />
        </Button>
      </div>
    </nav>
  );
}

function Shop() {
  const t = useT();
  const [params, change] = useCatalogueParams();
  const products = useQuery({ ...clientQueries.catalogue(params), placeholderData: keepPreviousData });
  const cart = useCart();
  const shortlist = useShortlist();
  const count = cart.reduce((n, i) => n + i.quantity, 0);
  const offset = Number(params.offset ?? 0);
  const rows = products.data ?? [];
  const total = Number((products.data as Listed<unknown> | undefined)?.total ?? rows.length);

  return (
    <div className="pb-24">
      <PageHeader title={t("shop.title")} subtitle={t("shop.subtitle")} />
      <CatalogueFilters params={params} change={change} />
      {products.isLoading ? (
        <LoadingBars label={t("shop.loading")} />
      ) : products.isError ? (
        <LoadError label={t("shop.products")} onRetry={() => products.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={ShoppingBag} title={t("shop.empty")} hint={t("shop.emptyHint")} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={products.isFetching}>
          {rows.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </div>
      )}
      <ShopPager
        offset={offset}
        shown={rows.length}
        total={total}
        move={(to) => {
          change({ offset: to > 0 ? String(to) : "" });
          window.scrollTo({ top: 0 });
        }}
      />
      {(count > 0 || shortlist.length > 0) && (
        <CartBar testId="cart-summary">
          {count > 0 ? (
            <CartSummary />
          ) : (
            <p className="text-sm">{t("catalogue.compareBar", { count: shortlist.length })}</p>
          )}
          <div className="flex gap-2">
            {shortlist.length >= 2 && (
              <LinkButton href="/shop/compare" size="sm" variant="outline">
                <GitCompare /> {t("catalogue.compareNow")}
              </LinkButton>
            )}
            {count > 0 && (
              <LinkButton href="/cart" size="sm">
                {t("cart.view")}
              </LinkButton>
            )}
          </div>
        </CartBar>
      )}
    </div>
  );
}

export default function ShopPage() {
  return (
    <ClientLayout visitors>
      <Shop />
    </ClientLayout>
  );
}
