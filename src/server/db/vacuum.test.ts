import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openTestDatabase } from "../testing/test-database";
import { type Database, rowsOf } from "./adapter";
import { vacuumWhereDue } from "./vacuum";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.tx(async (db) => {
    await db.execute(sql`create table vacuum_probe (id int primary key, n int not null)`);
    await db.execute(sql`insert into vacuum_probe select g, 0 from generate_series(1, 1000) g`);
  });
});
afterAll(() => database.close());

/** Statistics reach the views at most once a second unless a flush is asked for. */
const flushStats = () => database.read((db) => db.execute(sql`select pg_stat_force_next_flush()`));
const deadRows = async () => {
  await flushStats();
  const [row] = await database.read((db) =>
    rowsOf<{ dead: number }>(
      db,
      sql`select n_dead_tup::int as dead from pg_stat_user_tables where relname = 'vacuum_probe'`,
    ),
  );
  return row?.dead ?? 0;
};

it("vacuums a PGlite table once its dead rows pass autovacuum's threshold, and leaves it alone below", async () => {
  if (database.kind !== "pglite") {
    // The server's autovacuum looks after PostgreSQL.
    expect(await vacuumWhereDue(database)).toEqual([]);
    return;
  }
  // Freshly filled: analysed (its planner statistics gathered), nothing to vacuum.
  await flushStats();
  expect(await vacuumWhereDue(database)).toContain("vacuum_probe");
  // 100 updated rows: under 50 + 20% of 1,000, so nothing to do for this table.
  await database.tx((db) => db.execute(sql`update vacuum_probe set n = n + 1 where id <= 100`));
  expect(await deadRows()).toBe(100);
  expect(await vacuumWhereDue(database)).not.toContain("vacuum_probe");
  expect(await deadRows()).toBe(100);
  // Every row updated twice more: some 2,100 dead rows (less what page pruning took back), well past it.
  for (let i = 0; i < 2; i++) await database.tx((db) => db.execute(sql`update vacuum_probe set n = n + 1`));
  expect(await deadRows()).toBeGreaterThan(1000);
  await flushStats();
  expect(await vacuumWhereDue(database)).toContain("vacuum_probe");
  expect(await deadRows()).toBe(0);
  expect(await vacuumWhereDue(database)).not.toContain("vacuum_probe");
});

it("samples the outbox at 3,000 rows, so an ANALYZE of it holds PGlite's one connection for little time", async () => {
  // ANALYZE samples 300 rows per point of the largest statistics target of a table's columns (decision 48).
  const targets = await database.read((db) =>
    rowsOf<{ column: string; target: number | null }>(
      db,
      sql`select attname as "column", attstattarget::int as target from pg_attribute
          where attrelid = 'outbox'::regclass and attnum > 0 and not attisdropped`,
    ),
  );
  expect(targets.length).toBeGreaterThan(10);
  // A column left at the default (-1 before PostgreSQL 17, null since) would sample 30,000 rows again.
  expect(targets.filter((t) => t.target === null || t.target < 0 || t.target > 10)).toEqual([]);
});
