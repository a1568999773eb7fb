import fastifyRateLimit from "@fastify/rate-limit";
import { lt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { rateLimits } from "../db/schema";
import { AppError } from "../errors";
import { sessionCookieName } from "../modules/auth/sessions";

/** One address (a cooperative office with several farmers signed in) may place this many times a session's orders. */
export const ADDRESS_ORDERS_PER_SESSION_ORDERS = 3;

type Incr = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store on the app's database, so every instance counts against the same limits.
 * Hits on one key that arrive while that key's upsert is on its way are added by the next upsert together
 * (n at once) and numbered from the total it answers, so each request still gets its own exact count; one
 * busy address (a carrier's shared IP, a cooperative office) costs one statement per round trip instead of
 * one per request queuing on the same row. A window that has ended starts again at the batch's hits.
 */
function databaseStore(ctx: AppContext, prefix = "") {
  const waiting = new Map<string, { callers: Incr[]; timeWindow: number }>();
  const sending = new Set<string>();

  const add = (key: string, hits: number, timeWindow: number) => {
    const now = ctx.clock.now();
    const ends = new Date(now.getTime() + timeWindow);
    const expired = sql`${rateLimits.windowEndsAt} <= ${now}`;
    // One statement, atomic on its own: no BEGIN and COMMIT round trips around it.
    return ctx.database
      .read((db) =>
        db
          .insert(rateLimits)
          .values({ key, hits, windowEndsAt: ends })
          .onConflictDoUpdate({
            target: rateLimits.key,
            set: {
              hits: sql`case when ${expired} then ${hits} else ${rateLimits.hits} + ${hits} end`,
              windowEndsAt: sql`case when ${expired} then ${ends}::timestamptz else ${rateLimits.windowEndsAt} end`,
            },
          })
          .returning(),
      )
      .then(([row]) => ({ total: row!.hits, ttl: Math.max(0, row!.windowEndsAt.getTime() - now.getTime()) }));
  };

  const send = (key: string) => {
    const batch = waiting.get(key);
    if (!batch) return;
    waiting.delete(key);
    sending.add(key);
    const n = batch.callers.length;
    add(key, n, batch.timeWindow)
      .then(
        ({ total, ttl }) => {
          for (const [i, done] of batch.callers.entries()) done(null, { current: total - n + i + 1, ttl });
        },
        (error: Error) => {
          for (const done of batch.callers) done(error);
        },
      )
      .finally(() => {
        sending.delete(key);
        send(key);
      });
  };

  return class DatabaseRateLimitStore {
    incr(key: string, done: Incr, timeWindow: number): void {
      const full = `${prefix}${key}`;
      const batch = waiting.get(full) ?? { callers: [], timeWindow };
      batch.callers.push(done);
      waiting.set(full, batch);
      if (!sending.has(full)) send(full);
    }
    child(route: { path: string }) {
      return new (databaseStore(ctx, `${route.path}:`))();
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
    store: databaseStore(ctx),
    skipOnError: true,
    // The load balancer's probe is never turned away (a 429 would take a healthy instance out) and costs
    // no database write; a deep check, which does reach the database, still counts.
    allowList: (request) =>
      request.url === "/api/health" ||
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
