import { desc, eq } from "drizzle-orm";
import { type Consents, type MarketingConsentInput, marketingWording } from "../../../contract/data-rights";
import type { Language } from "../../../contract/languages";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { consents, users } from "../../db/schema";
import { sessionCacheOf } from "../auth/session-cache";
import type { SessionUserRow } from "../auth/sessions";

/** GET /api/client/consents */
export async function readConsents(ctx: AppContext, userId: number): Promise<Consents> {
  const [rows, [account]] = await ctx.database.read(async (db) => [
    await db.select().from(consents).where(eq(consents.userId, userId)).orderBy(desc(consents.id)),
    await db.select({ since: users.marketingConsentAt }).from(users).where(eq(users.id, userId)),
  ]);
  return {
    marketing: account?.since != null,
    history: rows.map((r) => ({
      kind: r.kind,
      granted: r.granted,
      wording: r.wording,
      language: r.language,
      at: r.at.toISOString(),
    })),
  };
}

/**
 * Records a marketing choice with the exact words shown, in the language shown: the consent row and the
 * account's current state change together.
 */
export async function recordMarketingChoice(
  db: Db,
  input: { userId: number; granted: boolean; language: Language; now: Date },
): Promise<void> {
  await db.insert(consents).values({
    userId: input.userId,
    kind: "marketing",
    granted: input.granted,
    wording: marketingWording[input.language],
    language: input.language,
    at: input.now,
  });
  await db
    .update(users)
    .set({ marketingConsentAt: input.granted ? input.now : null })
    .where(eq(users.id, input.userId));
}

/** PUT /api/client/consents/marketing */
export async function setMarketingConsent(
  ctx: AppContext,
  user: SessionUserRow,
  input: MarketingConsentInput,
): Promise<void> {
  const language = input.language ?? user.language;
  const now = ctx.clock.now();
  await ctx.database.tx((db) =>
    recordMarketingChoice(db, { userId: user.id, granted: input.granted, language, now }),
  );
  sessionCacheOf(ctx.database).forget();
}
