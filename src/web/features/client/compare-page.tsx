import { useQuery } from "@tanstack/react-query";
import { GitCompare, ShoppingCart, X } from "lucide-react";
import { Link } from "wouter";
import type { CatalogueProduct } from "../../../contract/catalogue";
import { LinkButton } from "../../components/link-button";
import { LoadError } from "../../components/load-error";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadingBars } from "../../components/ui/loading-bars";
import { cn } from "../../lib/cn";
import { formatKes } from "../../lib/format";
import { type MessageId, say, useT } from "../../lib/i18n/i18n";
import { clientQueries } from "./api";
import { addWithToast } from "./cart-actions";
import { ClientLayout } from "./client-layout";
import { signed } from "./proof-sections";
import { clearShortlist, toggleShortlist, useShortlist } from "./shortlist-store";

type Row = {
  label: MessageId;
  value: (p: CatalogueProduct) => number | null | undefined;
  show: (v: number) => string;
  /** Which way is better; rows without one are not highlighted. */
  better?: "high" | "low";
};

const rows: Row[] = [
  { label: "compare.price", value: (p) => p.price, show: formatKes, better: "low" },
  { label: "proof.milk", value: (p) => p.genetics.milkKg, show: (v) => `${signed(v)} kg`, better: "high" },
  { label: "proof.fat", value: (p) => p.genetics.fatPct, show: (v) => `${signed(v, 2)}%`, better: "high" },
  {
    label: "proof.protein",
    value: (p) => p.genetics.proteinPct,
    show: (v) => `${signed(v, 2)}%`,
    better: "high",
  },
  {
    label: "proof.productiveLife",
    value: (p) => p.genetics.productiveLifeMonths,
    show: (v) => signed(v, 1),
    better: "high",
  },
  { label: "proof.scs", value: (p) => p.genetics.somaticCellScore, show: (v) => v.toFixed(2), better: "low" },
  {
    label: "proof.dpr",
    value: (p) => p.genetics.daughterPregnancyRate,
    show: (v) => signed(v, 1),
    better: "high",
  },
  {
    label: "proof.calvingEase",
    value: (p) => p.genetics.calvingEasePct,
    show: (v) => `${v.toFixed(1)}%`,
    better: "low",
  },
  { label: "proof.index", value: (p) => p.genetics.indexValue, show: (v) => signed(v), better: "high" },
  { label: "proof.dailyGain", value: (p) => p.genetics.dailyGainG, show: (v) => `${v} g`, better: "high" },
  {
    label: "compare.reliability",
    value: (p) => p.genetics.reliabilityPct,
    show: (v) => `${v}%`,
    better: "high",
  },
  { label: "compare.fertility", value: (p) => p.fertility.rate, show: (v) => `${v}%`, better: "high" },
];

/** The best value of a row among the products that have one; none when fewer than two can be compared. */
function bestOf(row: Row, products: CatalogueProduct[]): number | null {
  const values = products.map(row.value).filter((v): v is number => v !== null && v !== undefined);
  if (!row.better || values.length < 2 || new Set(values).size < 2) return null;
  return row.better === "high" ? Math.max(...values) : Math.min(...values);
}

function CompareTable({ products }: { products: CatalogueProduct[] }) {
  const t = useT();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard
    <section className="relative overflow-x-auto" aria-label={t("compare.title")} tabIndex={0}>
      <table className="w-full min-w-[36rem] border-collapse text-sm">
        <thead>
          <tr>
            <th className="w-40" />
            {products.map((p) => (
              <th key={p.id} scope="col" className="p-2 text-left align-top">
                <Link
                  href={`/shop/products/${p.id}`}
                  className="font-semibold text-brand-800 hover:underline dark:text-brand-500"
                >
                  {p.genetics.bullName ?? say(p.name)}
                </Link>
                <p className="text-xs font-normal">{say(p.name)}</p>
                <div className="mt-2 flex flex-wrap gap-1">
                  <Button size="sm" disabled={p.inStock <= 0} onClick={() => addWithToast(p)}>
                    <ShoppingCart /> {t("product.add")}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => toggleShortlist(p.id)}
                    aria-label={`${t("compare.remove")} ${p.genetics.bullName ?? say(p.name)}`}
                  >
                    <X /> {t("compare.remove")}
                  </Button>
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="border-t border-gray-200 dark:border-gray-800">
            <th scope="row" className="p-2 text-left font-medium">
              {t("compare.type")}
            </th>
            {products.map((p) => (
              <td key={p.id} className="p-2">
                {p.genetics.semenType
                  ? t(p.genetics.semenType === "sexed" ? "product.sexed" : "product.conventional")
                  : t("product.type.embryo")}
                {p.genetics.a2a2 && " · A2A2"}
                {p.genetics.polled && ` · ${t("proof.code.polled")}`}
              </td>
            ))}
          </tr>
          {rows.map((row) => {
            const best = bestOf(row, products);
            if (products.every((p) => row.value(p) == null)) return null;
            return (
              <tr key={row.label} className="border-t border-gray-200 dark:border-gray-800">
                <th scope="row" className="p-2 text-left font-medium">
                  {t(row.label)}
                </th>
                {products.map((p) => {
                  const v = row.value(p);
                  const isBest = v != null && v === best;
                  return (
                    <td
                      key={p.id}
                      className={cn(
                        "p-2 font-mono",
                        isBest &&
                          "bg-green-100 font-bold text-green-900 dark:bg-green-900/40 dark:text-green-200",
                      )}
                      data-best={isBest || undefined}
                    >
                      {v == null ? "—" : row.show(v)}
                      {isBest && <span className="sr-only"> ({t("compare.best")})</span>}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function Compare() {
  const t = useT();
  const shortlist = useShortlist();
  const products = useQuery({
    ...clientQueries.catalogue({ ids: shortlist.join(","), limit: String(shortlist.length || 1) }),
    enabled: shortlist.length > 0,
  });
  // In the order they were picked, not the catalogue's.
  const picked = shortlist.flatMap((id) => products.data?.find((p) => p.id === id) ?? []);
  return (
    <div className="pb-12">
      <PageHeader title={t("compare.title")} />
      {shortlist.length === 0 ? (
        <EmptyState
          icon={GitCompare}
          title={t("compare.empty")}
          action={<LinkButton href="/shop">{t("client.nav.shop")}</LinkButton>}
        />
      ) : products.isLoading ? (
        <LoadingBars label={t("shop.loading")} />
      ) : products.isError ? (
        <LoadError label={t("shop.products")} onRetry={() => products.refetch()} />
      ) : (
        <>
          <CompareTable products={picked} />
          <div className="mt-4 flex gap-2">
            <LinkButton href="/shop" variant="outline">
              {t("proof.back")}
            </LinkButton>
            <Button variant="ghost" onClick={clearShortlist}>
              {t("compare.clear")}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

export default function ComparePage() {
  return (
    <ClientLayout visitors>
      <Compare />
    </ClientLayout>
  );
}
