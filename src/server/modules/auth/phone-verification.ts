import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { conflict, validationError } from "../../errors";
import { spendAccountCode } from "./account-tokens";
import { textAccountCode, wrongCode } from "./recovery";
import { sessionCacheOf } from "./session-cache";
import type { SessionUserRow } from "./sessions";
import { reserveBudget } from "./throttle";

/** Verification codes one account may be sent per window. */
export const PHONE_CODES_PER_ACCOUNT = 3;

function mobileOf(user: SessionUserRow): string {
  if (!user.phone) {
    const message = "Add your mobile number first";
    throw validationError(message, { phone: message });
  }
  if (user.phoneVerifiedAt) throw conflict("This mobile number is already verified");
  return user.phone;
}

/** POST /api/auth/phone/verification: texts a 6-digit code to the account's mobile, to prove it is theirs. */
export async function sendPhoneCode(ctx: AppContext, user: SessionUserRow): Promise<void> {
  const phone = mobileOf(user);
  const now = ctx.clock.now();
  await ctx.database.tx(async (db) => {
    await reserveBudget(db, `phone-code:${user.id}`, now, PHONE_CODES_PER_ACCOUNT, "codes asked for");
    await textAccountCode(db, user, { purpose: "phone", phone, now });
  });
}

/**
 * POST /api/auth/phone/verification/confirm: the code proves the mobile. It is bound to the number it went to, so a number
 * changed since needs a new code; a number verified on another account is a 409 (the unique index decides).
 */
export async function confirmPhone(
  ctx: AppContext,
  user: SessionUserRow,
  code: string,
): Promise<SessionUserRow> {
  const phone = mobileOf(user);
  const now = ctx.clock.now();
  const spent = await ctx.database.tx((db) =>
    spendAccountCode(db, { userId: user.id, purpose: "phone", boundTo: phone, code, now }),
  );
  if (!spent) throw wrongCode();
  const [row] = await ctx.database.tx((db) =>
    db
      .update(users)
      .set({ phoneVerifiedAt: now })
      .where(and(eq(users.id, user.id), eq(users.phone, phone)))
      .returning(),
  );
  if (!row) throw wrongCode();
  sessionCacheOf(ctx.database).forget();
  return row;
}
