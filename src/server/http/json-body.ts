import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { validationError } from "../errors";

/** Deeper than any of our bodies needs (an order is four levels), shallow enough for every recursion after. */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`;

/** Whether `text` opens more than `limit` arrays and objects inside one another (strings skipped). */
export function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string, and each escaped character in it.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c) i++;
        else if (s === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * A body past the limit is still read to its end (and thrown away) when it says it is no larger than this,
 * so the client, still sending, reads our 413 instead of finding the connection cut under it.
 */
const DRAIN_UP_TO_BYTES = 32 * 1024 * 1024;

/**
 * JSON bodies: nesting deeper than MAX_JSON_DEPTH is a 400 before JSON.parse (whose recursion a body of
 * thousands of brackets overflows into a 500), then Fastify's own parser, which refuses `__proto__` and
 * `constructor` keys.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (nestedDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(validationError(TOO_DEEP_MESSAGE, { body: TOO_DEEP_MESSAGE }), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}

/**
 * For a 413: Fastify closes the connection after any body it could not read, and Node then resets it under a
 * client still uploading, which may lose our answer. A body of a sane declared size is read to its end
 * instead (Node discards what nobody reads) and the connection stays open.
 */
export function keepConnectionForTooLarge(request: FastifyRequest, reply: FastifyReply): void {
  const declared = Number(request.headers["content-length"]);
  if (Number.isNaN(declared) || declared <= DRAIN_UP_TO_BYTES) reply.removeHeader("connection");
}
