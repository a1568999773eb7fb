import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { fromProjectRoot } from "../../paths";
import * as schema from "../schema";
import { pgliteOnFolder } from "./pglite-folder";

/** Rows moved per statement: a few hundred kilobytes of JSON. */
const BATCH = 1000;

interface Table {
  name: string;
  /** The columns a row is written with: every stored one but those PostgreSQL generates itself. */
  columns: string[];
  /** Its primary key's columns, which order the copy. */
  key: string[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The app's tables, each after every table it refers to, with their columns. */
async function tablesInOrder(source: PGlite): Promise<Table[]> {
  const { rows: columns } = await source.query<{ table: string; column: string; key: boolean }>(
    `select c.relname as table, a.attname as column,
            coalesce(a.attnum = any(i.indkey), false) as key
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     left join pg_index i on i.indrelid = c.oid and i.indisprimary
     where n.nspname = 'public' and c.relkind = 'r' order by c.relname, a.attnum`,
  );
  const { rows: references } = await source.query<{ table: string; refers: string }>(
    `select conrelid::regclass::text as table, confrelid::regclass::text as refers from pg_constraint
     where contype = 'f' and connamespace = 'public'::regnamespace and conrelid <> confrelid`,
  );
  const tables = new Map<string, Table>();
  for (const c of columns) {
    const t = tables.get(c.table) ?? { name: c.table, columns: [], key: [] };
    t.columns.push(c.column);
    if (c.key) t.key.push(c.column);
    tables.set(c.table, t);
  }
  const ordered: Table[] = [];
  const placed = new Set<string>();
  const place = (name: string) => {
    if (placed.has(name)) return;
    placed.add(name);
    for (const r of references) if (r.table === name) place(r.refers.replaceAll('"', ""));
    const table = tables.get(name);
    if (table) ordered.push(table);
  };
  for (const name of tables.keys()) place(name);
  return ordered;
}

/**
 * Moves the business from an embedded PGlite folder into an empty PostgreSQL database: both are migrated to
 * this build's level, then every table is copied in one transaction, parents first, with the tables'
 * triggers off (the copied summary tables are already right) and ids kept as they were; last, every
 * sequence continues where it stood. The folder is left as it was.
 */
export async function movePgliteIntoPostgres(pgliteDir: string, url: string): Promise<void> {
  const migrationsFolder = fromProjectRoot("drizzle");
  // PGlite's driver and migrator are loaded for the move only, never at a server's start (decision 46).
  const [{ drizzle }, { migrate }] = await Promise.all([
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const source = await pgliteOnFolder({ dataDir: pgliteDir });
  const target = new pg.Client({ connectionString: url });
  target.on("error", () => {});
  try {
    await migrate(drizzle({ client: source, schema }), { migrationsFolder });
    await target.connect();
    await migratePg(drizzlePg({ client: target, schema }), { migrationsFolder });
    const tables = await tablesInOrder(source);
    await target.query("begin");
    // Triggers off first: the audit trail's refuses a TRUNCATE, and the copied summary tables are already right.
    for (const table of tables) await target.query(`alter table ${quote(table.name)} disable trigger user`);
    // What the migrations wrote into the new database gives way to what the business holds.
    await target.query(`truncate ${tables.map((t) => quote(t.name)).join(", ")} restart identity cascade`);
    for (const table of tables) {
      const name = quote(table.name);
      const columns = table.columns.map(quote).join(", ");
      const order = (table.key.length ? table.key : table.columns).map(quote).join(", ");
      for (let offset = 0; ; offset += BATCH) {
        const { rows } = await source.query<{ rows: string | null }>(
          `select json_agg(r)::text as rows from
             (select ${columns} from ${name} order by ${order} limit ${BATCH} offset ${offset}) r`,
        );
        const batch = rows[0]?.rows;
        if (!batch) break;
        await target.query(
          `insert into ${name} (${columns}) overriding system value
           select ${columns} from json_populate_recordset(null::${name}, $1::json)`,
          [batch],
        );
      }
      await target.query(`alter table ${name} enable trigger user`);
    }
    const { rows: sequences } = await source.query<{ name: string; value: string | null }>(
      `select quote_ident(sequencename) as name, last_value::text as value from pg_sequences
       where schemaname = 'public'`,
    );
    for (const s of sequences) {
      await target.query("select setval($1::regclass, $2::bigint, $3)", [
        s.name,
        s.value ?? "1",
        s.value !== null,
      ]);
    }
    await target.query("commit");
  } catch (error) {
    await target.query("rollback").catch(() => {});
    throw error;
  } finally {
    await target.end().catch(() => {});
    await source.close();
  }
}
