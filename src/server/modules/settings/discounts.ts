import { eq, sql } from "drizzle-orm";
import type { DiscountSettings, DiscountSettingsRead } from "../../../contract/settings";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { businessSettings, users } from "../../db/schema";
import { writeSettings } from "./row";

/** The Sales Manager's discount limit (the migration writes the one settings row). */
export async function salesDiscountLimit(db: Db): Promise<number> {
  const [row] = await db.select({ pct: businessSettings.salesDiscountLimitPct }).from(businessSettings);
  return row?.pct ?? 10;
}

export function readDiscountSettings(ctx: AppContext): Promise<DiscountSettingsRead> {
  return ctx.database.read(async (db) => {
    const [row] = await db
      .select({
        pct: businessSettings.salesDiscountLimitPct,
        updatedAt: businessSettings.updatedAt,
        by: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      })
      .from(businessSettings)
      .leftJoin(users, eq(users.id, businessSettings.updatedBy));
    return {
      salesDiscountLimitPct: row?.pct ?? 10,
      updatedAt: row?.updatedAt?.toISOString() ?? null,
      updatedBy: row?.by ?? null,
    };
  });
}

/** A Director sets the limit; who and when stay on the row. */
export async function saveDiscountSettings(
  ctx: AppContext,
  input: DiscountSettings,
  actorUserId: number,
): Promise<DiscountSettingsRead> {
  await writeSettings(ctx, { salesDiscountLimitPct: input.salesDiscountLimitPct }, actorUserId);
  return readDiscountSettings(ctx);
}
