import { sql } from "drizzle-orm";
import type { TaxDocumentKind } from "../../../contract/invoices";
import { type Db, rowsOf } from "../../db/adapter";

const prefixes: Record<TaxDocumentKind, string> = { invoice: "INV", credit_note: "CN" };

/**
 * The next number of a kind of document (INV-000042), taken in the issuing transaction: the counter row is
 * locked until it commits, so two issuers never share a number, and a rollback hands it back (no gap).
 */
export async function nextDocumentNumber(db: Db, kind: TaxDocumentKind): Promise<string> {
  const [row] = await rowsOf<{ last: number }>(
    db,
    sql`insert into document_counters (kind, last) values (${kind}, 1)
        on conflict (kind) do update set last = document_counters.last + 1
        returning last`,
  );
  return `${prefixes[kind]}-${String(row!.last).padStart(6, "0")}`;
}
