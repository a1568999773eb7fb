import { sql } from "drizzle-orm";
import type { Db } from "./adapter";
import { appMeta } from "./schema";

/**
 * Claims `day` (a Nairobi date) for the once-a-day work named `key`, in the caller's transaction: one
 * conditional upsert of `app_meta`, so of several instances exactly one gets each day. True when this one did.
 */
export async function claimDay(db: Db, key: string, day: string, now: Date): Promise<boolean> {
  const claimed = await db
    .insert(appMeta)
    .values({ key, value: day, updatedAt: now })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: { value: day, updatedAt: now },
      setWhere: sql`${appMeta.value} < ${day}`,
    })
    .returning({ key: appMeta.key });
  return claimed.length > 0;
}
