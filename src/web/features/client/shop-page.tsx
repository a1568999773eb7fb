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
import { clientQueries } from "./api";
import { CartBar, CartSummary } from "./cart-bar";
import { useCart } from "./cart-store";
import { ClientLayout } from "./client-layout";
import { ProductCard } from "./product-card";

const typeOptions = [
  ["embryo", "Embryos"],
  ["semen", "Semen"],
] as const;

function Shop() {
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
      <PageHeader title="Shop" subtitle="Embryos and semen from proven Kenyan and Brazilian genetics" />
      <Card className="mb-6 flex flex-col gap-3 p-4 sm:flex-row">
        <SearchInput
          label="Search products"
          placeholder="Search breeds and products..."
          value={search}
          onChange={setSearch}
        />
        <ChoiceSelect
          label="Filter by type"
          all="All types"
          className="sm:w-40"
          options={typeOptions}
          value={type}
          onChange={setType}
        />
        <ChoiceSelect
          label="Filter by breed"
          all="All breeds"
          className="sm:w-56"
          options={optionsOf(breeds)}
          value={breed}
          onChange={setBreed}
        />
      </Card>
      {products.isLoading ? (
        <LoadingBars label="Loading products" />
      ) : products.isError ? (
        <LoadError label="products" onRetry={() => products.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState icon={ShoppingBag} title="No products found" hint="Try another search or filter." />
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
            View Cart
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
