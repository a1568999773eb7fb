import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ClientSession, SessionUser } from "../../../contract/auth";
import { roleLabels, rolePermissions } from "../../../contract/roles";
import type { signupSchema } from "../../../contract/signup";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { customers, users } from "../../db/schema";
import { AppError, conflict } from "../../errors";
import { hashPassword, verifyPassword } from "./passwords";
import type { SessionUserRow } from "./sessions";
import { createSession } from "./sessions";
import { assertNotThrottled, clearFailures, recordFailure, throttleKeys } from "./throttle";

export type Audience = "staff" | "client";

const invalidCredentials = (audience: Audience) =>
  new AppError(
    "UNAUTHORIZED",
    audience === "staff" ? "Invalid username or password" : "Invalid email or password. Please try again.",
  );

export function toSessionUser(user: SessionUserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    roleLabel: roleLabels[user.role],
    farmName: user.farmName,
    permissions: [...rolePermissions[user.role]],
  };
}

export function toClientSession(user: SessionUserRow): ClientSession {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    farmName: user.farmName ?? "",
  };
}

async function findUserByEmail(db: Db, email: string): Promise<SessionUserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return user;
}

/**
 * Checks credentials for one audience (staff login never admits a client and vice versa),
 * counts failures per account and address, and opens a session.
 */
export async function signIn(
  ctx: AppContext,
  input: { email: string; password: string; ip: string; userAgent?: string; audience: Audience },
): Promise<{ user: SessionUserRow; token: string }> {
  const keys = throttleKeys(input.email, input.ip);
  await ctx.database.read((db) => assertNotThrottled(db, ctx.clock, keys));
  const user = await ctx.database.read((db) => findUserByEmail(db, input.email));
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  const allowed =
    user !== undefined &&
    passwordOk &&
    user.isActive &&
    (!user.isDemo || ctx.config.demoMode) &&
    (input.audience === "client") === (user.role === "client");
  if (!allowed || !user) {
    await ctx.database.tx((db) => recordFailure(db, ctx.clock, keys));
    throw invalidCredentials(input.audience);
  }
  const token = await ctx.database.tx(async (db) => {
    await clearFailures(db, keys);
    return createSession(db, ctx.clock, user.id, input.userAgent);
  });
  return { user, token };
}

/** Creates a client account and the customer record its orders will belong to. */
export async function signUpClient(
  ctx: AppContext,
  input: z.output<typeof signupSchema>,
): Promise<SessionUserRow> {
  const passwordHash = await hashPassword(input.password);
  return ctx.database.tx(async (db) => {
    if (await findUserByEmail(db, input.email)) {
      throw conflict("An account with this email already exists");
    }
    const fullName = `${input.firstName} ${input.lastName}`;
    const [customer] = await db
      .insert(customers)
      .values({
        name: input.farmName,
        type: input.farmType === "breeding" ? "breeder" : "farm",
        email: input.email,
        phone: input.phone,
        address: `${input.location}, ${input.county}`,
        contactPerson: fullName,
        notes: input.notes || null,
        createdAt: ctx.clock.now(),
      })
      .returning({ id: customers.id });
    const [user] = await db
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        role: "client",
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        farmName: input.farmName,
        farmType: input.farmType,
        location: input.location,
        county: input.county,
        herdSize: input.herdSize,
        experience: input.experience,
        interests: input.interests,
        notes: input.notes || null,
        customerId: customer!.id,
        createdAt: ctx.clock.now(),
      })
      .returning();
    return user!;
  });
}
