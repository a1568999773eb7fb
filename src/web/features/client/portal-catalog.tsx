import { useQuery } from "@tanstack/react-query";
import { FileText, Filter } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { Link } from "wouter";
import { clientTypeLabel } from "../../../contract/client-labels";
import { ChoiceSelect } from "../../components/choice-select";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { LoadingBars } from "../../components/ui/loading-bars";
import { SearchInput } from "../../components/ui/search-input";
import { type DisplayCurrency, formatKesIn } from "../../lib/format";
import { useT } from "../../lib/i18n/i18n";
import { clientQueries } from "./api";
import { addWithToast } from "./cart-actions";
import { ProductTitle } from "./product-card";

export function Catalog({ currency }: { currency: DisplayCurrency }) {
  const t = useT();
  const catalogTypes = [
    ["embryo", t("orderType.embryo")],
    ["sperm", t("orderType.sperm")],
  ] as const;
  // "semen" and "mbegu" both find straws, whichever language the farmer searches in.
  const typeWords = (type: "embryo" | "sperm") =>
    `${clientTypeLabel(type)} ${t(`orderType.${type}`)}`.toLowerCase();
  const catalog = useQuery(clientQueries.catalog());
  const products = useQuery(clientQueries.shopProducts());
  const [search, setSearch] = useState("");
  const [showFilters, setShowFilters] = useState(false);
  const [type, setType] = useState("all");
  const q = useDeferredValue(search).trim().toLowerCase();
  const rows = (catalog.data ?? []).filter(
    (c) =>
      (type === "all" || c.type === type) &&
      (!q || c.breedName.toLowerCase().includes(q) || typeWords(c.type).includes(q)),
  );
  return (
    <div className="space-y-3">
      <Card className="flex flex-col gap-3 p-4 sm:flex-row">
        <SearchInput
          label={t("catalog.search")}
          placeholder={t("catalog.searchHint")}
          value={search}
          onChange={setSearch}
        />
        <Button variant="outline" aria-expanded={showFilters} onClick={() => setShowFilters((v) => !v)}>
          <Filter /> {t("catalog.filters")}
        </Button>
        {showFilters && (
          <ChoiceSelect
            label={t("catalog.type")}
            all={t("shop.allTypes")}
            className="sm:w-40"
            options={catalogTypes}
            value={type}
            onChange={setType}
          />
        )}
      </Card>
      {catalog.isLoading ? (
        <LoadingBars label={t("catalog.loading")} />
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map((c) => {
            const product = products.data?.find((p) => p.id === c.id);
            return (
              <Card key={c.id} className="flex flex-col gap-1 p-4" data-testid="catalog-item">
                <ProductTitle name={c.breedName} type={c.type} />
                <p className="font-mono text-xs text-gray-500">{c.itemId}</p>
                <Link
                  href={`/shop/products/${c.id}`}
                  className="inline-flex min-h-11 items-center gap-1 text-sm text-brand-800 hover:underline dark:text-brand-500"
                >
                  <FileText className="h-4 w-4" /> {t("catalogue.proofSheet")}
                </Link>
                <p className="text-sm">
                  {formatKesIn(c.costPerUnit, currency)} · {t("catalog.inStock", { count: c.currentStock })}
                </p>
                <Button
                  size="sm"
                  className="mt-2"
                  disabled={!product || c.currentStock <= 0}
                  onClick={() => product && addWithToast(product)}
                >
                  {t("product.add")}
                </Button>
              </Card>
            );
          })}
        </div>
      )}
    </div>
  );
}
