import { createHash, randomBytes } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { SESSION_IDLE_MINUTES } from "../../../contract/auth";
import type { Clock } from "../../clock";
import type { Db } from "../../db/database";
import { sessions, users } from "../../db/schema";

export const SESSION_COOKIE = "urithi_sid";
export const SESSION_IDLE_MS = SESSION_IDLE_MINUTES * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not all turn into writes. */
const TOUCH_INTERVAL_MS = 30 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createSession(
  db: Db,
  clock: Clock,
  userId: number,
  userAgent?: string,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = clock.now();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    userAgent: userAgent?.slice(0, 300),
  });
  // Opportunistic clean-up of this user's idle sessions keeps the table small without a scheduler.
  await db
    .delete(sessions)
    .where(
      and(eq(sessions.userId, userId), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))),
    );
  return token;
}

export type SessionUserRow = typeof users.$inferSelect;

/** The signed-in user for a cookie token, or null when unknown, idle too long, or the account is disabled. */
export async function resolveSession(db: Db, clock: Clock, token: string): Promise<SessionUserRow | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  if (!row) return null;
  const now = clock.now();
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (idleFor > SESSION_IDLE_MS || !row.user.isActive) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (idleFor > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return row.user;
}

export async function endSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}
