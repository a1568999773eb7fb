import { z } from "zod";
import { paginationQuery, sortQuery } from "./pagination";
import { text } from "./primitives";

/** The most characters one USSD screen may carry, "CON " or "END " included (Africa's Talking). */
export const USSD_SCREEN_MAX = 182;

/** How long a USSD session lives from its first screen (the networks end theirs near here). */
export const USSD_SESSION_SECONDS = 180;

/** POST /api/ussd: Africa's Talking's USSD callback, form fields; `text` is every input so far joined by `*`. */
export const ussdCallbackSchema = z.object({
  sessionId: text().min(1, "sessionId is required").max(200),
  serviceCode: text().max(40).default(""),
  phoneNumber: text().min(1, "phoneNumber is required").max(40),
  networkCode: text().max(20).optional(),
  text: text().max(1000).default(""),
});
export type UssdCallback = z.output<typeof ussdCallbackSchema>;

/** GET /api/ussd/summary: the channel on the staff dashboard. */
export const ussdSummarySchema = z.object({
  sessionsToday: z.number().int(),
  sessions7Days: z.number().int(),
  ordersToday: z.number().int(),
  openCallbacks: z.number().int(),
});
export type UssdSummary = z.infer<typeof ussdSummarySchema>;

/** A farmer who asked to be called back. */
export const callbackRequestSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  phone: z.string(),
  customerId: z.number().int().nullable(),
  channel: z.string(),
  createdAt: z.string(),
  calledAt: z.string().nullable(),
});
export type CallbackRequest = z.infer<typeof callbackRequestSchema>;

export const callbackRequestSorts = ["createdAt"] as const;
/** GET /api/callback-requests: open ones (not yet called) by default, oldest first. */
export const callbackRequestQuery = paginationQuery.extend({
  ...sortQuery(callbackRequestSorts, "createdAt", "asc"),
  view: z.enum(["open", "called"]).default("open"),
});
export type CallbackRequestQuery = z.infer<typeof callbackRequestQuery>;
