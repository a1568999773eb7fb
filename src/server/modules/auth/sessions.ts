import { randomBytes } from "node:crypto";
import { and, desc, eq, lt, lte, ne, not, or } from "drizzle-orm";
import { SESSION_IDLE_MINUTES, sessionLifetimeHours } from "../../../contract/auth";
import type { Role } from "../../../contract/roles";
import type { Clock } from "../../clock";
import type { Db } from "../../db/adapter";
import { sessions, users } from "../../db/schema";
import { hashToken } from "./token-hash";

/** The browser only sends a `__Host-` cookie over HTTPS, from this exact host, for the whole path. */
export const sessionCookieName = (secure: boolean) => (secure ? "__Host-urithi_sid" : "urithi_sid");
/** Remembers a browser that has signed in before, so failures elsewhere do not block it. */
export const deviceCookieName = (secure: boolean) => (secure ? "__Host-urithi_dev" : "urithi_dev");
export const SESSION_IDLE_MS = SESSION_IDLE_MINUTES * 60 * 1000;
/** last_seen_at is written at most once a minute, so reads do not all turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export const sessionLifetimeMs = (role: Role) => sessionLifetimeHours(role) * 60 * 60 * 1000;

/**
 * When a session has ended by itself: idle for longer than the limit, or past its lifetime. One rule for
 * resolving a cookie (`isEnded`), listing a user's sessions and sweeping dead ones (`endedAt`).
 */
const idleSince = (now: Date) => new Date(now.getTime() - SESSION_IDLE_MS);
const isEnded = (row: { lastSeenAt: Date; expiresAt: Date }, now: Date) =>
  row.lastSeenAt < idleSince(now) || row.expiresAt <= now;
const endedAt = (now: Date) => or(lt(sessions.lastSeenAt, idleSince(now)), lte(sessions.expiresAt, now))!;

export async function createSession(
  db: Db,
  clock: Clock,
  user: { id: number; role: Role },
  where: { userAgent?: string; address?: string },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = clock.now();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + sessionLifetimeMs(user.role)),
    userAgent: where.userAgent?.slice(0, 300),
    address: where.address?.slice(0, 100),
  });
  // Opportunistic clean-up of this user's dead sessions keeps the table small without a scheduler.
  await db.delete(sessions).where(and(eq(sessions.userId, user.id), endedAt(now)));
  return token;
}

export type SessionUserRow = typeof users.$inferSelect;

/** The signed-in user for a cookie token, or null when unknown, idle or past its lifetime, or the account is disabled. */
export async function resolveSession(
  db: Db,
  clock: Clock,
  token: string,
): Promise<{ user: SessionUserRow; sessionId: number } | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  if (!row) return null;
  const now = clock.now();
  if (isEnded(row, now) || !row.user.isActive) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { user: row.user, sessionId: row.id };
}

export async function endSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** A user's live sessions, newest activity first. */
export async function listSessions(db: Db, clock: Clock, userId: number) {
  const now = clock.now();
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
      address: sessions.address,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), not(endedAt(now))))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(100);
}

/** Ends one of the user's sessions; answers whether there was one to end. */
export async function endSessionById(db: Db, userId: number, sessionId: number): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every session of the user except the one given; answers how many ended. */
export async function endOtherSessions(db: Db, userId: number, keepSessionId: number): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}
