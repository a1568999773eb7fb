import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, expect, inject, it } from "vitest";
import { fromProjectRoot } from "../paths";
import { openPglite, rowsOf } from "./adapter";
import { startingPoint } from "./pglite-template";

const dir = mkdtempSync(path.join(tmpdir(), "urithi-template-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const journal = JSON.parse(readFileSync(fromProjectRoot("drizzle", "meta", "_journal.json"), "utf8"));

it("a new data folder starts from the migrated template, and a folder in use never does", async () => {
  // The test run's template is written by the same writePgliteTemplate as `npm run build`'s.
  const template = inject("pgliteTemplate");
  const folder = path.join(dir, "pgdata");
  const start = startingPoint(folder, template);
  expect(start?.length).toBeGreaterThan(0);

  const database = await openPglite(folder, start);
  const [row] = await database.read((db) =>
    rowsOf<{ migrations: number; orders: number }>(
      db,
      sql`select (select count(*) from drizzle.__drizzle_migrations)::int as migrations,
                 (select count(*) from orders)::int as orders`,
    ),
  );
  expect(row).toEqual({ migrations: journal.entries.length, orders: 0 });
  await database.close();

  expect(startingPoint(folder, template)).toBeUndefined();
  expect(startingPoint(path.join(dir, "none"), path.join(dir, "no-template.tgz"))).toBeUndefined();
  mkdirSync(path.join(dir, "other"));
  writeFileSync(path.join(dir, "other", "PG_VERSION"), "17");
  expect(startingPoint(path.join(dir, "other"), template)).toBeUndefined();
});
