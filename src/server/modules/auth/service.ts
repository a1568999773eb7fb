import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ChangePassword, ClientSession, SessionUser } from "../../../contract/auth";
import type { Language } from "../../../contract/languages";
import type { NotifyChannel } from "../../../contract/messages";
import { roleLabels, rolePermissions } from "../../../contract/roles";
import type { signupSchema } from "../../../contract/signup";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { accountNotices, customers, users } from "../../db/schema";
import { AppError, conflict, validationError } from "../../errors";
import { recordAuditEvent } from "../audit/record";
import { recordMarketingChoice } from "../data-rights/consents";
import { assertAcceptablePassword } from "./password-policy";
import { hashPassword, verifyPassword } from "./passwords";
import { sessionCacheOf } from "./session-cache";
import type { SessionUserRow } from "./sessions";
import { createSession, endOtherSessions } from "./sessions";
import {
  accountThrottleKeys,
  clearKeys,
  FREE_FAILURES_PER_ACCOUNT,
  FREE_FAILURES_PER_PAIR,
  MAX_ATTEMPTS_PER_ADDRESS,
  MAX_SIGNUPS_PER_ADDRESS,
  refundBudget,
  reserveBudget,
  reserveDelayed,
  STAFF_NOTICE_AFTER_FAILURES,
  throttleKeys,
} from "./throttle";
import { newDeviceToken, rememberSignIn, trustOf } from "./trust";

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
    phone: user.phone,
    phoneVerified: user.phoneVerifiedAt !== null,
    phoneOnly: user.passwordHash === null,
    location: [user.location, user.county].filter(Boolean).join(", ") || null,
    language: user.language,
    notifyBy: user.notifyBy,
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

/** The account with this email, whatever its case. */
export async function findUserByEmail(db: Db, email: string): Promise<SessionUserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return user;
}

/**
 * Checks credentials for one audience (staff login never admits a client and vice versa).
 * The attempt is reserved against the address, the account-and-address pair and (from places the
 * account has never signed in from) the account before the password is checked, so concurrent
 * guesses cannot outrun the limits, and an attacker elsewhere cannot lock a known device or address out.
 */
export async function signIn(
  ctx: AppContext,
  input: SignInPlace & { email: string; password: string; audience: Audience },
): Promise<SignedIn> {
  const now = ctx.clock.now();
  const keys = throttleKeys(input.email, input.ip);
  const { user, trust } = await ctx.database.read(async (db) => {
    const found = await findUserByEmail(db, input.email);
    return {
      user: found,
      trust: found ? await trustOf(db, found.id, input.ip, input.deviceToken) : ("none" as const),
    };
  });
  const accountFailures = await reserveSignIn(ctx, keys, trust);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!passwordOk || !user || !admits(ctx, user, input.audience)) {
    if (user && user.role !== "client" && accountFailures === STAFF_NOTICE_AFTER_FAILURES) {
      await ctx.database.tx((db) => noteRepeatedFailures(db, user.id, now));
    }
    throw invalidCredentials(input.audience);
  }
  return ctx.database.tx((db) => startSession(ctx, db, user, { keys, trust, ...input }));
}

/** Where a sign-in comes from: the address, the device's cookie, and the browser. */
export interface SignInPlace {
  ip: string;
  deviceToken?: string;
  userAgent?: string;
  requestId?: string;
}
export interface SignedIn {
  user: SessionUserRow;
  token: string;
  deviceToken: string;
}
type Trust = Awaited<ReturnType<typeof trustOf>>;

/** Whether this account may sign in here: active, a demo account only in demo mode, on its own sign-in page. */
export const admits = (ctx: AppContext, user: SessionUserRow, audience: Audience) =>
  user.isActive &&
  (!user.isDemo || ctx.config.demoMode) &&
  (audience === "client") === (user.role === "client");

/**
 * Reserves one sign-in attempt (by password or passkey) against the address, the account-and-address pair and
 * (from places the account has never signed in from) the account, and answers the account's failures.
 */
export async function reserveSignIn(
  ctx: AppContext,
  keys: ReturnType<typeof throttleKeys>,
  trust: Trust,
): Promise<number> {
  const now = ctx.clock.now();
  return ctx.database.tx(async (db) => {
    await reserveBudget(db, keys.address, now, MAX_ATTEMPTS_PER_ADDRESS);
    if (trust !== "device") await reserveDelayed(db, keys.pair, now, FREE_FAILURES_PER_PAIR);
    return trust === "none" ? reserveDelayed(db, keys.account, now, FREE_FAILURES_PER_ACCOUNT) : 0;
  });
}

/**
 * A proven sign-in, in the caller's transaction: the limits give the attempt back, the place is remembered,
 * and a session starts.
 */
export async function startSession(
  ctx: AppContext,
  db: Db,
  user: SessionUserRow,
  input: SignInPlace & { keys: ReturnType<typeof throttleKeys>; trust: Trust },
): Promise<SignedIn> {
  const { keys, trust } = input;
  const now = ctx.clock.now();
  const deviceToken = trust === "device" && input.deviceToken ? input.deviceToken : newDeviceToken();
  // The same key order as the reservation (address, pair, account), so a success racing a burst of
  // guesses on the same keys queues behind them instead of deadlocking.
  await refundBudget(db, keys.address);
  await clearKeys(db, [keys.pair]);
  if (trust === "none") await refundBudget(db, keys.account);
  await rememberSignIn(db, user.id, input.ip, deviceToken, now);
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, user.id));
  if (user.role !== "client") await recordAuditEvent(db, { actor: user, source: input, action: "sign_in" });
  const token = await createSession(db, ctx.clock, user, { userAgent: input.userAgent, address: input.ip });
  return { user, token, deviceToken };
}

