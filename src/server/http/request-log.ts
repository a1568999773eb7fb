import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { type DatabaseTime, databaseTime } from "../db/adapter";

/** A request slower than this is logged at info; the rest at debug (LOG_LEVEL=debug shows them all). */
export const SLOW_REQUEST_MS = 500;

declare module "fastify" {
  interface FastifyRequest {
    databaseTime: DatabaseTime | null;
  }
}

/** A request id a proxy sent, if it is a sane one; otherwise a new one, unique across instances. */
export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID();
}

/**
 * One log line per request, after the answer: at info two lines a request cost a measurable share of the
 * request path and filled 105 MB in 40 s of load. Errors are logged by the error handler. Each line carries
 * the request id (`reqId`), which the answer repeats in `X-Request-Id`; a slow one says where its time went.
 */
export function registerRequestLog(
  app: FastifyInstance,
  observe: (method: string, route: string, status: number, seconds: number) => void,
): void {
  app.decorateRequest("databaseTime", null);
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    // While draining for a shutdown, no connection is kept for another request.
    if (app.draining) reply.header("connection", "close");
    request.databaseTime = { ms: 0 };
    databaseTime.run(request.databaseTime, done);
  });
  // Hooks here and in the other controls every request passes take a callback rather than being async: an
  // async hook is a promise per request, and with the request's AsyncLocalStorage each one costs more (decision 37).
  app.addHook("onResponse", (request, reply, done) => {
    const ms = reply.elapsedTime;
    // Read once: each read of routeOptions builds a new object.
    const route = request.routeOptions.url;
    observe(request.method, route ?? "unmatched", reply.statusCode, ms / 1000);
    const line = {
      method: request.method,
      url: request.url,
      route,
      status: reply.statusCode,
      ms: Math.round(ms),
    };
    if (ms > SLOW_REQUEST_MS) {
      const databaseMs = Math.round(request.databaseTime?.ms ?? 0);
      request.log.info({ ...line, databaseMs }, "slow request");
    } else request.log.debug(line, "request");
    done();
  });
}
