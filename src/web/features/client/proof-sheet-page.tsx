import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, GitCompare, Printer, SearchX, ShoppingCart } from "lucide-react";
import { useParams } from "wouter";
import { MAX_COMPARE } from "../../../contract/catalogue-limits";
import { LanguageSwitch } from "../../components/language-switch";
import { LoadError } from "../../components/load-error";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadingBars } from "../../components/ui/loading-bars";
import { toast } from "../../components/ui/use-toast";
import { errorStatus } from "../../lib/api";
import { formatDate, formatKes, usdEstimate } from "../../lib/format";
import { say, useT } from "../../lib/i18n/i18n";
import { clientQueries } from "./api";
import { addWithToast } from "./cart-actions";
import { descriptionOf } from "./product-words";
import {
  BatchesOnSale,
  CodesAndClimate,
  EmbryoDetails,
  MeasuredFertility,
  Pedigree,
  ProofFigures,
} from "./proof-sections";
import { toggleShortlist, useShortlist } from "./shortlist-store";

/** Back where the farmer (or the staff member, from the inventory) came from; the shop for a shared link. */
function goBack() {
  if (window.history.length > 1) window.history.back();
  else window.location.assign("/shop");
}

function ProofSheet({ id }: { id: number }) {
  const t = useT();
  const product = useQuery(clientQueries.product(id));
  const shortlist = useShortlist();
  if (product.isLoading) return <LoadingBars label={t("shop.loading")} />;
  if (errorStatus(product.error) === 404 || errorStatus(product.error) === 400)
    return <EmptyState icon={SearchX} title={t("proof.notFound")} hint={t("shop.emptyHint")} />;
  if (product.isError || !product.data)
    return <LoadError label={t("shop.products")} onRetry={() => product.refetch()} />;
  const p = product.data;
  const g = p.genetics;
  const picked = shortlist.includes(p.id);
  return (
    <article className="space-y-4">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={p.type === "embryo" ? "purple" : "blue"}>
              {t(p.type === "embryo" ? "product.type.embryo" : "product.type.semen")}
            </Badge>
            {g.semenType && (
              <Badge tone={g.semenType === "sexed" ? "green" : "gray"}>
                {t(g.semenType === "sexed" ? "product.sexed" : "product.conventional")}
                {g.femalePurityPct ? ` · ${t("proof.purity", { pct: g.femalePurityPct })}` : ""}
              </Badge>
            )}
            <span className="font-mono text-xs text-gray-600 dark:text-gray-400">{p.itemId}</span>
          </div>
          <h1 className="mt-2 text-2xl font-bold" tabIndex={-1}>
            {g.bullName && p.type === "semen" ? g.bullName : say(p.name)}
          </h1>
          <p className="text-gray-700 dark:text-gray-300">
            {p.type === "semen" ? say(p.name) : g.bullName && `${t("proof.sire")}: ${g.bullName}`}
          </p>
          <p className="mt-2 max-w-prose text-sm text-gray-700 dark:text-gray-300">{descriptionOf(p)}</p>
        </div>
        <div className="shrink-0 rounded-lg border border-gray-200 p-4 sm:w-64 dark:border-gray-800">
          <p className="text-2xl font-bold" data-testid="proof-price">
            {formatKes(p.price)}
          </p>
          <p className="text-xs text-gray-600 dark:text-gray-400">
            {t(p.type === "embryo" ? "proof.pricePerEmbryo" : "proof.pricePerStraw")} · ≈{" "}
            {usdEstimate(p.price)}
          </p>
          <p className="mt-1 text-sm">{t("product.available", { count: p.inStock })}</p>
          {p.expiryDate && (
            <p className="text-xs">{t("proof.expires", { date: formatDate(p.expiryDate) })}</p>
          )}
          <div className="mt-3 flex flex-col gap-2 print:hidden">
            <Button disabled={p.inStock <= 0} onClick={() => addWithToast(p)}>
              <ShoppingCart /> {p.inStock <= 0 ? t("product.outOfStock") : t("product.add")}
            </Button>
            <Button
              variant="outline"
              aria-pressed={picked}
              onClick={() => {
                if (!toggleShortlist(p.id))
                  toast({ variant: "destructive", title: t("catalogue.compareFull", { max: MAX_COMPARE }) });
              }}
            >
              <GitCompare /> {t("catalogue.compare")}
              {picked ? " ✓" : ""}
            </Button>
            <Button variant="ghost" onClick={() => window.print()}>
              <Printer /> {t("proof.print")}
            </Button>
          </div>
        </div>
      </header>
      <MeasuredFertility fertility={p.fertility} />
      <BatchesOnSale batches={p.batches} />
      {p.type === "embryo" && <EmbryoDetails g={g} />}
      <ProofFigures g={g} />
      <CodesAndClimate product={p} />
      <Pedigree g={g} embryo={p.type === "embryo"} />
    </article>
  );
}

/** A product's proof sheet: open to anyone with the link, from the shop, the portal or the inventory. */
export default function ProofSheetPage() {
  const t = useT();
  const { id } = useParams<{ id: string }>();
  return (
    <div className="min-h-screen">
      <header className="border-b border-gray-200 bg-white print:hidden dark:border-gray-800 dark:bg-gray-900">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-2 px-3 sm:px-6">
          <Button variant="ghost" onClick={goBack}>
            <ArrowLeft /> {t("proof.back")}
          </Button>
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-5xl px-3 py-6 sm:px-6">
        <ProofSheet id={Number(id)} />
      </main>
    </div>
  );
}