async function noteRepeatedFailures(db: Db, userId: number, now: Date): Promise<void> {
  await db.insert(accountNotices).values({
    userId,
    message: `${STAFF_NOTICE_AFTER_FAILURES} failed sign-ins to your account from places it has not been used before. If this was not you, change your password.`,
    createdAt: now,
  });
}

/** Creates a client account and the customer record its orders will belong to. */
export async function signUpClient(
  ctx: AppContext,
  input: z.output<typeof signupSchema>,
  ip: string,
): Promise<SessionUserRow> {
  assertAcceptablePassword(input.password, "client");
  await ctx.database.tx((db) => reserveBudget(db, `signup:${ip}`, ctx.clock.now(), MAX_SIGNUPS_PER_ADDRESS));
  const passwordHash = await hashPassword(input.password);
  return ctx.database.tx(async (db) => {
    // Two signups with one email queue here, so the second meets the first's account, not an index.
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`signup:${input.email.toLowerCase()}`}))`);
    // The same answer whoever holds the email (staff, client, or a customer the office already has), so
    // signup tells nobody who works or buys here.
    const [customerWithEmail] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(eq(sql`lower(${customers.email})`, input.email.toLowerCase()), eq(customers.isActive, true)),
      );
    if (customerWithEmail || (await findUserByEmail(db, input.email))) {
      throw conflict("An account with this email already exists");
    }
    const { confirmPassword: _, password: __, userType: ___, marketingConsent, ...fields } = input;
    return insertClient(db, ctx.clock.now(), {
      ...fields,
      passwordHash,
      notes: input.notes || null,
      marketingConsent,
    });
  });
}

type NewClient = Omit<typeof users.$inferInsert, "role" | "customerId" | "createdAt"> & {
  firstName: string;
  lastName: string;
  phone: string;
  farmType: string;
  county: string;
  language: Language;
  marketingConsent: boolean;
};

/**
 * A client account and the customer record its orders will belong to, in the caller's transaction: from the
 * email signup, or from a first sign-in by mobile (no email, no password, the farm named after the farmer).
 */
export async function insertClient(db: Db, now: Date, input: NewClient): Promise<SessionUserRow> {
  const { marketingConsent, ...account } = input;
  const fullName = `${input.firstName} ${input.lastName}`;
  const [customer] = await db
    .insert(customers)
    .values({
      name: input.farmName || fullName,
      type: input.farmType === "breeding" ? "breeder" : "farm",
      email: input.email ?? null,
      phone: input.phone,
      address: [input.location, input.county].filter(Boolean).join(", "),
      contactPerson: fullName,
      notes: input.notes ?? null,
      createdAt: now,
    })
    .returning({ id: customers.id });
  const [user] = await db
    .insert(users)
    .values({ ...account, role: "client", customerId: customer!.id, createdAt: now })
    .returning();
  if (marketingConsent) {
    await recordMarketingChoice(db, { userId: user!.id, granted: true, language: input.language, now });
  }
  return user!;
}

/**
 * Checks a signed-in person's password before something it guards (a new password, deleting the account):
 * it is a guess like any other, so a stolen session must not test it at full speed. A wrong one is a 400
 * under `field`; answers the account-and-address key, for the caller to clear once the change is made.
 */
export async function provePassword(
  ctx: AppContext,
  user: SessionUserRow,
  input: { ip: string; password: string; field: string; wrong: string },
): Promise<string> {
  const pair = accountThrottleKeys(user, input.ip).pair;
  await ctx.database.tx((db) => reserveDelayed(db, pair, ctx.clock.now(), FREE_FAILURES_PER_PAIR));
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw validationError(input.wrong, { [input.field]: input.wrong });
  }
  return pair;
}

/** Changes the signed-in user's password and ends their other sessions. */
export async function changePassword(
  ctx: AppContext,
  user: SessionUserRow,
  where: { sessionId: number; ip: string },
  input: ChangePassword,
): Promise<void> {
  // Everyone trying the demo shares these accounts; one visitor must not lock the others out.
  if (user.isDemo) throw conflict("Demo accounts keep their published password");
  const pair = await provePassword(ctx, user, {
    ip: where.ip,
    password: input.currentPassword,
    field: "currentPassword",
    wrong: "Your current password is not right",
  });
  assertAcceptablePassword(input.newPassword, user.role, "newPassword");
  if (input.newPassword === input.currentPassword) {
    const message = "Choose a password different from the current one";
    throw validationError(message, { newPassword: message });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.database.tx(async (db) => {
    await db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await endOtherSessions(db, user.id, where.sessionId);
    await clearKeys(db, [pair]);
  });
  sessionCacheOf(ctx.database).forget();
}

/** Saves a choice about messages (their language, SMS or email, the mobile texts go to) on the account. */
export async function chooseMessaging(
  ctx: AppContext,
  user: SessionUserRow,
  choice: { language?: Language; notifyBy?: NotifyChannel; phone?: string },
): Promise<SessionUserRow> {
  // A new number is not the one the code proved.
  const unproven = choice.phone !== undefined && choice.phone !== user.phone ? { phoneVerifiedAt: null } : {};
  if (unproven.phoneVerifiedAt === null && user.email === null) {
    // The proven mobile is how this farmer signs in; without an email, changing it would lock them out.
    const message = "Add an email to your profile before you change the mobile you sign in with";
    throw validationError(message, { phone: message });
  }
  const [row] = await ctx.database.tx((db) =>
    db
      .update(users)
      .set({ ...choice, ...unproven })
      .where(eq(users.id, user.id))
      .returning(),
  );
  sessionCacheOf(ctx.database).forget();
  return row!;
}
