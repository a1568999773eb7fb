import { useQuery } from "@tanstack/react-query";
import { ShoppingBag } from "lucide-react";
import { useDeferredValue, useMemo, useState } from "react";
import { ChoiceSelect } from "../../components/choice-select";
import { LinkButton } from "../../components/link-button";
import { LoadError } from "../../components/load-error";
import { PageHeader } from "../../components/page-header";
import { Card } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { optionsOf } from "../../components/ui/field";
import { LoadingBars } from "../../components/ui/loading-bars";
import { SearchInput } from "../../components/ui/search-input";
import { useT } from "../../lib/i18n/i18n";
import { clientQueries } from "./api";
import { CartBar, CartSummary } from "./cart-bar";
import { useCart } from "./cart-store";
import { ClientLayout } from "./client-layout";
import { ProductCard } from "./product-card";

function Shop() {
  const t = useT();
  const typeOptions = [
    ["embryo", t("shop.type.embryo")],
    ["semen", t("shop.type.semen")],
  ] as const;
  const products = useQuery(clientQueries.shopProducts());
  const cart = useCart();
  const [search, setSearch] = useState("");
  const [type, setType] = useState("all");
  const [breed, setBreed] = useState("all");
  const q = useDeferredValue(search).trim().toLowerCase();
  const breeds = useMemo(() => [...new Set(products.data?.map((p) => p.breed))].sort(), [products.data]);
  const shown = (products.data ?? []).filter(
    (p) =>
      (type === "all" || p.type === type) &&
      (breed === "all" || p.breed === breed) &&
      (!q || `${p.name} ${p.itemId} ${p.breed} ${p.description}`.toLowerCase().includes(q)),
  );
  const count = cart.reduce((n, i) => n + i.quantity, 0);

  return (
    <div className="pb-24">
      <PageHeader title={t("shop.title")} subtitle={t("shop.subtitle")} />
      <Card className="mb-6 flex flex-col gap-3 p-4 sm:flex-row">
        <SearchInput
          label={t("shop.search")}
          placeholder={t("shop.searchHint")}
          value={search}
          onChange={setSearch}
        />
        <ChoiceSelect
          label={t("shop.type")}
          all={t("shop.allTypes")}
          className="sm:w-40"
          options={typeOptions}
          value={type}
          onChange={setType}
        />
        <ChoiceSelect
          label={t("shop.breed")}
          all={t("shop.allBreeds")}
          className="sm:w-56"
          options={optionsOf(breeds)}
          value={breed}
          onChange={setBreed}
        />
      </Card>
      {products.isLoading ? (
        <LoadingBars label={t("shop.loading")} />
      ) : products.isError ? (
        <LoadError label={t("shop.products")} onRetry={() => products.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState icon={ShoppingBag} title={t("shop.empty")} hint={t("shop.emptyHint")} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </div>
      )}
      {count > 0 && (
        <CartBar testId="cart-summary">
          <CartSummary />
          <LinkButton href="/cart" size="sm">
            {t("cart.view")}
          </LinkButton>
        </CartBar>
      )}
    </div>
  );
}

export default function ShopPage() {
  return (
    <ClientLayout>
      <Shop />
    </ClientLayout>
  );
}
