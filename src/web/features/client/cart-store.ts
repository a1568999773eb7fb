import { useSyncExternalStore } from "react";
import type { ShopProduct } from "../../../contract/client";
import { onSignedOut } from "../../lib/session";
import { storageKeys } from "../../lib/storage-keys";

export type CartItem = ShopProduct & { quantity: number };

let items: CartItem[] = read();
const listeners = new Set<() => void>();

function read(): CartItem[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKeys.cart) ?? "[]");
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

function show(next: CartItem[]) {
  items = next;
  for (const l of listeners) l();
}

function write(next: CartItem[]) {
  try {
    localStorage.setItem(storageKeys.cart, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the cart still works for this visit.
  }
  show(next);
}

// Signing out has already removed the stored cart; the copy this tab holds in memory goes too.
onSignedOut(() => show([]));

// Another tab changed the cart.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (e) => {
    if (e.key === storageKeys.cart) show(read());
  });
}

/** What adding did: a new line, one more of a line, or nothing because the cart already holds all the stock. */
export type AddOutcome = "added" | "raised" | "at-stock" | "out-of-stock";

/** Adding a product already in the cart raises its quantity by 1, never past its stock. */
export function addToCart(product: ShopProduct): AddOutcome {
  if (product.inStock <= 0) return "out-of-stock";
  const existing = items.find((i) => i.id === product.id);
  if (!existing) {
    write([...items, { ...product, quantity: 1 }]);
    return "added";
  }
  const stock = Math.max(product.inStock, 1);
  if (existing.quantity >= stock) return "at-stock";
  // The shop's latest stock figure replaces the one saved with the line.
  write(items.map((i) => (i.id === product.id ? { ...product, quantity: i.quantity + 1 } : i)));
  return "raised";
}

/**
 * A quantity of 0 or below removes the item; above the stock it is capped. Answers the quantity the line
 * now has (0 when removed), so a screen can say when it differs from what was asked.
 */
export function setQuantity(productId: number, quantity: number): number {
  if (quantity <= 0) {
    write(items.filter((i) => i.id !== productId));
    return 0;
  }
  let applied = 0;
  write(
    items.map((i) => {
      if (i.id !== productId) return i;
      applied = Math.min(quantity, Math.max(i.inStock, 1));
      return { ...i, quantity: applied };
    }),
  );
  return applied;
}

export function clearCart(): void {
  write([]);
}

export function cartTotal(list: CartItem[]): number {
  return list.reduce((sum, i) => sum + i.price * i.quantity, 0);
}

export function useCart(): CartItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
  );
}
