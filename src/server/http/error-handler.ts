import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ApiError, ErrorCode } from "../../contract/errors";
import { isDatabaseUnavailable } from "../db/adapter";
import { AppError } from "../errors";
import { fromDatabaseError } from "./database-errors";
import { keepConnectionForTooLarge } from "./json-body";

function body(code: ErrorCode, message: string, fields?: Record<string, string>): ApiError {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** A database restart or failover takes a few seconds; the app reconnects by itself meanwhile. */
const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE =
  "The service is briefly unavailable. Please try again in a few seconds.";

/** Turns every failure into the API's one error shape with the right status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
        fields[path] ??= issue.message ?? "Invalid value";
      }
      const first = Object.entries(fields)[0];
      const message = first ? `${first[0]}: ${first[1]}` : "Invalid request";
      return reply.status(400).send(body("VALIDATION_ERROR", message, fields));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .send(body("DATABASE_UNAVAILABLE", DATABASE_UNAVAILABLE_MESSAGE));
    }
    const fromDatabase = fromDatabaseError(error);
    if (fromDatabase) {
      request.log.warn({ err: error }, "database refused a change");
      return reply
        .status(fromDatabase.statusCode)
        .send(body(fromDatabase.code, fromDatabase.message, fromDatabase.fields));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) keepConnectionForTooLarge(request, reply);
    if (status >= 400 && status < 500) {
      const code: ErrorCode =
        status === 401
          ? "UNAUTHORIZED"
          : status === 403
            ? "FORBIDDEN"
            : status === 404
              ? "NOT_FOUND"
              : "VALIDATION_ERROR";
      return reply.status(status).send(body(code, error.message));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(body("INTERNAL", "Something went wrong on our side. Please try again."));
  });
}
