import type { CartLine, ShopProduct } from "../../../contract/client";
import { deviceStore } from "../../lib/device-store";
import { savedCartKey, storageKeys } from "../../lib/storage-keys";

export type CartItem = CartLine;

const cart = deviceStore<CartItem[]>(storageKeys.cart, (stored) => (Array.isArray(stored) ? stored : []), []);

/** What adding did: a new line, one more of a line, or nothing because the cart already holds all the stock. */
export type AddOutcome = "added" | "raised" | "at-stock" | "out-of-stock";

/** Adding a product already in the cart raises its quantity by 1, never past its stock. */
export function addToCart(product: ShopProduct): AddOutcome {
  if (product.inStock <= 0) return "out-of-stock";
  const items = cart.get();
  const existing = items.find((i) => i.id === product.id);
  if (!existing) {
    cart.set([...items, { ...product, quantity: 1 }]);
    return "added";
  }
  const stock = Math.max(product.inStock, 1);
  if (existing.quantity >= stock) return "at-stock";
  // The shop's latest stock figure replaces the one saved with the line.
  cart.set(items.map((i) => (i.id === product.id ? { ...product, quantity: i.quantity + 1 } : i)));
  return "raised";
}

/**
 * A quantity of 0 or below removes the item; above the stock it is capped. Answers the quantity the line
 * now has (0 when removed), so a screen can say when it differs from what was asked.
 */
export function setQuantity(productId: number, quantity: number): number {
  if (quantity <= 0) {
    cart.set(cart.get().filter((i) => i.id !== productId));
    return 0;
  }
  let applied = 0;
  cart.set(
    cart.get().map((i) => {
      if (i.id !== productId) return i;
      applied = Math.min(quantity, Math.max(i.inStock, 1));
      return { ...i, quantity: applied };
    }),
  );
  return applied;
}

/** Puts `lines` in the cart in place of what it held ("Order again" on a lapsed order). */
export function fillCart(lines: CartItem[]): void {
  cart.set(lines);
}

/**
 * Puts back the cart a client left at their last sign-out on this device, after anything they added
 * before signing in (a product in both keeps the quantity chosen since). The saved copy is used once.
 */
export function restoreSavedCart(userId: number): void {
  const key = savedCartKey(userId);
  let saved: unknown;
  try {
    saved = JSON.parse(localStorage.getItem(key) ?? "null");
    localStorage.removeItem(key);
  } catch {
    return;
  }
  if (!Array.isArray(saved) || saved.length === 0) return;
  const now = cart.get();
  cart.set([...now, ...(saved as CartItem[]).filter((line) => !now.some((i) => i.id === line.id))]);
}

export function clearCart(): void {
  cart.set([]);
}

export function cartTotal(list: CartItem[]): number {
  return list.reduce((sum, i) => sum + i.price * i.quantity, 0);
}

export const useCart = (): CartItem[] => cart.use();
