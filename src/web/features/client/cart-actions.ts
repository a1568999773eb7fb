import type { ShopProduct } from "../../../contract/client";
import { toast } from "../../components/ui/use-toast";
import { say, t } from "../../lib/i18n/i18n";
import { addToCart, type CartItem, setQuantity } from "./cart-store";

/** Adds one and says what happened: SPEC's "Added to Cart", or why nothing was added. */
export function addWithToast(product: ShopProduct): void {
  const outcome = addToCart(product);
  if (outcome === "added" || outcome === "raised") {
    toast({ title: t("cart.added"), description: t("cart.addedText", { name: say(product.name) }) });
  } else if (outcome === "at-stock") {
    toast({
      variant: "destructive",
      title: t("cart.noMore"),
      description: t("cart.noMoreText", { count: product.inStock, name: say(product.name) }),
    });
  } else {
    toast({
      variant: "destructive",
      title: t("cart.soldOut"),
      description: t("cart.soldOutText", { name: say(product.name) }),
    });
  }
}

/** Takes the line out of the cart with SPEC's "Removed from Cart". */
export function removeWithToast(item: CartItem): void {
  setQuantity(item.id, 0);
  toast({ title: t("cart.removed"), description: t("cart.removedText", { name: say(item.name) }) });
}

/**
 * Sets a line's quantity; 0 removes it (with its toast). Answers a sentence when the stock capped what
 * was asked, for the screen to show beside the quantity.
 */
export function changeQuantity(item: CartItem, wanted: number): string | undefined {
  if (wanted <= 0) {
    removeWithToast(item);
    return undefined;
  }
  const applied = setQuantity(item.id, wanted);
  return applied < wanted ? t("cart.capped", { count: applied }) : undefined;
}
