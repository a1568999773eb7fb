import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/adapter";

/** What an order's number starts with: ORD- and the year it was placed in. */
export const orderNumberPrefix = (placedAt: Date) => `ORD-${placedAt.getUTCFullYear()}-`;

/**
 * The next unique, human-readable order number, e.g. ORD-2026-000123 (year of placement, global sequence), as
 * an expression the order's INSERT evaluates: one round trip fewer than asking for it first. `prefix` is
 * `orderNumberPrefix`, or a placeholder for it in a prepared statement.
 */
export function orderNumberOf(prefix: string | Placeholder): SQL<string> {
  return sql<string>`${prefix}::text || lpad(nextval('order_number_seq')::text, 6, '0')`;
}

/** The same number asked for on its own (the demo seed, which writes orders row by row). */
export async function nextOrderNumber(db: Db, placedAt: Date): Promise<string> {
  const [row] = await rowsOf<{ n: string }>(
    db,
    sql`select ${orderNumberOf(orderNumberPrefix(placedAt))} as n`,
  );
  return row!.n;
}
