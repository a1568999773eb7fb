import { and, eq, isNull, sql } from "drizzle-orm";
import type { PasswordSet } from "../../../contract/staff";
import type { AppContext } from "../../context";
import { sessions, users } from "../../db/schema";
import { validationError } from "../../errors";
import { consumeAccountToken, type TokenPurpose, tokenHolder } from "./account-tokens";
import { assertAcceptablePassword } from "./password-policy";
import { hashPassword } from "./passwords";
import { sessionCacheOf } from "./session-cache";
import { accountThrottleKeys, clearKeys } from "./throttle";

/** The link an email carries: the web page that takes the token and asks for a password. */
export const passwordLinkTo = (ctx: AppContext, page: string, params: Record<string, string>) =>
  `${ctx.config.publicUrl}${page}?${new URLSearchParams(params)}`;

const SPENT_LINK = "This link has expired or was already used. Ask for a new one.";
const spent = () => validationError(SPENT_LINK, { token: SPENT_LINK });

/** The account a live token belongs to, if it is still active. */
async function holderOf(ctx: AppContext, token: string, purpose: TokenPurpose) {
  const row = await ctx.database.read(async (db) => {
    const userId = await tokenHolder(db, { token, purpose, now: ctx.clock.now() });
    if (userId === null) return undefined;
    const [user] = await db
      .select({ id: users.id, email: users.email, role: users.role, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, userId));
    return user;
  });
  if (!row?.isActive) throw spent();
  return row;
}

/**
 * Sets a password through a one-time link: an invite (the account's first password) or a reset. The token is
 * spent in the same transaction as the password is set, so a replayed link is refused; a reset also ends
 * every session the account had.
 */
async function setPasswordByLink(
  ctx: AppContext,
  input: { token: string; password: string; purpose: TokenPurpose; email?: string },
): Promise<PasswordSet> {
  const holder = await holderOf(ctx, input.token, input.purpose);
  if (input.email !== undefined && holder.email?.toLowerCase() !== input.email.trim().toLowerCase()) {
    throw spent();
  }
  assertAcceptablePassword(input.password, holder.role);
  const passwordHash = await hashPassword(input.password);
  await ctx.database.tx(async (db) => {
    const used = await consumeAccountToken(db, {
      token: input.token,
      purpose: input.purpose,
      now: ctx.clock.now(),
    });
    if (used?.userId !== holder.id) throw spent();
    const [set] = await db
      .update(users)
      .set({ passwordHash })
      .where(
        and(eq(users.id, holder.id), input.purpose === "invite" ? isNull(users.passwordHash) : sql`true`),
      )
      .returning({ id: users.id });
    if (!set) throw spent();
    await db.delete(sessions).where(eq(sessions.userId, holder.id));
    // A person locked out by wrong guesses from a new device is let in by the password they just proved.
    await clearKeys(db, [accountThrottleKeys(holder, "").account]);
  });
  sessionCacheOf(ctx.database).forget();
  return { email: holder.email, staff: holder.role !== "client" };
}

/** POST /api/auth/accept-invite: the invitee's first password. */
export const acceptInvite = (ctx: AppContext, input: { token: string; password: string }) =>
  setPasswordByLink(ctx, { ...input, purpose: "invite" });

/** POST /api/auth/reset-password with a link's token and the account's email. */
export const resetPasswordByLink = (
  ctx: AppContext,
  input: { token: string; email: string; password: string },
) => setPasswordByLink(ctx, { ...input, purpose: "reset" });
