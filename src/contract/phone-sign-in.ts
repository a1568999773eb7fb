import { z } from "zod";
import { counties, farmTypes } from "./farm-profile";
import { languages } from "./languages";
import { kenyanMobile, requiredText, sixDigitCode } from "./primitives";

const mobile = () => kenyanMobile(requiredText("Phone").max(40));

/**
 * POST /api/auth/phone/start: texts a 6-digit code to a Kenyan mobile. 202 whether or not the number has an
 * account; `language` is the one the visitor reads, for a number we do not know yet.
 */
export const phoneStartSchema = z.object({ phone: mobile(), language: z.enum(languages).optional() });
export type PhoneStart = z.input<typeof phoneStartSchema>;

/** What a first sign-in by mobile creates the account with: the farmer's name, county and farm type. */
export const phoneSignupSchema = z.object({
  firstName: requiredText("First name").max(100),
  lastName: requiredText("Last name").max(100),
  county: z.enum(counties, { error: "Choose a county" }),
  farmType: z.enum(farmTypes, { error: "Choose a farm type" }),
});
export type PhoneSignup = z.infer<typeof phoneSignupSchema>;

/**
 * POST /api/auth/phone/verify: the code proves the mobile and starts a client session. A number with no
 * account needs `signup` (else 404 SIGNUP_NEEDED, the code kept for the second try).
 */
export const phoneVerifySchema = z.object({
  phone: mobile(),
  code: sixDigitCode(),
  signup: phoneSignupSchema.optional(),
  /** Marketing messages: off unless the farmer ticks the box, as at the email signup. */
  marketingConsent: z.boolean().default(false),
  language: z.enum(languages).default("en"),
});
export type PhoneVerify = z.input<typeof phoneVerifySchema>;

/** The phone sign-in's first step on screen. */
export const phoneFormSchema = z.object({ phone: mobile() });
