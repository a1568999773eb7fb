import { z } from "zod";

export const errorCodes = [
  "VALIDATION_ERROR",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "UNPROCESSABLE",
  "RATE_LIMITED",
  "INTERNAL",
  "UNAVAILABLE",
  "DATABASE_UNAVAILABLE",
  /** Rejecting or cancelling an order that holds money needs `refund`: now, or "later". */
  "REFUND_DECISION_REQUIRED",
  /** An LN2 level higher than the last with no refill since: send it again with its `refill`. */
  "REFILL_UNRECORDED",
  /** A cane or goblet already holds another item: send it again with `allowMixing: true` to share it. */
  "MIXED_POSITION",
  /** A mobile's code was right, but the number has no account yet: the farmer gives their name to sign up. */
  "SIGNUP_NEEDED",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Every non-2xx answer of the API has this body. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
