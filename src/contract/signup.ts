import { z } from "zod";
import { MIN_PASSWORD_LENGTH, passwordTooShort } from "./auth";
import { languages } from "./languages";
import { emailAddress, kenyanMobile, requiredText } from "./primitives";

export const farmTypes = ["dairy", "beef", "mixed", "breeding", "other"] as const;
export const herdSizes = ["1-10", "11-50", "51-100", "101-500", "500+"] as const;
export const experienceLevels = ["beginner", "intermediate", "experienced", "expert"] as const;
export const experienceLabels: Record<(typeof experienceLevels)[number], string> = {
  beginner: "Beginner (0-2 yrs)",
  intermediate: "Intermediate (3-5 yrs)",
  experienced: "Experienced (6-10 yrs)",
  expert: "Expert (10+ yrs)",
};
export const counties = [
  "Nairobi",
  "Mombasa",
  "Nakuru",
  "Eldoret",
  "Kisumu",
  "Thika",
  "Malindi",
  "Kitale",
  "Garissa",
  "Kakamega",
  "Machakos",
  "Meru",
  "Nyeri",
  "Kericho",
  "Naivasha",
] as const;
export const interests = [
  "Dairy Cattle",
  "Beef Cattle",
  "Artificial Insemination",
  "Embryo Transfer",
  "Breeding Consultation",
  "Genetic Testing",
  "Feed Supplements",
  "Equipment",
] as const;

export const signupSchema = z
  .object({
    firstName: requiredText("First name").max(100),
    lastName: requiredText("Last name").max(100),
    email: emailAddress(),
    phone: kenyanMobile(requiredText("Phone").max(40)),
    password: z.string().min(MIN_PASSWORD_LENGTH, passwordTooShort(MIN_PASSWORD_LENGTH)).max(200),
    confirmPassword: z.string(),
    farmName: requiredText("Farm name").max(200),
    farmType: z.enum(farmTypes, { error: "Choose a farm type" }),
    location: requiredText("Location").max(200),
    county: z.enum(counties, { error: "Choose a county" }),
    herdSize: z.enum(herdSizes, { error: "Choose a herd size" }),
    experience: z.enum(experienceLevels, { error: "Choose your experience" }),
    interests: z.array(z.enum(interests)).max(interests.length).default([]),
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
