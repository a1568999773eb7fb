import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/adapter";
import { phoneCodes } from "../../db/schema";
import { codeMatches, MAX_CODE_ATTEMPTS, newCode } from "./account-tokens";

/**
 * A sign-in code for `phone`, in the caller's transaction; the number's older live codes end, so only the
 * newest works. Only a salted hash bound to the number is kept.
 */
export async function issuePhoneCode(
  db: Db,
  input: { phone: string; minutes: number; now: Date },
): Promise<string> {
  const { phone, now } = input;
  await db
    .update(phoneCodes)
    .set({ expiresAt: now })
    .where(and(eq(phoneCodes.phone, phone), isNull(phoneCodes.usedAt), gt(phoneCodes.expiresAt, now)));
  const { code, hash } = newCode(phone);
  await db.insert(phoneCodes).values({
    phone,
    codeHash: hash,
    expiresAt: new Date(now.getTime() + input.minutes * 60_000),
    createdAt: now,
  });
  return code;
}

/**
 * Tries a code against the number's live one, locked. A wrong one counts an attempt (the fifth ends it); a
 * right one is spent when `spend`, else kept (the farmer still has to give their name to sign up). The caller
 * commits either way, so wrong guesses stay counted.
 */
export async function tryPhoneCode(
  db: Db,
  input: { phone: string; code: string; now: Date; spend: boolean },
): Promise<boolean> {
  const [row] = await db
    .select()
    .from(phoneCodes)
    .where(
      and(
        eq(phoneCodes.phone, input.phone),
        isNull(phoneCodes.usedAt),
        gt(phoneCodes.expiresAt, input.now),
        lt(phoneCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .orderBy(desc(phoneCodes.id))
    .limit(1)
    .for("update");
  if (!row) return false;
  if (codeMatches(row.codeHash, input.phone, input.code)) {
    if (input.spend) await db.update(phoneCodes).set({ usedAt: input.now }).where(eq(phoneCodes.id, row.id));
    return true;
  }
  await db
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(eq(phoneCodes.id, row.id));
  return false;
}
