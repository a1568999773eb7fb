import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";

/**
 * The catalogue reads a phone makes on every visit. They change only when stock or prices do, so they carry
 * an ETag and `private, no-cache`: the browser (and the service worker's fetch through it) keeps a copy and
 * asks "still this?", and an unchanged catalogue costs a 304 instead of its body. Everything else under
 * /api stays `no-store` (security-headers.ts).
 */
export const revalidatedReads = new Set([
  "/api/shop/products",
  "/api/client/products",
  "/api/client/catalog",
  "/api/payment-details",
]);

/** The last answers' tags: a cached answer is the same string each time, so it is hashed once. */
const recentTags = new Map<string, string>();
function etagOf(payload: string): string {
  let etag = recentTags.get(payload);
  if (etag === undefined) {
    etag = `W/"${createHash("sha1").update(payload).digest("base64url")}"`;
    recentTags.set(payload, etag);
    if (recentTags.size > 16) recentTags.delete(recentTags.keys().next().value!);
  }
  return etag;
}

/** Registered before compression, so the hash is of the JSON itself, not of one encoding of it. */
export function registerCatalogueETags(app: FastifyInstance): void {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.method !== "GET" || reply.statusCode !== 200 || typeof payload !== "string")
      return done(null, payload);
    if (!revalidatedReads.has(request.url.split("?")[0]!)) return done(null, payload);
    const etag = etagOf(payload);
    reply.header("etag", etag);
    reply.header("cache-control", "private, no-cache");
    if (request.headers["if-none-match"] !== etag) return done(null, payload);
    reply.code(304);
    done(null, "");
  });
}
