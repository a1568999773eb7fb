import { z } from "zod";
import { languages } from "./languages";
import { paginationQuery, sortQuery } from "./pagination";
import { sixDigitCode } from "./primitives";

export { marketingWording } from "./marketing-wording";

/** PUT /api/client/consents/marketing */
export const marketingConsentSchema = z.object({
  granted: z.boolean({ error: "Say yes or no" }),
  /** The language the words were shown in; the account's when not said. */
  language: z.enum(languages).optional(),
});
export type MarketingConsentInput = z.input<typeof marketingConsentSchema>;

export const consentSchema = z.object({
  kind: z.string(),
  granted: z.boolean(),
  wording: z.string(),
  language: z.enum(languages),
  at: z.string(),
});
export type Consent = z.infer<typeof consentSchema>;

/** GET /api/client/consents: whether marketing is on now, and every choice made, newest first. */
export const consentsSchema = z.object({
  marketing: z.boolean(),
  history: z.array(consentSchema),
});
export type Consents = z.infer<typeof consentsSchema>;

/**
 * DELETE /api/client/account: confirmed with the password, or, by a farmer who signs in by phone and has none,
 * with the `code` POST /api/client/account/deletion-code texted to their verified mobile.
 */
export const deleteAccountSchema = z
  .object({ password: z.string().max(200).optional(), code: sixDigitCode().optional() })
  .refine((v) => v.code !== undefined || (v.password ?? "") !== "", {
    message: "Password is required",
    path: ["password"],
  });
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;

export const dataRequestKinds = ["export", "deletion"] as const;
export type DataRequestKind = (typeof dataRequestKinds)[number];
export const dataRequestKindLabels: Record<DataRequestKind, string> = {
  export: "Download of their data",
  deletion: "Account deletion",
};

/** GET /api/data-requests (Directors): newest first. */
export const dataRequestQuery = paginationQuery.extend({
  ...sortQuery(["requestedAt"], "requestedAt", "desc"),
  kind: z.enum(dataRequestKinds).optional(),
});
export type DataRequestQuery = z.input<typeof dataRequestQuery>;

export const dataRequestSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** The account's email now: an anonymised one after a deletion. */
  email: z.string().nullable(),
  kind: z.enum(dataRequestKinds),
  requestedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;
