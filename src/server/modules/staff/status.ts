import { and, isNotNull, isNull, not, type SQL } from "drizzle-orm";
import type { StaffStatus } from "../../../contract/staff";
import { users } from "../../db/schema";

/**
 * Where a staff member stands, one definition for the list's filter, its counts, the Director guard and who
 * staff messages reach: invited people have an account but no password yet, so they cannot sign in.
 */
export const staffStatusIs: Record<StaffStatus, SQL> = {
  active: and(users.isActive, isNotNull(users.passwordHash))!,
  invited: and(users.isActive, isNull(users.passwordHash))!,
  inactive: not(users.isActive),
};

/** The same, for a row already read. */
export const staffStatusOf = (
  row: Pick<typeof users.$inferSelect, "isActive" | "passwordHash">,
): StaffStatus => (!row.isActive ? "inactive" : row.passwordHash === null ? "invited" : "active");
