import { eq, sql } from "drizzle-orm";
import type { counties, farmTypes } from "../../../contract/farm-profile";
import type { Language } from "../../../contract/languages";
import { columnsOf, type Db, prepared, tableRow } from "../../db/adapter";
import { users, ussdCallers } from "../../db/schema";
import { accountAmong } from "../auth/phone-sign-in";
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
 * What a new session needs to know of the calling mobile (E.164), in one prepared statement: the language the
 * phone chose before, whether it is a staff member's number (staff numbers are kept as typed, "+254 722 500
 * 104"; there are few, read by their own index), and the accounts that gave it.
 */
const callerFacts = prepared<
  { phone: string },
  { language: Language | null; staff: boolean; holders: Record<string, unknown>[] | null }
>(
  "ussd_caller",
  (p) => sql`select
      (select ${ussdCallers.language} from ${ussdCallers} where ${ussdCallers.phone} = ${p.phone}::text) as language,
      exists (select 1 from ${users} where ${users.role} <> 'client'
              and regexp_replace(${users.phone}, '[^0-9+]', '', 'g') = ${p.phone}::text) as staff,
      (select json_agg(u) from (select ${columnsOf(users)} from ${users} where ${users.phone} = ${p.phone}::text) u)
        as holders`,
);

/**
 * Who is calling, as the phone sign-in finds the account, and the language the phone chose before (null on
 * its first call). A staff member's number never opens or makes a client account: staff work on the website.
 * The network vouches for the number of a USSD call, so an account that gave it unproven has it proven now.
 */
export async function identify(
  db: Db,
  phone: string,
  now: Date,
): Promise<{ caller: Caller; language: Language | null }> {
  const [facts] = await callerFacts(db, { phone });
  const { language, staff } = facts!;
  if (staff) return { caller: { kind: "staff" }, language };
  const found = accountAmong((facts!.holders ?? []).map((h) => tableRow(users, h)));
  if (found === undefined) return { caller: { kind: "new" }, language };
  if (found === "several") return { caller: { kind: "several" }, language };
  if (!found.isActive) return { caller: { kind: "closed" }, language };
  if (found.phoneVerifiedAt !== null) return { caller: { kind: "client", user: found }, language };
  const [proven] = await db
    .update(users)
    .set({ phoneVerifiedAt: now })
    .where(eq(users.id, found.id))
    .returning();
  return { caller: { kind: "client", user: proven ?? found }, language };
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
  const { caller } = await identify(db, input.phone, now);
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
