import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openPglite, openPostgres } from "../db/adapter";

/** What the run's template setup provided (template-setup.ts), or nothing outside such a run. */
function provided<K extends "pgliteTemplate" | "postgresTemplate" | "pgliteSeeded" | "postgresSeeded">(
  key: K,
): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/**
 * A fresh database for one test file, already migrated when the run made a template: in-memory PGlite by
 * default, or a new database on the PostgreSQL server named by TEST_DATABASE_URL when the test project runs
 * with TEST_DB=postgres (a pool of 20 connections unless `poolSize` says otherwise). `seeded` starts it
 * with the demo data the run seeded once.
 */
export async function openTestDatabase(
  options: { poolSize?: number; seeded?: boolean } = {},
): Promise<Database> {
  if (process.env.TEST_DB !== "postgres") {
    const template = (options.seeded && provided("pgliteSeeded")) || provided("pgliteTemplate");
    return openPglite(undefined, template ? readFileSync(template) : undefined);
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `urithi_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = (options.seeded && provided("postgresSeeded")) || provided("postgresTemplate");
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), options.poolSize ?? 20);
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
