import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError, forbidden, validationError } from "../../errors";
import { sameSecret } from "../../http/secrets";

/** The query an Africa's Talking callback URL carries: the secret that authenticates it. */
export const callbackQuery = z.object({ secret: z.string().max(200).optional() });

/**
 * An Africa's Talking callback's form fields (delivery reports, incoming SMS), read through `schema` once its
 * secret is checked: 404 while no secret is set, 403 for a wrong one (compared in constant time), 400 naming
 * the first field that is not as the provider sends it.
 */
export function callbackFields<S extends z.ZodType>(
  request: FastifyRequest<{ Querystring: z.infer<typeof callbackQuery> }>,
  expected: string | undefined,
  schema: S,
  words: { notSetUp: string; wrongSecret: string; notOne: string },
): z.output<S> {
  if (!expected) throw new AppError("NOT_FOUND", words.notSetUp);
  if (!sameSecret(request.query.secret ?? "", expected)) throw forbidden(words.wrongSecret);
  const raw = request.body;
  const fields = typeof raw === "string" ? Object.fromEntries(new URLSearchParams(raw)) : (raw ?? {});
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    throw validationError(words.notOne, { [String(first.path[0] ?? "body")]: first.message });
  }
  return parsed.data;
}
