import { useSyncExternalStore } from "react";
import { onSignedOut } from "./session";

/**
 * A value kept on the device under one storage key (the cart, the compare shortlist): every tab sees a
 * change another makes, and signing out empties the copy this tab holds (sign-out has already removed the
 * stored one). When storage is blocked or full, the value still lives for this visit.
 */
export function deviceStore<T>(key: string, parse: (stored: unknown) => T, empty: T) {
  const read = (): T => {
    try {
      return parse(JSON.parse(localStorage.getItem(key) ?? "null"));
    } catch {
      return empty;
    }
  };
  let value = read();
  const listeners = new Set<() => void>();
  const show = (next: T) => {
    value = next;
    for (const l of listeners) l();
  };
  onSignedOut(() => show(empty));
  if (typeof window !== "undefined") {
    window.addEventListener("storage", (e) => {
      if (e.key === key) show(read());
    });
  }
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  };
  return {
    get: () => value,
    set(next: T) {
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or blocked: the value still works for this visit.
      }
      show(next);
    },
    // A page the server drew shows the empty value (the server cannot see this device) until it is
    // taken over, and then this device's own.
    use: (): T =>
      useSyncExternalStore(
        subscribe,
        () => value,
        () => empty,
      ),
  };
}
