import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/database";

/**
 * The next unique, human-readable order number, e.g. ORD-2026-000123 (year of placement, global sequence), as
 * an expression the order's INSERT evaluates: one round trip fewer than asking for it first.
 */
export function orderNumberOf(placedAt: Date): SQL<string> {
  return sql<string>`${`ORD-${placedAt.getUTCFullYear()}-`} || lpad(nextval('order_number_seq')::text, 6, '0')`;
}

/** The same number asked for on its own (the demo seed, which writes orders row by row). */
export async function nextOrderNumber(db: Db, placedAt: Date): Promise<string> {
  const [row] = await rowsOf<{ n: string }>(db, sql`select ${orderNumberOf(placedAt)} as n`);
  return row!.n;
}
