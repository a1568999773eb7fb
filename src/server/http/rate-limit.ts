import fastifyRateLimit from "@fastify/rate-limit";
import { lt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { prepared } from "../db/adapter";
import { rateLimits } from "../db/schema";
import { AppError } from "../errors";
import { sessionCookieName } from "../modules/auth/sessions";

/** One address (a cooperative office with several farmers signed in) may place this many times a session's orders. */
export const ADDRESS_ORDERS_PER_SESSION_ORDERS = 3;

type Incr = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * At most this share of a limit is claimed ahead at once: 30 hits of the API's 600 a minute, none of the
 * order limits' 10 or 30. It bounds how many hits a client can lose when its requests move to another
 * instance (the hits claimed ahead there go unused), never how many it gets.
 */
const AHEAD_SHARE = 20;
/** Leases are remembered for this many keys before the ended ones are forgotten. */
const LEASES_KEPT = 10_000;

/** Hits already counted in the database for this instance to hand out: numbers `next`..`last`, until `endsAt`. */
interface Lease {
  next: number;
  last: number;
  endsAt: number;
  /** How many the last claim took, so a busy key claims more next time. */
  claimed: number;
}

/** Adds hits to a key's count, or starts its window again with them once the last one has ended. */
const countHits = prepared<
  { key: string; hits: number; now: string; ends: string },
  { total: number; endsAt: number }
>(
  "count_hits",
  (p) => sql`insert into ${rateLimits} as r (key, hits, window_ends_at)
    values (${p.key}::text, ${p.hits}::int, ${p.ends}::timestamptz)
    on conflict (key) do update set
      hits = case when r.window_ends_at <= ${p.now}::timestamptz then excluded.hits else r.hits + excluded.hits end,
      window_ends_at = case when r.window_ends_at <= ${p.now}::timestamptz then excluded.window_ends_at
                            else r.window_ends_at end
    returning hits as total, floor(extract(epoch from window_ends_at) * 1000)::float8 as "endsAt"`,
);

/**
 * @fastify/rate-limit's store on the app's database, so every instance counts against the same limits.
 * Every hit is counted in the database before it is answered, so no two instances can hand out more than the
 * limit between them. Hits on one key that arrive while that key's upsert is on its way are added by the next
 * upsert together (n at once) and numbered from the total it answers. A key that keeps coming back also
 * claims hits ahead (doubling, up to a twentieth of the limit, only while the key is under half of it), which
 * this instance then numbers without a statement: a farmer browsing the shop costs a write every few dozen
 * requests instead of one per request. Near the limit every hit is counted as it comes, so the 429 falls on
 * exactly the hit past the limit. A window that has ended starts again at the claim. Only the API's global
 * ceiling claims ahead: a route's own limits (order placement) count each hit as it comes.
 */
function databaseStore(ctx: AppContext, claimsAhead: boolean, prefix = "") {
  const waiting = new Map<string, { callers: Incr[]; timeWindow: number; max: number }>();
  const sending = new Set<string>();
  const leases = new Map<string, Lease>();

  const add = (key: string, hits: number, timeWindow: number) => {
    const now = ctx.clock.now();
    const ends = new Date(now.getTime() + timeWindow).toISOString();
    // One statement, atomic on its own: no BEGIN and COMMIT round trips around it.
    return ctx.database
      .statement((db) => countHits(db, { key, hits, now: now.toISOString(), ends }))
      .then(([row]) => row!);
  };

  /** How many hits to claim beyond the `n` waiting: none unless the key is known, busy and well under its limit. */
  const ahead = (lease: Lease | undefined, n: number, max: number) => {
    if (!claimsAhead || !lease || lease.endsAt <= ctx.clock.now().getTime()) return 0;
    const extra = Math.min(Math.floor(max / AHEAD_SHARE), lease.claimed * 2);
    return lease.last + n + extra <= max / 2 ? extra : 0;
  };

  const forgetEnded = () => {
    if (leases.size <= LEASES_KEPT) return;
    const now = ctx.clock.now().getTime();
    for (const [key, lease] of leases) if (lease.endsAt <= now) leases.delete(key);
  };

  const send = (key: string) => {
    const batch = waiting.get(key);
    if (!batch) return;
    waiting.delete(key);
    sending.add(key);
    const n = batch.callers.length;
    const claim = n + ahead(leases.get(key), n, batch.max);
    add(key, claim, batch.timeWindow)
      .then(
        ({ total, endsAt }) => {
          const ttl = Math.max(0, endsAt - ctx.clock.now().getTime());
          const first = total - claim + 1;
          leases.set(key, { next: first + n, last: total, endsAt, claimed: claim });
          for (const [i, done] of batch.callers.entries()) done(null, { current: first + i, ttl });
        },
        (error: Error) => {
          for (const done of batch.callers) done(error);
        },
      )
      .finally(() => {
        sending.delete(key);
        forgetEnded();
        send(key);
      });
  };

  return class DatabaseRateLimitStore {
    incr(key: string, done: Incr, timeWindow: number, max: number): void {
      const full = `${prefix}${key}`;
      const lease = leases.get(full);
      const now = ctx.clock.now().getTime();
      if (lease && lease.next <= lease.last && now < lease.endsAt) {
        done(null, { current: lease.next++, ttl: lease.endsAt - now });
        return;
      }
      const batch = waiting.get(full) ?? { callers: [], timeWindow, max };
      batch.callers.push(done);
      waiting.set(full, batch);
      if (!sending.has(full)) send(full);
    }
    child(route: { path: string }) {
      return new (databaseStore(ctx, false, `${route.path}:`))();
    }
  };
}

/** Forgets windows that ended a while ago (run by the background jobs). */
export async function sweepRateLimits(ctx: AppContext): Promise<void> {
  const before = new Date(ctx.clock.now().getTime() - 60 * 60 * 1000);
  await ctx.database.tx((db) => db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, before)));
}

