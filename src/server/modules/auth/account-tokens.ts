import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/adapter";
import { accountTokens } from "../../db/schema";
import { hashToken } from "./token-hash";

export type TokenPurpose = (typeof accountTokens.$inferSelect)["purpose"];

/**
 * A one-time link's token for `userId`, in the caller's transaction; only its hash is kept. Older unused
 * tokens of the same purpose end now, so only the newest link works.
 */
export async function issueAccountToken(
  db: Db,
  input: { userId: number; purpose: TokenPurpose; minutes: number; now: Date; createdBy: number | null },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await replaceToken(db, input, hashToken(token));
  return token;
}

/** Ends the person's live tokens of this purpose and stores the new one's hash. */
async function replaceToken(
  db: Db,
  input: { userId: number; purpose: TokenPurpose; minutes: number; now: Date; createdBy: number | null },
  tokenHash: string,
): Promise<void> {
  const { userId, purpose, now } = input;
  await db
    .update(accountTokens)
    .set({ expiresAt: now })
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    );
  await db.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash,
    expiresAt: new Date(now.getTime() + input.minutes * 60 * 1000),
    createdAt: now,
    createdBy: input.createdBy,
  });
}

/** Wrong guesses a 6-digit code takes before it ends: five in a million. */
export const MAX_CODE_ATTEMPTS = 5;
type CodePurpose = Extract<TokenPurpose, "code" | "phone" | "deletion">;

/**
 * A code is hashed with a salt of its own (two people may get the same six digits, and each hash is unique)
 * and with what it is bound to: the mobile number it was sent to, so a code cannot be used for another number.
 */
const codeHash = (salt: string, boundTo: string, code: string) =>
  `${salt}.${createHash("sha256").update(`${salt}|${boundTo}|${code}`).digest("hex")}`;

/** A new 6-digit code and its salted hash, bound to `boundTo`. */
export function newCode(boundTo: string): { code: string; hash: string } {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  return { code, hash: codeHash(randomBytes(16).toString("hex"), boundTo, code) };
}

/** Whether `code` is the one `stored` (a salted hash bound to `boundTo`) was made from, in constant time. */
export function codeMatches(stored: string, boundTo: string, code: string): boolean {
  const expected = Buffer.from(stored);
  const given = Buffer.from(codeHash(stored.split(".")[0]!, boundTo, code));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A 6-digit code for `userId`, in the caller's transaction; only a salted hash is kept. */
export async function issueAccountCode(
  db: Db,
  input: { userId: number; purpose: CodePurpose; boundTo: string; minutes: number; now: Date },
): Promise<string> {
  const { code, hash } = newCode(input.boundTo);
  await replaceToken(db, { ...input, createdBy: null }, hash);
  return code;
}

/**
 * Tries a code against the person's live one, locked. A right code is spent; a wrong one counts an attempt,
 * and the last allowed attempt ends it. The caller commits either way, so wrong guesses stay counted.
 */
export async function spendAccountCode(
  db: Db,
  input: { userId: number; purpose: CodePurpose; boundTo: string; code: string; now: Date },
): Promise<boolean> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, input.userId),
        eq(accountTokens.purpose, input.purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, input.now),
        lt(accountTokens.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .orderBy(desc(accountTokens.id))
    .limit(1)
    .for("update");
  if (!row) return false;
  if (codeMatches(row.tokenHash, input.boundTo, input.code)) {
    await db.update(accountTokens).set({ usedAt: input.now }).where(eq(accountTokens.id, row.id));
    return true;
  }
  await db
    .update(accountTokens)
    .set({ attempts: sql`${accountTokens.attempts} + 1` })
    .where(eq(accountTokens.id, row.id));
  return false;
}

type TokenQuery = { token: string; purpose: TokenPurpose; now: Date };

/** The token's row while it is unused and unexpired. */
const live = ({ token, purpose, now }: TokenQuery) =>
  and(
    eq(accountTokens.tokenHash, hashToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  );

/**
 * Uses a token once: the one statement that marks it used answers whose it was, so two tabs posting the same
 * link cannot both succeed. Null for an unknown, used or expired token.
 */
export async function consumeAccountToken(db: Db, input: TokenQuery): Promise<{ userId: number } | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: input.now })
    .where(live(input))
    .returning({ userId: accountTokens.userId });
  return row ?? null;
}

/** Whose a live token is, without using it (a password is checked against their role before it is spent). */
export async function tokenHolder(db: Db, input: TokenQuery): Promise<number | null> {
  const [row] = await db.select({ userId: accountTokens.userId }).from(accountTokens).where(live(input));
  return row?.userId ?? null;
}
