import { z } from "zod";
import { minPasswordLength, passwordTooShort } from "./account-rules";
import { paginationQuery, sortQuery } from "./pagination";
import { emailAddress, kenyanMobile, requiredText, text } from "./primitives";
import { staffRoles } from "./roles";

export const staffRoleSchema = z.enum(staffRoles, { error: "Choose a role" });

/** Where a staff member stands: invited (no password set yet), active, or deactivated by a Director. */
export const staffStatuses = ["invited", "active", "inactive"] as const;
export type StaffStatus = (typeof staffStatuses)[number];
export const staffStatusLabels: Record<StaffStatus, string> = {
  invited: "Invited",
  active: "Active",
  inactive: "Inactive",
};

/** An invite link, and a reset link a Director sends, last this long. */
export const INVITE_HOURS = 72;

export const staffMemberSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: staffRoleSchema,
  status: z.enum(staffStatuses),
  lastSignInAt: z.string().nullable(),
  /** How many passkeys they sign in with (a Director can revoke them all, for a lost phone). */
  passkeys: z.number().int(),
  /** A seeded demo account: it signs in only while demo mode is on. */
  isDemo: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffSorts = ["name", "role", "lastSignInAt", "createdAt"] as const;
export const staffListQuery = paginationQuery.extend({
  ...sortQuery(staffSorts, "name", "asc"),
  search: text().max(200).optional(),
  role: staffRoleSchema.optional(),
  status: z.enum(staffStatuses).optional(),
});
export type StaffListQuery = z.input<typeof staffListQuery>;

/** POST /api/staff: a Director invites someone; they get a one-time link by email to set their password. */
export const staffInviteSchema = z.object({
  firstName: requiredText("First name").max(100),
  lastName: requiredText("Last name").max(100),
  email: emailAddress(),
  role: staffRoleSchema,
  phone: kenyanMobile(requiredText("Mobile").max(40)),
});
export type StaffInvite = z.input<typeof staffInviteSchema>;

/** PATCH /api/staff/:id: a new role, or deactivate (ending their sessions at once) and reactivate. */
export const staffUpdateSchema = z
  .object({ role: staffRoleSchema.optional(), isActive: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.isActive !== undefined, "Change the role or the status");
export type StaffUpdate = z.input<typeof staffUpdateSchema>;

const newStaffPassword = z
  .string()
  .min(minPasswordLength("director"), passwordTooShort(minPasswordLength("director")))
  .max(200);

/** POST /api/auth/accept-invite: the invite link's token and the password the invitee chose. */
export const acceptInviteSchema = z.object({
  token: text().min(1, "This link is incomplete").max(200),
  password: newStaffPassword,
});
export type AcceptInvite = z.input<typeof acceptInviteSchema>;
/** Whose password was set, and whether they sign in as staff (else on the client login). */
export const acceptInviteResultSchema = z.object({ email: z.string().nullable(), staff: z.boolean() });
export type PasswordSet = z.infer<typeof acceptInviteResultSchema>;

/** The page a one-time link opens: the password twice. */
export const setPasswordFormSchema = z
  .object({
    password: z.string().min(1, "Password is required").max(200),
    confirmPassword: z.string().max(200),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

/** GET /api/staff/summary: staff counted by status, and the active Directors (never fewer than one). */
export const staffSummarySchema = z.object({
  active: z.number().int(),
  invited: z.number().int(),
  inactive: z.number().int(),
  directors: z.number().int(),
});
export type StaffSummary = z.infer<typeof staffSummarySchema>;
