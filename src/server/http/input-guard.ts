import type { FastifyInstance } from "fastify";
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE } from "../../contract/primitives";
import { validationError } from "../errors";

/** The first path (e.g. "items.0.notes") whose key or string value holds a control character. */
function firstControlCharacter(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return CONTROL_CHARACTERS.test(value) ? path.join(".") || "value" : null;
  if (value === null || typeof value !== "object") return null;
  for (const [key, inner] of Object.entries(value)) {
    if (CONTROL_CHARACTERS.test(key)) return [...path, "(key)"].join(".");
    const found = firstControlCharacter(inner, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * Every route, whatever its schema: a control character anywhere in the path, query or body is a 400.
 * The contract's `text()` says the same per field; this is the backstop for fields that are not text.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = firstControlCharacter(part);
      if (field)
        return done(
          validationError(`${field}: ${CONTROL_CHARACTERS_MESSAGE}`, { [field]: CONTROL_CHARACTERS_MESSAGE }),
        );
    }
    done();
  });
}
