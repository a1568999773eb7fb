import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database";
import { customers } from "../../db/schema";
import { validationError } from "../../errors";

/** The active customer with this name (case-insensitive); orders are placed for existing customers only. */
export async function findCustomerByName(db: Db, name: string, field = "customerName") {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(sql`lower(${customers.name})`, name.trim().toLowerCase()), eq(customers.isActive, true)))
    .orderBy(asc(customers.id))
    .limit(1);
  if (!row) {
    throw validationError(`No active customer is called "${name}"`, {
      [field]: "Choose an existing customer",
    });
  }
  return row;
}
