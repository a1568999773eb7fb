import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/adapter";
import { accountTokens } from "../../db/schema";

export type TokenPurpose = (typeof accountTokens.$inferSelect)["purpose"];

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A one-time link's token for `userId`, in the caller's transaction; only its hash is kept. Older unused
 * tokens of the same purpose end now, so only the newest link works.
 */
export async function issueAccountToken(
  db: Db,
  input: { userId: number; purpose: TokenPurpose; hours: number; now: Date; createdBy: number | null },
): Promise<string> {
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
  const token = randomBytes(32).toString("base64url");
  await db.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: hashOf(token),
    expiresAt: new Date(now.getTime() + input.hours * 60 * 60 * 1000),
    createdAt: now,
    createdBy: input.createdBy,
  });
  return token;
}

type TokenQuery = { token: string; purpose: TokenPurpose; now: Date };

/** The token's row while it is unused and unexpired. */
const live = ({ token, purpose, now }: TokenQuery) =>
  and(
    eq(accountTokens.tokenHash, hashOf(token)),
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
