import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "./adapter";

/**
 * PostgreSQL's autovacuum, for PGlite, which has none. Every updated row leaves its old version behind;
 * without a vacuum, indexes keep pointing at them and every scan steps over them (after 20,000 recorded
 * services the 5,000-product catalogue's table had 31,000 dead rows and its searches took three times as
 * long). The rules are autovacuum's own, from the statistics PGlite keeps, each on its own threshold: a table
 * is vacuumed once its dead rows pass 50 + 20% of its live ones, and analysed once 50 + 10% of its rows
 * changed since the last look. On PostgreSQL the server's autovacuum does this and nothing is done here.
 */
export async function vacuumWhereDue(database: Database): Promise<string[]> {
  if (database.kind !== "pglite") return [];
  const due = await database.read((db) =>
    rowsOf<{ table: string; vacuum: boolean; analyze: boolean }>(
      db,
      sql`select "table", "vacuum", "analyze"
          from (select relname as "table", n_dead_tup as dead,
                       n_dead_tup > 50 + 0.2 * n_live_tup as "vacuum",
                       n_mod_since_analyze > 50 + 0.1 * n_live_tup as "analyze"
                from pg_stat_user_tables where schemaname = 'public') due
          where "vacuum" or "analyze"
          order by dead desc`,
    ),
  );
  // One statement per turn of the queue, so requests wait for one table's vacuum or analyze at most, never
  // for a table's both or for every table's.
  for (const { table, vacuum, analyze } of due) {
    const name = sql.identifier(table);
    if (vacuum) await database.read((db) => db.execute(sql`vacuum ${name}`));
    if (analyze) await database.read((db) => db.execute(sql`analyze ${name}`));
  }
  return due.map((d) => d.table);
}
