import { and, eq, isNotNull } from "drizzle-orm";
import type { ForgotPassword } from "../../../contract/recovery";
import type { PasswordSet } from "../../../contract/staff";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { sessions, users } from "../../db/schema";
import { validationError } from "../../errors";
import { enqueueMessage } from "../notifications/outbox";
import { readerOf } from "../notifications/readers";
import { issueAccountCode, issueAccountToken, spendAccountCode } from "./account-tokens";
import { passwordLinkTo } from "./password-links";
import { assertAcceptablePassword } from "./password-policy";
import { hashPassword } from "./passwords";
import { findUserByEmail } from "./service";
import { sessionCacheOf } from "./session-cache";
import { accountThrottleKeys, clearKeys, reserveBudget, tryBudget } from "./throttle";

/** A reset the person asks for lasts this long, by link or by code. */
export const RECOVERY_MINUTES = 15;
/** Resets one account may be sent per window: more would let anyone flood a person's inbox or phone. */
export const RESETS_PER_ACCOUNT = 3;
/** Reset requests one address may make per window, whatever accounts they name. */
export const RESETS_PER_ADDRESS = 10;
/** Codes one address may try per window, across accounts (each code also ends after five wrong guesses). */
export const CODE_TRIES_PER_ADDRESS = 20;

const WRONG_CODE = "This code is wrong or has expired. Ask for a new one.";
export const wrongCode = () => validationError(WRONG_CODE, { code: WRONG_CODE });

/** Counts one code tried from `ip` against the address's budget, shared by every kind of code; 429 past it. */
export const reserveCodeTry = (db: Db, ip: string, now: Date) =>
  reserveBudget(db, `code-address:${ip}`, now, CODE_TRIES_PER_ADDRESS, "code attempts");

type UserRow = typeof users.$inferSelect;

/**
 * Whose a verified mobile is: only a number proven by a code leads to an account, and only a client's. Staff
 * accounts hold the business's money and records; a SIM swap must not open them, so they reset by email.
 */
async function holderOfPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt), eq(users.role, "client")));
  return row;
}

/**
 * An account a reset may be sent to: active, with a password (an invitee uses their invite), and not a
 * shared demo account, whose published password every visitor relies on.
 */
const resettable = (row: UserRow | undefined): row is UserRow =>
  row?.isActive === true && row.passwordHash !== null && !row.isDemo;

const codeMessage = { code: "reset_code", phone: "phone_code", deletion: "deletion_code" } as const;

/**
 * Texts a 6-digit code to `phone` in the person's language, in the caller's transaction: a password reset's
 * (purpose `code`), a mobile's proof (purpose `phone`) or an account deletion's (purpose `deletion`). It lasts RECOVERY_MINUTES and only its hash is kept.
 */
export async function textAccountCode(
  db: Db,
  person: UserRow,
  input: { purpose: "code" | "phone" | "deletion"; phone: string; now: Date },
): Promise<void> {
  const { purpose, phone, now } = input;
  const code = await issueAccountCode(db, {
    userId: person.id,
    purpose,
    boundTo: phone,
    minutes: RECOVERY_MINUTES,
    now,
  });
  await enqueueMessage(db, {
    kind: codeMessage[purpose],
    reader: readerOf(person),
    facts: { code, minutes: RECOVERY_MINUTES },
    now,
    channels: ["sms"],
  });
}

/**
 * POST /api/auth/forgot-password: sends a 15-minute link by email, or a 6-digit code by SMS to a verified
 * mobile. The answer is the same whether or not the account exists; only the address's own budget shows
 * (429), which says nothing about any account. An account past its budget is silently sent nothing more.
 */
export async function forgotPassword(ctx: AppContext, input: ForgotPassword, ip: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.database.tx(async (db) => {
    await reserveBudget(db, `reset-address:${ip}`, now, RESETS_PER_ADDRESS, "password reset requests");
    const person =
      input.phone !== undefined
        ? await holderOfPhone(db, input.phone)
        : await findUserByEmail(db, input.email!);
    if (!resettable(person)) return;
    if (!(await tryBudget(db, `reset-account:${person.id}`, now, RESETS_PER_ACCOUNT))) return;
    if (input.phone !== undefined) {
      await textAccountCode(db, person, { purpose: "code", phone: input.phone, now });
      return;
    }
    const token = await issueAccountToken(db, {
      userId: person.id,
      purpose: "reset",
      minutes: RECOVERY_MINUTES,
      now,
      createdBy: null,
    });
    await enqueueMessage(db, {
      kind: "password_reset",
      reader: readerOf(person),
      facts: {
        link: passwordLinkTo(ctx, "/reset-password", { token, email: input.email! }),
        minutes: RECOVERY_MINUTES,
      },
      now,
      channels: ["email"],
    });
  });
}

/**
 * POST /api/auth/reset-password with an SMS code: the code is tried (and a wrong one counted) in its own
 * transaction, which commits either way; a right one sets the password, ends every session and lifts the
 * account's sign-in delays, so a client locked out at a new device gets back in.
 */
export async function resetPasswordByCode(
  ctx: AppContext,
  input: { phone: string; code: string; password: string },
  ip: string,
): Promise<PasswordSet> {
  const now = ctx.clock.now();
  const person = await ctx.database.read((db) => holderOfPhone(db, input.phone));
  // Checked before the code is tried, so a weak password does not spend it; the same for no account.
  assertAcceptablePassword(input.password, person?.role ?? "client");
  const passwordHash = await hashPassword(input.password);
  const done = await ctx.database.tx(async (db) => {
    await reserveCodeTry(db, ip, now);
    if (!resettable(person)) return false;
    const spent = await spendAccountCode(db, {
      userId: person.id,
      purpose: "code",
      boundTo: input.phone,
      code: input.code,
      now,
    });
    if (!spent) return false;
    await db.update(users).set({ passwordHash }).where(eq(users.id, person.id));
    await db.delete(sessions).where(eq(sessions.userId, person.id));
    const keys = accountThrottleKeys(person, ip);
    await clearKeys(db, [keys.pair, keys.account]);
    return true;
  });
  if (!done || !person) throw wrongCode();
  sessionCacheOf(ctx.database).forget();
  return { email: person.email, staff: person.role !== "client" };
}
