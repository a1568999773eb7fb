import { z } from "zod";
import { minPasswordLength, passwordTooShort } from "./account-rules";
import { languages } from "./languages";
import { notifyChannels } from "./messages";
import { kenyanMobile, requiredText, text } from "./primitives";
import { type Permission, type Role, roles } from "./roles";

export const roleSchema = z.enum(roles);

export * from "./account-rules";

export const staffLoginSchema = z.object({
  username: text().min(1, "Username is required").max(254),
  password: z.string().min(1, "Password is required").max(200),
});
export type StaffLogin = z.infer<typeof staffLoginSchema>;

export const clientLoginSchema = z.object({
  email: text().min(1, "Email is required").max(254),
  password: z.string().min(1, "Password is required").max(200),
});
export type ClientLogin = z.infer<typeof clientLoginSchema>;

export const sessionUserSchema = z.object({
  id: z.number().int(),
  /** Null for a farmer who signed up with their mobile number alone. */
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  roleLabel: z.string(),
  farmName: z.string().nullable(),
  /** A client's phone and farm location from signup, to start their order forms. */
  phone: z.string().nullable(),
  /** The mobile was proven with an SMS code: a forgotten password can be reset by SMS. */
  phoneVerified: z.boolean(),
  /** Signed up with the mobile alone: no password, so SMS codes confirm what a password would. */
  phoneOnly: z.boolean(),
  location: z.string().nullable(),
  /** The language chosen for the app and for the messages sent to this person. */
  language: z.enum(languages),
  /** How order and payment messages reach this person. */
  notifyBy: z.enum(notifyChannels),
  permissions: z.array(z.string()) as z.ZodType<Permission[]>,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** A person's choice of language, kept on their account. */
export const languageChoiceSchema = z.object({
  language: z.enum(languages, { error: "Choose English or Kiswahili" }),
});

/**
 * How a person wants their messages, kept on their account: SMS, email or both (clients' order and payment
 * messages), and the mobile number texts go to (staff storage alarms too). Either or both.
 */
export const messagingChoiceSchema = z
  .object({
    notifyBy: z.enum(notifyChannels, { error: "Choose SMS, email or both" }).optional(),
    phone: kenyanMobile(requiredText("Phone").max(40)).optional(),
  })
  .refine((v) => v.notifyBy !== undefined || v.phone !== undefined, {
    message: "Choose how to be messaged, or give a mobile number",
    path: ["notifyBy"],
  });
export type MessagingChoice = z.input<typeof messagingChoiceSchema>;

export const meResponseSchema = z.object({ user: sessionUserSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** What client login and signup answer: stored whole by the web app as the client session. */
export const clientSessionSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  farmName: z.string(),
});
export type ClientSession = z.infer<typeof clientSessionSchema>;

export const demoAccountSchema = z.object({
  email: z.string(),
  role: roleSchema,
  roleLabel: z.string(),
  name: z.string(),
  description: z.string(),
});
export type DemoAccount = z.infer<typeof demoAccountSchema>;
export const demoAccountsResponseSchema = z.object({
  enabled: z.boolean(),
  password: z.string().nullable(),
  accounts: z.array(demoAccountSchema),
});
export type DemoAccountsResponse = z.infer<typeof demoAccountsResponseSchema>;

/** A password change as `role` may make it: that role's minimum length, and the confirmation matching. */
export const changePasswordFor = (role: Role) =>
  z
    .object({
      currentPassword: z.string().min(1, "Current password is required").max(200),
      newPassword: z
        .string()
        .min(minPasswordLength(role), passwordTooShort(minPasswordLength(role)))
        .max(200),
      confirmPassword: z.string().max(200),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      message: "Passwords do not match",
      path: ["confirmPassword"],
    });
/** The route's schema: the shortest minimum (clients'); the service holds staff to theirs. */
export const changePasswordSchema = changePasswordFor("client");
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const accountSessionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  address: z.string().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountNoticeSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  createdAt: z.string(),
});
export type AccountNotice = z.infer<typeof accountNoticeSchema>;

/** The account security page: live sessions and recent notices (repeated failed sign-ins). */
export const accountSecuritySchema = z.object({
  sessions: z.array(accountSessionSchema),
  notices: z.array(accountNoticeSchema),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

export const endedSessionsSchema = z.object({ ended: z.number().int() });
