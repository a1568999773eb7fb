import type { ErrorCode } from "../contract/errors";

const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
  REFUND_DECISION_REQUIRED: 409,
  REFILL_UNRECORDED: 409,
  MIXED_POSITION: 409,
  SIGNUP_NEEDED: 404,
};

/** An error the API reports to the caller as `{ error: { code, message, fields? } }`. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = statusByCode[code];
  }
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
export const conflict = (message: string) => new AppError("CONFLICT", message);
export const forbidden = (message: string) => new AppError("FORBIDDEN", message);
export const validationError = (message: string, fields?: Record<string, string>) =>
  new AppError("VALIDATION_ERROR", message, fields);
export const unprocessable = (message: string, fields?: Record<string, string>) =>
  new AppError("UNPROCESSABLE", message, fields);
