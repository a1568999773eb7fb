import { eq } from "drizzle-orm";
import type { ClientTaxDetails } from "../../../contract/settings";
import type { AppContext } from "../../context";
import { customers, users } from "../../db/schema";
import { conflict } from "../../errors";

/** The customer record a client account buys for. */
async function customerOf(ctx: AppContext, userId: number): Promise<number> {
  const [row] = await ctx.database.read((db) =>
    db.select({ customerId: users.customerId }).from(users).where(eq(users.id, userId)),
  );
  if (!row?.customerId) throw conflict("This account has no customer record yet; please contact us");
  return row.customerId;
}

export async function clientTaxDetails(ctx: AppContext, userId: number): Promise<ClientTaxDetails> {
  const customerId = await customerOf(ctx, userId);
  const [row] = await ctx.database.read((db) =>
    db.select({ kraPin: customers.kraPin }).from(customers).where(eq(customers.id, customerId)),
  );
  return { kraPin: row?.kraPin ?? null };
}

/** The client's KRA PIN, on invoices issued from now on (those already issued stay as they were). */
export async function saveClientTaxDetails(
  ctx: AppContext,
  userId: number,
  kraPin: string | null,
): Promise<ClientTaxDetails> {
  const customerId = await customerOf(ctx, userId);
  await ctx.database.tx((db) =>
    db.update(customers).set({ kraPin, updatedAt: ctx.clock.now() }).where(eq(customers.id, customerId)),
  );
  return { kraPin };
}
