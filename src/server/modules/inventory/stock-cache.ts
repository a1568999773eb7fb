import type { AppContext } from "../../context";
import { stockVersion } from "./stock-version";

/**
 * How long an instance may show a catalogue read: every shop visit reads it, and a database trip per
 * visit costs most of the request. Changes made through this instance drop the copy at once (the stock
 * version); another instance's changes show within this time. Ordering always checks live stock.
 */
export const CATALOGUE_TTL_MS = 1000;
/** Searches kept per database: the popular ones (first page, a breed) stay, a long tail is dropped. */
const MAX_ENTRIES = 200;

interface Entry {
  version: number;
  readAt: number;
  value: Promise<unknown>;
}
const caches = new WeakMap<AppContext["database"], Map<string, Entry>>();

/**
 * A read of what clients see, shared by the requests of the next second under the same key and dropped
 * when this instance changes stock or prices. A failed read is not kept.
 */
export function readThroughStock<T>(ctx: AppContext, key: string, read: () => Promise<T>): Promise<T> {
  const cache = caches.get(ctx.database) ?? new Map<string, Entry>();
  caches.set(ctx.database, cache);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.version === stockVersion() && now - hit.readAt < CATALOGUE_TTL_MS)
    return hit.value as Promise<T>;
  // The version is taken before the read: a change committed meanwhile makes the next request read again.
  const entry: Entry = { version: stockVersion(), readAt: now, value: read() };
  cache.delete(key);
  cache.set(key, entry);
  // Oldest first in a Map: past the bound, the search fetched longest ago goes.
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  entry.value.catch(() => cache.get(key) === entry && cache.delete(key));
  return entry.value as Promise<T>;
}
