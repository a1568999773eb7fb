import type { BusinessDetails } from "../../../contract/settings";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { businessSettings } from "../../db/schema";

/** The business's name and contacts (the migration writes the one settings row). */
export async function businessDetails(db: Db): Promise<BusinessDetails> {
  const [row] = await db
    .select({
      tradeName: businessSettings.tradeName,
      address: businessSettings.address,
      phone: businessSettings.phone,
      email: businessSettings.email,
    })
    .from(businessSettings);
  return row ?? { tradeName: "Urithi Genetics Ltd", address: "Nakuru, Kenya", phone: null, email: null };
}

export const readBusinessDetails = (ctx: AppContext) => ctx.database.read(businessDetails);

/** A Director changes them; who and when stay on the row. */
export async function saveBusinessDetails(
  ctx: AppContext,
  input: BusinessDetails,
  actorUserId: number,
): Promise<BusinessDetails> {
  const changed = { ...input, updatedAt: ctx.clock.now(), updatedBy: actorUserId };
  await ctx.database.tx((db) =>
    db
      .insert(businessSettings)
      .values({ id: 1, ...changed })
      .onConflictDoUpdate({ target: businessSettings.id, set: changed }),
  );
  return readBusinessDetails(ctx);
}

/** The lines at the head of a printed report: name, address, then phone and email. */
export const letterheadOf = (b: BusinessDetails): string[] =>
  [b.tradeName, b.address, [b.phone, b.email].filter(Boolean).join(" · ")].filter(Boolean);
