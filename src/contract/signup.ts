import { z } from "zod";
import { MIN_PASSWORD_LENGTH, passwordTooShort } from "./account-rules";
import { counties, experienceLevels, farmTypes, herdSizes, interests } from "./farm-profile";
import { languages } from "./languages";
import { emailAddress, kenyanMobile, optionalEmailAddress, requiredText } from "./primitives";

export * from "./farm-profile";

/** Who a farmer is and what they farm: asked at signup, corrected later on their account. */
export const farmerProfileFields = {
  firstName: requiredText("First name").max(100),
  lastName: requiredText("Last name").max(100),
  email: emailAddress(),
  farmName: requiredText("Farm name").max(200),
  farmType: z.enum(farmTypes, { error: "Choose a farm type" }),
  location: requiredText("Location").max(200),
  county: z.enum(counties, { error: "Choose a county" }),
  herdSize: z.enum(herdSizes, { error: "Choose a herd size" }),
  experience: z.enum(experienceLevels, { error: "Choose your experience" }),
};

/**
 * GET and PUT /api/client/profile: the farmer's profile, every field of it (DPA 2019, s.40: correction). The
 * email may be blank ("") for a farmer who signs in with a verified mobile.
 */
export const clientProfileSchema = z.object({ ...farmerProfileFields, email: optionalEmailAddress() });
export type ClientProfile = z.infer<typeof clientProfileSchema>;

export const signupSchema = z
  .object({
    ...farmerProfileFields,
    phone: kenyanMobile(requiredText("Phone").max(40)),
    password: z.string().min(MIN_PASSWORD_LENGTH, passwordTooShort(MIN_PASSWORD_LENGTH)).max(200),
    confirmPassword: z.string(),
    interests: z.array(z.enum(interests)).max(interests.length).default([]),
    /** Marketing messages: off unless the person ticks the box (order and payment messages need no consent). */
    marketingConsent: z.boolean().default(false),
    notes: z.string().max(2000).optional().default(""),
    userType: z.literal("client").default("client"),
    /** The language the visitor was reading when they signed up. */
    language: z.enum(languages).default("en"),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
    // Said together with the other fields' messages, not only once they are all right.
    when: ({ value }) => {
      const v = value as { password?: unknown; confirmPassword?: unknown };
      return typeof v?.password === "string" && typeof v?.confirmPassword === "string";
    },
  });
export type SignupPayload = z.input<typeof signupSchema>;
