import { and, eq, ne, sql } from "drizzle-orm";
import type { counties, farmTypes } from "../../../contract/farm-profile";
import type { Language } from "../../../contract/languages";
import type { Db } from "../../db/adapter";
import { users, ussdCallers } from "../../db/schema";
import { accountOfPhone } from "../auth/phone-sign-in";
import { insertClient } from "../auth/service";
import type { SessionUserRow } from "../auth/sessions";

/** Who is on the line: a client account by its mobile, a number we do not know yet, or one we cannot serve. */
export type Caller =
  | { kind: "client"; user: SessionUserRow }
  | { kind: "new" }
  | { kind: "staff" }
  | { kind: "several" }
  | { kind: "closed" };

/**
 * The account the calling mobile (E.164) belongs to, as the phone sign-in finds it. The network vouches
 * for the number of a USSD call, so an account that gave it unproven has it proven now.
 */
export async function callerOf(db: Db, phone: string, now: Date): Promise<Caller> {
  // A staff member's number never opens or makes a client account: staff work on the website.
  const [staff] = await db
    .select({ id: users.id })
    .from(users)
    // Staff numbers are kept as typed ("+254 722 500 104"); there are few staff, read by their own index.
    .where(and(ne(users.role, "client"), sql`regexp_replace(${users.phone}, '[^0-9+]', '', 'g') = ${phone}`))
    .limit(1);
  if (staff) return { kind: "staff" };
  const found = await accountOfPhone(db, phone);
  if (found === undefined) return { kind: "new" };
  if (found === "several") return { kind: "several" };
  if (!found.isActive) return { kind: "closed" };
  if (found.phoneVerifiedAt === null) {
    const [proven] = await db
      .update(users)
      .set({ phoneVerifiedAt: now })
      .where(eq(users.id, found.id))
      .returning();
    return { kind: "client", user: proven ?? found };
  }
  return { kind: "client", user: found };
}

/** The language the phone chose on an earlier call, or null on its first. */
export async function rememberedLanguage(db: Db, phone: string): Promise<Language | null> {
  const [row] = await db
    .select({ language: ussdCallers.language })
    .from(ussdCallers)
    .where(eq(ussdCallers.phone, phone));
  return row?.language ?? null;
}

export function rememberLanguage(db: Db, phone: string, language: Language, now: Date) {
  return db
    .insert(ussdCallers)
    .values({ phone, language, firstSeenAt: now })
    .onConflictDoUpdate({ target: ussdCallers.phone, set: { language } });
}

export interface UssdSignup {
  phone: string;
  firstName: string;
  lastName: string;
  county: (typeof counties)[number];
  farmType: (typeof farmTypes)[number];
  language: Language;
}

/**
 * The short signup: a client account on the calling mobile, proven by the network, reading SMS in the
 * language chosen. A number that found an account meanwhile (another session) signs in to that one.
 */
export async function signUpByUssd(db: Db, now: Date, input: UssdSignup): Promise<SessionUserRow> {
  // Two sessions from one phone finishing signup at once: one account, the second finds it.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`ussd-signup:${input.phone}`}))`);
  const caller = await callerOf(db, input.phone, now);
  if (caller.kind === "client") return caller.user;
  return insertClient(db, now, {
    ...input,
    email: null,
    passwordHash: null,
    phoneVerifiedAt: now,
    notifyBy: "sms",
    marketingConsent: false,
  });
}
