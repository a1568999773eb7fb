import { FileText, GitCompare, ShoppingCart } from "lucide-react";
import { Link } from "wouter";
import type { CatalogueProduct } from "../../../contract/catalogue";
import { MAX_COMPARE } from "../../../contract/catalogue-limits";
import type { ShopProduct } from "../../../contract/client";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { formatKes, usdEstimate } from "../../lib/format";
import { say, useT } from "../../lib/i18n/i18n";
import { addWithToast } from "./cart-actions";
import { descriptionOf } from "./product-words";
import { signed } from "./proof-sections";
import { toggleShortlist, useShortlist } from "./shortlist-store";

/** A product's name with its type (embryo, or semen however the source spells it) as a coloured badge. */
export function ProductTitle({ name, type }: { name: string; type: string }) {
  const t = useT();
  return (
    <div className="flex items-start justify-between gap-2">
      <h3 className="font-semibold leading-tight">{say(name)}</h3>
      <Badge tone={type === "embryo" ? "purple" : "blue"}>
        {t(type === "embryo" ? "product.type.embryo" : "product.type.semen")}
      </Badge>
    </div>
  );
}

/** The bull (or the embryo's sire) and the figures a farmer looks at first: sexed, milk, measured fertility. */
function GeneticsLine({ product }: { product: CatalogueProduct }) {
  const t = useT();
  const g = product.genetics;
  const facts = [
    g.semenType && t(g.semenType === "sexed" ? "product.sexed" : "product.conventional"),
    g.milkKg != null && t("product.milkKg", { kg: signed(g.milkKg) }),
    g.a2a2 && "A2A2",
    product.fertility.rate !== null && t("product.conception", { rate: product.fertility.rate }),
  ].filter(Boolean);
  return (
    <>
      {g.bullName && (
        <p className="mt-1 text-sm font-medium text-brand-800 dark:text-brand-500">{g.bullName}</p>
      )}
      {facts.length > 0 && (
        <p className="mt-1 text-xs text-gray-700 dark:text-gray-300" data-testid="genetics-line">
          {facts.join(" · ")}
        </p>
      )}
    </>
  );
}

/** Proof sheet link and the compare toggle of a catalogue product. */
function CatalogueActions({ product }: { product: CatalogueProduct }) {
  const t = useT();
  const shortlist = useShortlist();
  const picked = shortlist.includes(product.id);
  return (
    <div className="mt-3 flex flex-wrap gap-2 text-sm">
      <Link
        href={`/shop/products/${product.id}`}
        className="inline-flex min-h-11 items-center gap-1 text-brand-800 underline-offset-2 hover:underline dark:text-brand-500"
      >
        <FileText className="h-4 w-4" /> {t("catalogue.proofSheet")}
      </Link>
      <label className="ml-auto inline-flex min-h-11 cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand-700"
          checked={picked}
          onChange={() => {
            if (!toggleShortlist(product.id))
              toast({ variant: "destructive", title: t("catalogue.compareFull", { max: MAX_COMPARE }) });
          }}
        />
        <GitCompare className="h-4 w-4" /> {t("catalogue.compare")}
      </label>
    </div>
  );
}

const isCatalogue = (p: ShopProduct | CatalogueProduct): p is CatalogueProduct => "genetics" in p;

/** A product in the shop or the portal: add is disabled at 0 stock. */
export function ProductCard({
  product,
  featureCount = 3,
}: {
  product: ShopProduct | CatalogueProduct;
  featureCount?: number;
}) {
  const t = useT();
  return (
    <Card className="flex flex-col p-4" data-testid="product-card">
      <ProductTitle name={product.name} type={product.type} />
      <p className="mt-1 font-mono text-xs text-gray-500">{product.itemId}</p>
      {isCatalogue(product) && <GeneticsLine product={product} />}
      <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{descriptionOf(product)}</p>
      <ul className="mt-2 space-y-0.5 text-xs text-gray-600 dark:text-gray-400">
        {product.features.slice(0, featureCount).map((f) => (
          <li key={f}>• {say(f)}</li>
        ))}
      </ul>
      {product.regionSuitability.length > 0 && (
        <p className="mt-2 text-xs text-gray-500">
          {t("product.regions", { regions: product.regionSuitability.map(say).join(", ") })}
        </p>
      )}
      {/* Wraps on a small phone, so a long "add" in Kiswahili goes under the price instead of past the screen. */}
      <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-4">
        <div>
          <p className="whitespace-nowrap text-lg font-bold">{formatKes(product.price)}</p>
          <p className="text-xs text-gray-500">
            ≈ {usdEstimate(product.price)} ·{" "}
            <span data-testid="in-stock">{t("product.available", { count: product.inStock })}</span>
          </p>
        </div>
        <Button size="sm" disabled={product.inStock <= 0} onClick={() => addWithToast(product)}>
          <ShoppingCart /> {product.inStock <= 0 ? t("product.outOfStock") : t("product.add")}
        </Button>
      </div>
      {isCatalogue(product) && <CatalogueActions product={product} />}
    </Card>
  );
}
