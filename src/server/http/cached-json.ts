import type { FastifyReply } from "fastify";
import type { ZodType } from "zod";

const written = new WeakMap<object, string>();

/**
 * Sends an answer the stock cache shares between requests as JSON written once per cached value: checked
 * against its response schema and serialised the first time, then sent as that string (Fastify does not
 * serialise a string again), not checked and written again on every request (decision 19).
 */
export function sendCachedJson(reply: FastifyReply, value: object, schema: ZodType): FastifyReply {
  let json = written.get(value);
  if (json === undefined) {
    json = JSON.stringify(schema.parse(value));
    written.set(value, json);
  }
  return reply.type("application/json; charset=utf-8").send(json);
}
