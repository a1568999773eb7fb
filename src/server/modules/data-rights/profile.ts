import { and, eq, ne, sql } from "drizzle-orm";
import type { ClientProfile } from "../../../contract/signup";
import type { AppContext } from "../../context";
import { customers, users } from "../../db/schema";
import { AppError, validationError } from "../../errors";
import { sessionCacheOf } from "../auth/session-cache";
import type { SessionUserRow } from "../auth/sessions";

/** What the farmer's account says about them now (fields a client account always has since signup). */
export const profileOf = (user: SessionUserRow): ClientProfile => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email ?? "",
  farmName: user.farmName ?? "",
  farmType: (user.farmType ?? "dairy") as ClientProfile["farmType"],
  location: user.location ?? "",
  county: (user.county ?? "Nairobi") as ClientProfile["county"],
  herdSize: (user.herdSize ?? "1-10") as ClientProfile["herdSize"],
  experience: (user.experience ?? "beginner") as ClientProfile["experience"],
});

/**
 * PUT /api/client/profile: the farmer corrects their details; the customer record their orders belong to
 * follows (its name is the farm's, its contact the person's). A new email must be free, as at signup; the
 * change is audited (the route carries the client as the actor).
 */
export async function updateProfile(
  ctx: AppContext,
  user: SessionUserRow,
  input: ClientProfile,
): Promise<ClientProfile> {
  const email = input.email.toLowerCase() || null;
  // An email is how an account without a proven mobile signs in: only one with a verified mobile may drop it.
  if (email === null && user.phoneVerifiedAt === null) {
    const message = "Email is required";
    throw validationError(message, { email: message });
  }
  const [row] = await ctx.database.tx(async (db) => {
    if (email !== null && email !== user.email?.toLowerCase()) {
      // The same lock as signup's, so a signup and a change to one address cannot both take it.
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`signup:${email}`}))`);
      const [takenByAccount] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, user.id)));
      const [takenByCustomer] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(
          and(
            eq(sql`lower(${customers.email})`, email),
            eq(customers.isActive, true),
            user.customerId ? ne(customers.id, user.customerId) : undefined,
          ),
        );
      if (takenByAccount || takenByCustomer) {
        const message = "An account with this email already exists";
        throw new AppError("CONFLICT", message, { email: message });
      }
    }
    if (user.customerId) {
      await db
        .update(customers)
        .set({
          name: input.farmName,
          email,
          contactPerson: `${input.firstName} ${input.lastName}`,
          address: `${input.location}, ${input.county}`,
          type: input.farmType === "breeding" ? "breeder" : "farm",
        })
        .where(eq(customers.id, user.customerId));
    }
    return db
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        farmName: input.farmName,
        farmType: input.farmType,
        location: input.location,
        county: input.county,
        herdSize: input.herdSize,
        experience: input.experience,
      })
      .where(eq(users.id, user.id))
      .returning();
  });
  sessionCacheOf(ctx.database).forget();
  return profileOf(row!);
}
