import { sql } from "drizzle-orm";
import { integer, pgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Database, rowsOf } from "../db/adapter";
import { openTestDatabase } from "../testing/test-database";
import { sortedPages } from "./list-pages";

// One connection, so the pages below are all prepared where they are counted.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase({ poolSize: 1 });
  await database.tx(async (db) => {
    await db.execute(sql`create table cane_probe (id int primary key, position int not null)`);
    await db.execute(sql`insert into cane_probe select g, 100 - g from generate_series(1, 40) g`);
  });
});
afterAll(() => database.close());

const canes = pgTable("cane_probe", {
  id: integer("id").primaryKey(),
  position: integer("position").notNull(),
});
const canePage = sortedPages<"position", Record<never, never>, { id: number }>(
  "test_cane_page",
  { position: canes.position },
  canes.id,
  () => sql`select ${canes.id} as id from ${canes}`,
);

it("answers each page in the sort's order, each sort planned once for every limit and offset", async () => {
  const pages = await database.read(async (db) => {
    const read: number[][] = [];
    for (let offset = 0; offset < 40; offset += 5) {
      const page = await canePage(db, { sort: "position", order: "asc", limit: 5, offset });
      read.push(page.map((c) => c.id));
      // A statement sent with its values between pages, as a request's own reads are.
      await rowsOf(db, sql`select ${offset}::int as at`);
    }
    return read;
  });
  expect(pages.flat()).toEqual(Array.from({ length: 40 }, (_, i) => 40 - i));
  const plans = await database.read((db) =>
    rowsOf<{ custom: number; generic: number }>(
      db,
      sql`select custom_plans::int as custom, generic_plans::int as generic
          from pg_prepared_statements where name = 'test_cane_page_position_asc'`,
    ),
  );
  expect(plans).toEqual([{ custom: 0, generic: 8 }]);
});
