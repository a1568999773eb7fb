import { Trash2 } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { formatKes } from "../../lib/format";
import { say, useT } from "../../lib/i18n/i18n";
import { removeWithToast } from "./cart-actions";
import { type CartItem, cartTotal } from "./cart-store";
import { bullOf, lineName } from "./product-words";
import { QuantityStepper } from "./quantity-stepper";

/** The cart's lines: quantity capped at stock, 0 removes the line. */
export function CartLines({ cart }: { cart: CartItem[] }) {
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("cart.items")}</CardTitle>
      </CardHeader>
      <CardContent className="divide-y divide-gray-100 dark:divide-gray-800">
        {cart.map((item) => (
          <div key={item.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="cart-item">
            <div className="min-w-0 basis-full sm:basis-auto sm:flex-1">
              <p className="font-medium">{say(item.name)}</p>
              <LineBull item={item} />
              <p className="text-xs text-gray-500">
                <span className="font-mono">{item.itemId}</span> ·{" "}
                {t("cart.each", { price: formatKes(item.price) })} ·{" "}
                {t("product.available", { count: item.inStock })}
              </p>
            </div>
            <QuantityStepper item={item} typed />
            <p className="w-28 text-right font-semibold tabular-nums">
              {formatKes(item.price * item.quantity)}
            </p>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("cart.remove", { name: lineName(item) })}
              onClick={() => removeWithToast(item)}
            >
              <Trash2 />
            </Button>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

/** The cart's total under its lines, in the cart, the checkout summary and the portal's Your Order. */
export function CartTotal({ cart, testId }: { cart: CartItem[]; testId?: string }) {
  const t = useT();
  return (
    <p className="flex justify-between border-t border-gray-100 pt-2 text-base font-bold dark:border-gray-800">
      <span>{t("cart.total")}</span>
      <span data-testid={testId}>{formatKes(cartTotal(cart))}</span>
    </p>
  );
}

/** The bull under a cart line's name, when the product names one. */
function LineBull({ item }: { item: CartItem }) {
  const bull = bullOf(item);
  if (!bull) return null;
  return (
    <p className="text-sm text-brand-800 dark:text-brand-500" data-testid="line-bull">
      {bull}
    </p>
  );
}
