import { ShoppingCart } from "lucide-react";
import type { ShopProduct } from "../../../contract/client";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { formatKes, usdEstimate } from "../../lib/format";
import { useT } from "../../lib/i18n/i18n";
import { addWithToast } from "./cart-actions";

/** A product's name with its type (embryo, or semen however the source spells it) as a coloured badge. */
export function ProductTitle({ name, type }: { name: string; type: string }) {
  const t = useT();
  return (
    <div className="flex items-start justify-between gap-2">
      <h3 className="font-semibold leading-tight">{name}</h3>
      <Badge tone={type === "embryo" ? "purple" : "blue"}>
        {t(type === "embryo" ? "product.type.embryo" : "product.type.semen")}
      </Badge>
    </div>
  );
}

/** A product in the shop or the portal: add is disabled at 0 stock. */
export function ProductCard({ product, featureCount = 3 }: { product: ShopProduct; featureCount?: number }) {
  const t = useT();
  return (
    <Card className="flex flex-col p-4" data-testid="product-card">
      <ProductTitle name={product.name} type={product.type} />
      <p className="mt-1 font-mono text-xs text-gray-500">{product.itemId}</p>
      <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{product.description}</p>
      <ul className="mt-2 space-y-0.5 text-xs text-gray-600 dark:text-gray-400">
        {product.features.slice(0, featureCount).map((f) => (
          <li key={f}>• {f}</li>
        ))}
      </ul>
      {product.regionSuitability.length > 0 && (
        <p className="mt-2 text-xs text-gray-500">
          {t("product.regions", { regions: product.regionSuitability.join(", ") })}
        </p>
      )}
      <div className="mt-auto flex items-end justify-between gap-2 pt-4">
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
    </Card>
  );
}
