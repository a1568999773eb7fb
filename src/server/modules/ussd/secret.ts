import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Database } from "../../db/adapter";
import { generatedSecrets } from "../../db/schema";

const NAME = "ussd";
/** Per database: the generated secret never changes once made, so each instance reads it once. */
const known = new WeakMap<Database, Promise<string>>();

/**
 * The secret the USSD callback expects: USSD_SECRET, else in demo mode one generated once and kept in the
 * database, so every instance and the simulator page agree on it; undefined (the route answers 404) otherwise.
 */
export function ussdSecret(ctx: AppContext): Promise<string | undefined> {
  if (ctx.config.messaging.ussdSecret) return Promise.resolve(ctx.config.messaging.ussdSecret);
  if (!ctx.config.demoMode) return Promise.resolve(undefined);
  let secret = known.get(ctx.database);
  if (!secret) {
    secret = ctx.database.tx(async (db) => {
      await db
        .insert(generatedSecrets)
        .values({ name: NAME, value: randomBytes(24).toString("base64url") })
        .onConflictDoNothing();
      const [row] = await db.select().from(generatedSecrets).where(eq(generatedSecrets.name, NAME));
      return row!.value;
    });
    secret.catch(() => known.delete(ctx.database));
    known.set(ctx.database, secret);
  }
  return secret;
}
