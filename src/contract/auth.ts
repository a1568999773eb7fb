import { z } from "zod";
import { type Permission, roleSchema } from "./roles";

export const MIN_PASSWORD_LENGTH = 6;
/** Sessions end after this much inactivity; enforced by the server. */
export const SESSION_IDLE_MINUTES = 15;

export const staffLoginSchema = z.object({
  username: z.string().trim().min(1, "Username is required").max(254),
  password: z.string().min(1, "Password is required").max(200),
});
export type StaffLogin = z.infer<typeof staffLoginSchema>;

export const clientLoginSchema = z.object({
  email: z.string().trim().min(1, "Email is required").max(254),
  password: z.string().min(1, "Password is required").max(200),
});
export type ClientLogin = z.infer<typeof clientLoginSchema>;

export const sessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  roleLabel: z.string(),
  farmName: z.string().nullable(),
  permissions: z.array(z.string()) as z.ZodType<Permission[]>,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const meResponseSchema = z.object({ user: sessionUserSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** What client login and signup answer: stored whole by the web app as the client session. */
export const clientSessionSchema = z.object({
  id: z.number().int(),
  email: z.string(),
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
