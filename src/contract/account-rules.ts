// Plain data, no Zod: the client screens read these before the validation library has loaded.
import type { Role } from "./roles";

export const MIN_PASSWORD_LENGTH = 6;
/** Staff passwords set or changed from now on; the seeded demo accounts keep theirs (demo mode only). */
export const STAFF_MIN_PASSWORD_LENGTH = 10;
/** Sessions end after this much inactivity; enforced by the server. */
export const SESSION_IDLE_MINUTES = 15;
/** And after this long whatever the activity. */
export const STAFF_SESSION_HOURS = 12;
export const CLIENT_SESSION_DAYS = 30;

export const sessionLifetimeHours = (role: Role) =>
  role === "client" ? CLIENT_SESSION_DAYS * 24 : STAFF_SESSION_HOURS;
export const minPasswordLength = (role: Role) =>
  role === "client" ? MIN_PASSWORD_LENGTH : STAFF_MIN_PASSWORD_LENGTH;
export const passwordTooShort = (min: number) => `Password must be at least ${min} characters`;
export const COMMON_PASSWORD_MESSAGE =
  "This password is one of the most common and easy to guess. Choose another.";
