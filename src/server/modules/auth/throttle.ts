import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/adapter";
import { loginAttempts } from "../../db/schema";
import { AppError } from "../../errors";

/** Counters start again after this long without a new window. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Wrong passwords one address may try on one account before each next try waits longer. */
export const FREE_FAILURES_PER_PAIR = 5;
/** The same for one account from addresses and devices it has never signed in from. */
export const FREE_FAILURES_PER_ACCOUNT = 10;
/** Sign-in attempts one address may have checked per window, across all accounts. */
export const MAX_ATTEMPTS_PER_ADDRESS = 100;
/** Accounts one address may create per window: a cooperative office signing farmers up stays under it. */
export const MAX_SIGNUPS_PER_ADDRESS = 30;
/** The longest a progressive delay grows. */
export const MAX_DELAY_SECONDS = 15 * 60;
/** A staff account is told once its failures from untrusted places reach this in one window. */
export const STAFF_NOTICE_AFTER_FAILURES = 10;

export interface ThrottleKeys {
  /** This account from this address: progressive delay. */
  pair: string;
  /** This account from anywhere it has not signed in from before: progressive delay. */
  account: string;
  /** Everything from this address: a budget per window. */
  address: string;
}

/** The limits' keys for a known account: its email, or its id for a farmer who has none (a mobile sign-up). */
export const accountThrottleKeys = (user: { id: number; email: string | null }, ip: string) =>
  throttleKeys(user.email ?? `user-${user.id}`, ip);

export function throttleKeys(email: string, ip: string): ThrottleKeys {
  const account = email.trim().toLowerCase();
  return { pair: `pair:${account}|${ip}`, account: `account:${account}`, address: `address:${ip}` };
}

export class Throttled extends AppError {
  constructor(retryAfterSeconds: number, what = "sign-in attempts") {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      "RATE_LIMITED",
      `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      undefined,
      { "retry-after": String(Math.max(1, retryAfterSeconds)) },
    );
  }
}

const windowExpired = (floor: Date) => sql`${loginAttempts.windowStartedAt} <= ${floor}`;

/**
 * Counts one attempt on a key in one conditional upsert (a new window once the old one has passed)
 * and answers the failures now counted, or undefined when `allowed` refused it. The row lock makes
 * concurrent attempts on any number of instances take turns.
 */
async function countAttempt(
  db: Db,
  key: string,
  now: Date,
  rule: (counted: SQL, floor: Date) => { allowed: SQL; nextAllowedAt?: SQL },
): Promise<number | undefined> {
  const floor = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const counted = sql`case when ${windowExpired(floor)} then 1 else ${loginAttempts.failures} + 1 end`;
  const { allowed, nextAllowedAt } = rule(counted, floor);
  const [row] = await db
    .insert(loginAttempts)
    .values({ key, failures: 1, windowStartedAt: now, nextAllowedAt: now })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: counted,
        windowStartedAt: sql`case when ${windowExpired(floor)} then ${now} else ${loginAttempts.windowStartedAt} end`,
        ...(nextAllowedAt ? { nextAllowedAt } : {}),
      },
      setWhere: sql`${allowed} or ${windowExpired(floor)}`,
    })
    .returning({ failures: loginAttempts.failures });
  return row?.failures;
}

/**
 * Reserves one attempt on a progressive-delay key: the free tries pass, then each next one waits
 * 1, 3, 7, 15 … seconds (capped). A burst of concurrent requests gets only the free tries plus one.
 * Answers the failures counted in this window, or throws 429 while the key must wait.
 */
export async function reserveDelayed(db: Db, key: string, now: Date, free: number): Promise<number> {
  const failures = await countAttempt(db, key, now, (counted) => ({
    // Free tries never wait, so concurrent sign-ins (two tabs, two instances a millisecond apart) pass.
    allowed: sql`${loginAttempts.failures} < ${free} or ${loginAttempts.nextAllowedAt} <= ${now}`,
    nextAllowedAt: sql`${now}::timestamptz + least(${MAX_DELAY_SECONDS}, power(2, greatest(0, least(30, ${counted} - ${free}))) - 1) * interval '1 second'`,
  }));
  if (failures !== undefined) return failures;
  throw new Throttled(await secondsUntil(db, key, now, "delay"));
}

/** Reserves one attempt from a per-window budget; throws 429 (saying too many `what`) once it is spent. */
export async function reserveBudget(
  db: Db,
  key: string,
  now: Date,
  limit: number,
  what?: string,
): Promise<void> {
  if (!(await tryBudget(db, key, now, limit))) {
    throw new Throttled(await secondsUntil(db, key, now, "window"), what);
  }
}

/** Reserves one attempt from a per-window budget; false once it is spent. */
export async function tryBudget(db: Db, key: string, now: Date, limit: number): Promise<boolean> {
  const failures = await countAttempt(db, key, now, () => ({
    allowed: sql`${loginAttempts.failures} < ${limit}`,
  }));
  return failures !== undefined;
}

async function secondsUntil(db: Db, key: string, now: Date, until: "delay" | "window"): Promise<number> {
  const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
  if (!row) return 1;
  const end =
    until === "delay" ? row.nextAllowedAt.getTime() : row.windowStartedAt.getTime() + THROTTLE_WINDOW_MS;
  return Math.ceil((end - now.getTime()) / 1000);
}

/** Gives back a budget attempt that turned out to be a success. */
export async function refundBudget(db: Db, key: string): Promise<void> {
  await db
    .update(loginAttempts)
    .set({ failures: sql`greatest(0, ${loginAttempts.failures} - 1)` })
    .where(eq(loginAttempts.key, key));
}

export async function clearKeys(db: Db, keys: string[]): Promise<void> {
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, keys));
}
