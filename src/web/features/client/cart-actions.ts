import type { ShopProduct } from "../../../contract/client";
import { toast } from "../../components/ui/use-toast";
import { addToCart, type CartItem, setQuantity } from "./cart-store";

/** Adds one and says what happened: SPEC's "Added to Cart", or why nothing was added. */
export function addWithToast(product: ShopProduct): void {
  const outcome = addToCart(product);
  if (outcome === "added" || outcome === "raised") {
    toast({ title: "Added to Cart", description: `${product.name} added successfully` });
  } else if (outcome === "at-stock") {
    toast({
      variant: "destructive",
      title: "No more in stock",
      description: `Your cart already holds all ${product.inStock} of ${product.name}.`,
    });
  } else {
    toast({ variant: "destructive", title: "Out of stock", description: `${product.name} is out of stock.` });
  }
}

/** Takes the line out of the cart with SPEC's "Removed from Cart". */
export function removeWithToast(item: CartItem): void {
  setQuantity(item.id, 0);
  toast({ title: "Removed from Cart", description: `${item.name} removed from your cart` });
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
  return applied < wanted ? `Only ${applied} available, so the quantity is ${applied}.` : undefined;
}
