import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/adapter";
import { customers } from "../../db/schema";
import { conflict, validationError } from "../../errors";

/**
 * The active customer an order is for: by id when the form picked one, else by name (the SPEC's New Order
 * body), case-insensitively. Two active customers with one name are never guessed between (the lowest id
 * used to win, silently): the caller is told to choose by id.
 */
export async function findCustomer(
  db: Db,
  by: { customerId?: number | null; customerName?: string | null },
  field = "customerName",
) {
  if (by.customerId) {
    const [row] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.id, by.customerId), eq(customers.isActive, true)));
    if (!row) throw validationError("Choose an active customer", { customerId: "Choose an active customer" });
    return row;
  }
  const name = (by.customerName ?? "").trim();
  const rows = await db
    .select()
    .from(customers)
    .where(and(eq(sql`lower(${customers.name})`, name.toLowerCase()), eq(customers.isActive, true)))
    .orderBy(asc(customers.id))
    .limit(2);
  if (rows.length === 0) {
    throw validationError(`No active customer is called "${name}"`, {
      [field]: "Choose an existing customer",
    });
  }
  if (rows.length > 1) {
    throw conflict(`Two active customers are called "${name}"; choose one by id (customerId)`);
  }
  return rows[0]!;
}
