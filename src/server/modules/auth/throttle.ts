import { eq, sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Db } from "../../db/database";
import { loginAttempts } from "../../db/schema";
import { AppError } from "../../errors";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins allowed per account, and per client address, within one window. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export interface ThrottleKeys {
  account: string;
  address: string;
}

export function throttleKeys(email: string, ip: string): ThrottleKeys {
  return { account: `account:${email.trim().toLowerCase()}`, address: `address:${ip}` };
}

/** Throws 429 while either key has used up its failures in the current window. */
export async function assertNotThrottled(db: Db, clock: Clock, keys: ThrottleKeys): Promise<void> {
  const now = clock.now().getTime();
  const limits: [string, number][] = [
    [keys.account, MAX_FAILURES_PER_ACCOUNT],
    [keys.address, MAX_FAILURES_PER_ADDRESS],
  ];
  for (const [key, limit] of limits) {
    const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
    if (!row) continue;
    const windowEnds = row.windowStartedAt.getTime() + THROTTLE_WINDOW_MS;
    if (row.failures >= limit && windowEnds > now) {
      const retryAfter = Math.ceil((windowEnds - now) / 1000);
      throw new AppError(
        "RATE_LIMITED",
        `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
        undefined,
        { "retry-after": String(retryAfter) },
      );
    }
  }
}

/** Counts one failure against both keys, starting a new window when the old one has passed. */
export async function recordFailure(db: Db, clock: Clock, keys: ThrottleKeys): Promise<void> {
  const now = clock.now();
  const windowFloor = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  for (const key of [keys.account, keys.address]) {
    await db
      .insert(loginAttempts)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`case when ${loginAttempts.windowStartedAt} <= ${windowFloor} then 1 else ${loginAttempts.failures} + 1 end`,
          windowStartedAt: sql`case when ${loginAttempts.windowStartedAt} <= ${windowFloor} then ${now} else ${loginAttempts.windowStartedAt} end`,
        },
      });
  }
}

export async function clearFailures(db: Db, keys: ThrottleKeys): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, keys.account));
}
