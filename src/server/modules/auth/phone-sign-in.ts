import { and, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import type { PhoneStart, phoneVerifySchema } from "../../../contract/phone-sign-in";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { users } from "../../db/schema";
import { AppError, conflict, notFound } from "../../errors";
import { enqueueMessage, type Reader } from "../notifications/outbox";
import { readerOf } from "../notifications/readers";
import { issuePhoneCode, tryPhoneCode } from "./phone-codes";
import { RECOVERY_MINUTES, reserveCodeTry, wrongCode } from "./recovery";
import {
  admits,
  insertClient,
  reserveSignIn,
  type SignedIn,
  type SignInPlace,
  startSession,
} from "./service";
import { sessionCacheOf } from "./session-cache";
import type { SessionUserRow } from "./sessions";
import {
  accountThrottleKeys,
  MAX_SIGNUPS_PER_ADDRESS,
  reserveBudget,
  throttleKeys,
  tryBudget,
} from "./throttle";
import { trustOf } from "./trust";

/** Codes one mobile may be sent per window: more would let anyone flood a farmer's phone. */
export const SIGN_IN_CODES_PER_NUMBER = 3;
/** Code requests one address may make per window, whatever numbers they name. */
export const SIGN_IN_STARTS_PER_ADDRESS = 10;

type PhoneVerify = z.output<typeof phoneVerifySchema>;

/**
 * The client account a mobile signs in to: the one that proved it, else the one client account that gave it
 * unproven (the code proves it now). A number on several unproven accounts cannot say which is meant.
 */
export async function accountOfPhone(db: Db, phone: string): Promise<SessionUserRow | "several" | undefined> {
  return accountAmong(await db.select().from(users).where(eq(users.phone, phone)));
}

/** The same choice among the accounts that gave the number (`holders`), read by the caller. */
export function accountAmong(holders: SessionUserRow[]): SessionUserRow | "several" | undefined {
  const proven = holders.find((u) => u.phoneVerifiedAt !== null);
  if (proven) return proven;
  const clients = holders.filter((u) => u.role === "client");
  return clients.length > 1 ? "several" : clients[0];
}

/** The account a code signs in to; a number on several accounts is a 409 that says what to do instead. */
async function signInAccount(db: Db, phone: string): Promise<SessionUserRow | undefined> {
  const found = await accountOfPhone(db, phone);
  if (found === "several") {
    throw conflict(
      "This number is on more than one account. Sign in with your email and prove it on your account page.",
    );
  }
  return found;
}

/**
 * POST /api/auth/phone/start: texts a 6-digit code to the mobile, in its account's language or the visitor's.
 * The answer is the same whether or not the number has an account; only the address's own budget shows (429).
 * A staff member's number is sent nothing: staff sign in with email and password, so a SIM swap cannot open
 * the books, and a number past its budget is silently sent nothing more.
 */
export async function startPhoneSignIn(ctx: AppContext, input: PhoneStart & { phone: string }, ip: string) {
  const now = ctx.clock.now();
  await ctx.database.tx(async (db) => {
    await reserveBudget(db, `phone-start-address:${ip}`, now, SIGN_IN_STARTS_PER_ADDRESS, "code requests");
    const staff = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, input.phone), ne(users.role, "client")));
    if (staff.length > 0) return;
    if (!(await tryBudget(db, `phone-start:${input.phone}`, now, SIGN_IN_CODES_PER_NUMBER))) return;
    const found = await accountOfPhone(db, input.phone);
    // A number on several accounts still gets its code, in the visitor's language; verifying says what to do.
    const holder = found === "several" ? undefined : found;
    const code = await issuePhoneCode(db, { phone: input.phone, minutes: RECOVERY_MINUTES, now });
    const reader: Reader = holder
      ? readerOf(holder)
      : {
          name: "",
          phone: input.phone,
          email: null,
          language: input.language ?? "en",
          notifyBy: "sms",
          userId: null,
        };
    await enqueueMessage(db, {
      kind: "phone_code",
      reader,
      facts: { code, minutes: RECOVERY_MINUTES },
      now,
      channels: ["sms"],
    });
  });
}

const signupNeeded = () =>
  new AppError("SIGNUP_NEEDED", "No account has this number yet: tell us your name to create one.");

/**
 * POST /api/auth/phone/verify: the code proves the mobile and starts a client session on its account, creating
 * one when `signup` is given and there is none. It goes through the sign-in limits as a password does; a
 * wrong code is counted (five end it) in a transaction that commits, and so is the address's try.
 */
export async function verifyPhoneSignIn(
  ctx: AppContext,
  input: PhoneVerify,
  place: SignInPlace,
): Promise<SignedIn & { created: boolean }> {
  const now = ctx.clock.now();
  const holder = await ctx.database.read((db) => signInAccount(db, input.phone));
  const keys = holder
    ? accountThrottleKeys(holder, place.ip)
    : throttleKeys(`phone:${input.phone}`, place.ip);
  const trust = holder
    ? await ctx.database.read((db) => trustOf(db, holder.id, place.ip, place.deviceToken))
    : ("none" as const);
  await reserveSignIn(ctx, keys, trust);
  const creating = !holder && input.signup !== undefined;
  const right = await ctx.database.tx(async (db) => {
    await reserveCodeTry(db, place.ip, now);
    return tryPhoneCode(db, {
      phone: input.phone,
      code: input.code,
      now,
      spend: holder !== undefined || creating,
    });
  });
  if (!right) throw wrongCode();
  if (!holder && !creating) throw signupNeeded();
  if (holder && !admits(ctx, holder, "client")) throw wrongCode();
  const signed = await ctx.database.tx(async (db) => {
    if (creating) await reserveBudget(db, `signup:${place.ip}`, now, MAX_SIGNUPS_PER_ADDRESS);
    const user = holder
      ? await proveMobile(db, holder, now)
      : await insertClient(db, now, {
          ...input.signup!,
          email: null,
          passwordHash: null,
          phone: input.phone,
          phoneVerifiedAt: now,
          language: input.language,
          notifyBy: "sms",
          marketingConsent: input.marketingConsent,
        });
    return startSession(ctx, db, user, { keys, trust, ...place });
  });
  sessionCacheOf(ctx.database).forget();
  return { ...signed, created: !holder };
}

/** The code proved the mobile: an account that gave it unproven has it proven now. */
async function proveMobile(db: Db, user: SessionUserRow, now: Date): Promise<SessionUserRow> {
  if (user.phoneVerifiedAt !== null) return user;
  const [row] = await db.update(users).set({ phoneVerifiedAt: now }).where(eq(users.id, user.id)).returning();
  if (!row) throw notFound("Account");
  return row;
}
