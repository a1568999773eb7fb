import { useSyncExternalStore } from "react";
import type { ShopProduct } from "../../../contract/client";
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

function write(next: CartItem[]) {
  items = next;
  try {
    localStorage.setItem(storageKeys.cart, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the cart still works for this visit.
  }
  for (const l of listeners) l();
}

// Another tab changed the cart.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (e) => {
    if (e.key === storageKeys.cart) {
      items = read();
      for (const l of listeners) l();
    }
  });
}

/** Adding a product already in the cart raises its quantity by 1, never past its stock. */
export function addToCart(product: ShopProduct): void {
  const existing = items.find((i) => i.id === product.id);
  if (existing) {
    setQuantity(product.id, existing.quantity + 1);
    return;
  }
  if (product.inStock <= 0) return;
  write([...items, { ...product, quantity: 1 }]);
}

/** A quantity of 0 or below removes the item; above the stock it is capped. */
export function setQuantity(productId: number, quantity: number): void {
  if (quantity <= 0) {
    write(items.filter((i) => i.id !== productId));
    return;
  }
  write(
    items.map((i) =>
      i.id === productId ? { ...i, quantity: Math.min(quantity, Math.max(i.inStock, 1)) } : i,
    ),
  );
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
