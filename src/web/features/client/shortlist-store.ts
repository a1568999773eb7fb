import { useSyncExternalStore } from "react";
import { MAX_COMPARE } from "../../../contract/catalogue-limits";
import { onSignedOut } from "../../lib/session";
import { storageKeys } from "../../lib/storage-keys";

/** The products a farmer picked to compare: ids only, kept on the device with the cart. */
let ids: number[] = read();
const listeners = new Set<() => void>();

function read(): number[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKeys.shortlist) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((x) => Number.isInteger(x)).slice(0, MAX_COMPARE) : [];
  } catch {
    return [];
  }
}

function show(next: number[]) {
  ids = next;
  for (const l of listeners) l();
}

function write(next: number[]) {
  try {
    localStorage.setItem(storageKeys.shortlist, JSON.stringify(next));
  } catch {
    // Storage blocked: the shortlist still works for this visit.
  }
  show(next);
}

onSignedOut(() => show([]));
if (typeof window !== "undefined") {
  window.addEventListener("storage", (e) => {
    if (e.key === storageKeys.shortlist) show(read());
  });
}

/** Adds or removes a product; answers false when the shortlist is already full. */
export function toggleShortlist(id: number): boolean {
  if (ids.includes(id)) {
    write(ids.filter((x) => x !== id));
    return true;
  }
  if (ids.length >= MAX_COMPARE) return false;
  write([...ids, id]);
  return true;
}

export const clearShortlist = () => write([]);

export function useShortlist(): number[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => ids,
    () => ids,
  );
}
