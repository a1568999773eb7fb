import { sql } from "drizzle-orm";
import type { Db } from "../../db/database";

/** Next unique, human-readable order number, e.g. ORD-2026-000123 (year of placement, global sequence). */
export async function nextOrderNumber(db: Db, placedAt: Date): Promise<string> {
  // Both drivers answer `{ rows }`; the shared database type does not say so.
  const result = (await db.execute(sql`select nextval('order_number_seq')::text as n`)) as unknown as {
    rows: { n: string }[];
  };
  const n = result.rows[0]!.n;
  return `ORD-${placedAt.getUTCFullYear()}-${n.padStart(6, "0")}`;
}
