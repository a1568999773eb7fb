import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../testing/test-database";
import { nairobiDate } from "../../time";
import { type Database, rowsOf, together } from "../adapter";
import { functionFiles, migrationFunctions, normalised } from "./functions";

/** Each SQL function has one current source file, and the migrations' last definition of it is that file. */
describe("SQL functions", () => {
  const files = functionFiles();
  const migrated = migrationFunctions();

  it("are each in src/server/db/sql as the migrations last defined them", () => {
    expect([...files.keys()].sort()).toEqual([...migrated.keys()].sort());
    for (const [name, text] of files) {
      expect(normalised(text), `${name}.sql differs from its last migration: npm run db:functions`).toBe(
        normalised(migrated.get(name)!),
      );
    }
  });

  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it("are every function the migrated database has, extensions' aside", async () => {
    const rows = await database.read((db) =>
      rowsOf<{ name: string }>(
        db,
        `select distinct p.proname as name from pg_proc p
         where p.pronamespace = 'public'::regnamespace
           and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
         order by 1`,
      ),
    );
    expect(rows.map((r) => r.name)).toEqual([...files.keys()].sort());
  });

  it("agree with the TypeScript where a rule is in both: the Nairobi day of an instant", async () => {
    // Around Nairobi's midnight (21:00 UTC), at the turn of a year and of a leap day.
    const instants = [
      "2026-11-27T20:59:59.999Z",
      "2026-11-27T21:00:00Z",
      "2026-12-31T21:00:00Z",
      "2028-02-28T21:30:00Z",
      "2026-06-15T00:00:00+03:00",
    ];
    const days = await database.read((db) =>
      together(
        instants.map((instant) =>
          rowsOf<{ day: string }>(db, sql`select nairobi_day(${instant}::timestamptz)::text as day`),
        ),
      ),
    );
    expect(days.map(([row]) => row!.day)).toEqual(instants.map((i) => nairobiDate(new Date(i))));
  });
});