/**
 * A global ceiling per address on the API (and the M-Pesa simulator), and tighter limits that routes
 * ask for (order placement). Exceeding answers 429 with Retry-After in the API's error shape.
 */
export async function registerRateLimits(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: true,
    // 600 by default: a cooperative office's shared line stays well under it.
    max: ctx.config.rateLimitPerMinute,
    timeWindow: 60_000,
    store: databaseStore(ctx, true),
    skipOnError: true,
    // The load balancer's probes are left out when their routes are registered (probeCeiling).
    allowList: (request) =>
      // Africa's Talking posts every farmer's USSD step from a few gateway addresses, so a per-address
      // ceiling would turn farmers away at ten steps a second; the secret in its URL authenticates it.
      request.url.startsWith("/api/ussd?") ||
      (!request.url.startsWith("/api/") && !request.url.startsWith("/mpesa-sim")),
    errorResponseBuilder: (_request, context) => tooMany(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}

const tooMany = (seconds: number) =>
  new AppError(
    "RATE_LIMITED",
    `Too many requests. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`,
    undefined,
    { "retry-after": String(seconds) },
  );

/**
 * The rate-limit hook of a load balancer's probe at `path`, whose route sets `rateLimit: false`. The bare probe
 * is never turned away (a 429 would take a healthy instance out) and costs nothing: its route is left out of
 * the ceiling when registered, so no rate-limit hook runs for it. The same path with a query (a deep check,
 * which reaches the database) counts against the API's ceiling like any other request.
 */
export function probeCeiling(app: FastifyInstance, path: string) {
  const ceiling = app.createRateLimit();
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    if (request.url === path) return done();
    ceiling(request).then(
      (verdict) => done(!verdict.isAllowed && verdict.isExceeded ? tooMany(verdict.ttlInSeconds) : undefined),
      (error: Error) => done(error),
    );
  };
}

/** Route options limiting order placement per session (route config) and per address (its own hook). */
export function orderPlacementLimits(app: FastifyInstance, ctx: AppContext) {
  const cookie = sessionCookieName(ctx.config.secureCookies);
  const byAddress = app.createRateLimit({
    max: ctx.config.ordersPerMinute * ADDRESS_ORDERS_PER_SESSION_ORDERS,
    timeWindow: 60_000,
    keyGenerator: (request) => `orders-from:${request.ip}`,
  });
  return {
    rateLimit: {
      max: ctx.config.ordersPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `orders-by:${request.cookies[cookie] ?? request.ip}`,
    },
    onRequest: async (request: FastifyRequest) => {
      const verdict = await byAddress(request);
      if (!verdict.isAllowed && verdict.isExceeded) throw tooMany(verdict.ttlInSeconds);
    },
  };
}
