import type { AppContext } from "../../context";
import { businessSettings } from "../../db/schema";

/** Writes some of the business's one settings row, with who changed it and when. */
export async function writeSettings(
  ctx: AppContext,
  changes: Omit<Partial<typeof businessSettings.$inferInsert>, "id" | "updatedAt" | "updatedBy">,
  actorUserId: number,
): Promise<void> {
  const changed = { ...changes, updatedAt: ctx.clock.now(), updatedBy: actorUserId };
  await ctx.database.tx((db) =>
    db
      .insert(businessSettings)
      .values({ id: 1, ...changed })
      .onConflictDoUpdate({ target: businessSettings.id, set: changed }),
  );
}
