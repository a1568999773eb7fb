import { z } from "zod";
import { emailAddress, kenyanMobile, requiredText, sixDigitCode, text } from "./primitives";

const mobile = () => kenyanMobile(requiredText("Phone").max(40));
const GIVE_ONE = "Give your email or your mobile number";

/**
 * POST /api/auth/forgot-password: `{email}` sends a link, `{phone}` (a verified mobile) a 6-digit code by
 * SMS. The answer is 202 whether or not there is such an account.
 */
export const forgotPasswordSchema = z
  .object({ email: emailAddress().optional(), phone: mobile().optional() })
  .refine((v) => (v.email === undefined) !== (v.phone === undefined), { message: GIVE_ONE, path: ["email"] });
export type ForgotPassword = z.output<typeof forgotPasswordSchema>;

/**
 * POST /api/auth/reset-password: a link's token with the account's email, or an SMS code with the mobile it
 * went to. (The password's length for the account's role is checked by the server, which knows the role.)
 */
export const resetPasswordSchema = z
  .object({
    token: text().min(1, "This link is incomplete").max(200).optional(),
    email: emailAddress().optional(),
    code: sixDigitCode().optional(),
    phone: mobile().optional(),
    password: z.string().min(1, "Password is required").max(200),
  })
  .superRefine((v, issue) => {
    const byLink = v.token !== undefined || v.email !== undefined;
    const byCode = v.code !== undefined || v.phone !== undefined;
    if (byLink && byCode) {
      issue.addIssue({ code: "custom", message: "Give a link's token or a code, not both", path: ["code"] });
    } else if (byCode) {
      if (v.code === undefined)
        issue.addIssue({ code: "custom", message: "Enter the 6-digit code", path: ["code"] });
      if (v.phone === undefined)
        issue.addIssue({ code: "custom", message: "Phone is required", path: ["phone"] });
    } else {
      if (v.token === undefined) {
        issue.addIssue({ code: "custom", message: "This link is incomplete", path: ["token"] });
      }
      if (v.email === undefined)
        issue.addIssue({ code: "custom", message: "Email is required", path: ["email"] });
    }
  });
export type ResetPassword = z.input<typeof resetPasswordSchema>;

/** The forgot-password page's first step: where to send the link or the code. */
export const forgotByEmailFormSchema = z.object({ email: emailAddress() });
export const forgotByPhoneFormSchema = z.object({ phone: mobile() });

/** Its second step, for a code: the code, and the new password twice. */
export const codeResetFormSchema = z
  .object({
    code: sixDigitCode(),
    password: z.string().min(1, "Password is required").max(200),
    confirmPassword: z.string().max(200),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

/** POST /api/auth/phone/verification/confirm: the code the SMS to the account's mobile carried. */
export const phoneCodeSchema = z.object({ code: sixDigitCode() });

/** What a request that sends a message (a link, a code) answers: 202, sent or not, so it tells nobody who has an account. */
export const sentSchema = z.object({ sent: z.literal(true) });
