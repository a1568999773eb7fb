import type { FastifyInstance } from "fastify";

/** A request slower than this is logged at info; the rest at debug (LOG_LEVEL=debug shows them all). */
export const SLOW_REQUEST_MS = 500;

/**
 * One log line per request, after the answer: at info two lines a request cost a measurable share of the
 * request path and filled 105 MB in 40 s of load. Errors are logged by the error handler.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook("onResponse", async (request, reply) => {
    const ms = reply.elapsedTime;
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(ms) };
    if (ms > SLOW_REQUEST_MS) request.log.info(line, "slow request");
    else request.log.debug(line, "request");
  });
}
