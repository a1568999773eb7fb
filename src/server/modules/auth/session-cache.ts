import type { Database } from "../../db/adapter";
import type { SessionUserRow } from "./sessions";

/**
 * Sessions this instance resolved in the last few seconds, so a busy client's requests do not each look
 * their session up. Sign-outs, password and language changes and customer merges made here forget them at
 * once; made on another instance, they show here within SESSION_CACHE_MS. Only found sessions are kept.
 * The cache belongs to the database handle: app instances sharing one handle (one PGlite) share it.
 */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Resolved {
  user: SessionUserRow;
  sessionId: number;
}

class SessionCache {
  private readonly entries = new Map<string, { found: Resolved; at: number }>();

  async resolve(token: string, now: Date, load: () => Promise<Resolved | null>): Promise<Resolved | null> {
    const hit = this.entries.get(token);
    const at = now.getTime();
    // A clock moved back (tests) or forward past the age limit both mean: ask the database again.
    if (hit && at >= hit.at && at - hit.at < SESSION_CACHE_MS) return hit.found;
    this.entries.delete(token);
    const found = await load();
    if (found) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(token, { found, at });
    }
    return found;
  }

  forget(token?: string): void {
    if (token === undefined) this.entries.clear();
    else this.entries.delete(token);
  }
}

const caches = new WeakMap<Database, SessionCache>();

export function sessionCacheOf(database: Database): SessionCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = new SessionCache();
    caches.set(database, cache);
  }
  return cache;
}
