import { asc, eq, inArray, sql } from "drizzle-orm";
import type { CustomerMergeResult } from "../../../contract/customers";
import type { AppContext } from "../../context";
import { customers, orders, taxDocuments, transactions, users } from "../../db/schema";
import { conflict, notFound, validationError } from "../../errors";
import { nairobiDate } from "../../time";
import { sessionCacheOf } from "../auth/session-cache";
import { toCustomer } from "./service";

/**
 * Two records of one customer become one: `fromId`'s orders and client accounts move to `intoId`, and
 * `fromId` is deactivated with a note saying where it went (never deleted: its history stays readable).
 * Orders keep the name they were placed under; they now belong to the kept customer.
 */
export function mergeCustomers(
  ctx: AppContext,
  fromId: number,
  intoId: number,
): Promise<CustomerMergeResult> {
  if (fromId === intoId) {
    throw validationError("A customer cannot be merged into itself", { intoId: "Choose another customer" });
  }
  const merged = ctx.database.tx(async (db) => {
    // Both rows locked in id order, so two merges of the same pair cannot cross.
    const rows = await db
      .select()
      .from(customers)
      .where(inArray(customers.id, [fromId, intoId]))
      .orderBy(asc(customers.id))
      .for("update");
    const from = rows.find((r) => r.id === fromId);
    const into = rows.find((r) => r.id === intoId);
    if (!from) throw notFound("Customer");
    if (!into)
      throw validationError("Choose the customer to keep", { intoId: "Choose an existing customer" });
    if (!into.isActive) throw conflict(`${into.name} is inactive; merge into an active customer`);
    const now = ctx.clock.now();
    const moved = await db
      .update(orders)
      .set({ customerId: into.id, updatedAt: now })
      .where(eq(orders.customerId, from.id))
      .returning({ id: orders.id });
    // Their invoices and credit notes stay as issued (buyer name and PIN); only whose account they are moves.
    await db.update(taxDocuments).set({ customerId: into.id }).where(eq(taxDocuments.customerId, from.id));
    await db.update(transactions).set({ customerId: into.id }).where(eq(transactions.customerId, from.id));
    const accounts = await db
      .update(users)
      .set({ customerId: into.id })
      .where(eq(users.customerId, from.id))
      .returning({ id: users.id });
    const note = `Merged into customer #${into.id} (${into.name}) on ${nairobiDate(now)}.`;
    await db
      .update(customers)
      .set({
        isActive: false,
        notes: sql`concat_ws(E'\\n', ${customers.notes}, ${note}::text)`,
        updatedAt: now,
      })
      .where(eq(customers.id, from.id));
    return { customer: toCustomer(into), ordersMoved: moved.length, accountsMoved: accounts.length };
  });
  // Signed-in accounts of the merged customer now order for the kept one.
  return merged.then((result) => {
    sessionCacheOf(ctx.database).forget();
    return result;
  });
}
