import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";

import { applyMigrations, type Database, openPglite, openPostgres } from "../db/adapter";
import { writePgliteTemplate } from "../db/pglite-template";
import { prepareDatabase } from "../db/prepare";
import { fromProjectRoot } from "../paths";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite's folder, dumped, for each test file to start from. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database each test file's database is created from. */
    postgresTemplate: string;
    /** The same, with the demo data seeded at the run's start: most test apps start from it. */
    pgliteSeeded: string;
    postgresSeeded: string;
  }
}

/** Names the migrations and the PGlite that ran them: a template made from others is never used. */
function migrationsHash(): string {
  const hash = createHash("sha256");
  const folder = fromProjectRoot("drizzle");
  for (const file of readdirSync(folder).sort()) {
    if (file.endsWith(".sql")) hash.update(file).update(readFileSync(path.join(folder, file)));
  }
  hash.update(readFileSync(path.join(folder, "meta/_journal.json")));
  hash.update(
    JSON.parse(readFileSync(fromProjectRoot("node_modules/@electric-sql/pglite/package.json"), "utf8"))
      .version,
  );
  return hash.digest("hex").slice(0, 16);
}

/** PGlite's template: a dump of a migrated database, kept in node_modules/.cache until the migrations change. */
async function pgliteTemplate(hash: string): Promise<string> {
  const dir = fromProjectRoot("node_modules/.cache/urithi-test-templates");
  const file = path.join(dir, `pglite-${hash}.tgz`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  for (const old of readdirSync(dir)) {
    if (!old.startsWith(`pglite-${hash}`)) rmSync(path.join(dir, old), { force: true });
  }
  await writePgliteTemplate(file);
  return file;
}

/**
 * PostgreSQL's template: a migrated database that `CREATE DATABASE … TEMPLATE` copies, kept on the server
 * until the migrations change. It is made under another name and renamed once whole.
 */
async function postgresTemplate(adminUrl: string, hash: string): Promise<string> {
  const name = `urithi_tpl_${hash}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'urithi_tpl_%'",
    );
    if (rows.some((r) => r.datname === name)) return name;
    for (const old of rows) await admin.query(`drop database if exists ${old.datname} with (force)`);
    const making = `urithi_making_${randomBytes(5).toString("hex")}`;
    await admin.query(`create database ${making}`);
    const url = new URL(adminUrl);
    url.pathname = `/${making}`;
    const database = await openPostgres(url.toString(), 2);
    await database.exclusive((db) => applyMigrations(database, db));
    await database.close();
    await admin.query(`alter database ${making} rename to ${name}`).catch(async (error) => {
      // Another run made it meanwhile.
      await admin.query(`drop database if exists ${making}`);
      if (!String(error).includes("already exists")) throw error;
    });
    return name;
  } finally {
    await admin.end();
  }
}

/** Seeds the demo data as a test app would (createTestApp), now. */
const seed = (database: Database) => prepareDatabase(database, { seedDemo: true, now: new Date() });

/**
 * PGlite with the demo data seeded, dumped for this run only: the seed's dates follow the day it ran, and
 * seeding (6 s) in each of a hundred files cost more than all their tests.
 */
async function pgliteSeeded(template: string): Promise<{ file: string; remove: () => void }> {
  const file = `${template.replace(/\.tgz$/, "")}-seeded-${process.pid}-${randomBytes(3).toString("hex")}.tgz`;
  const database = await openPglite(undefined, readFileSync(template));
  await seed(database);
  await database.dump(file, []);
  await database.close();
  return { file, remove: () => rmSync(file, { force: true }) };
}

/** PostgreSQL's seeded template for this run, dropped at its end. */
async function postgresSeeded(adminUrl: string, template: string) {
  const name = `urithi_seeded_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 2);
  await seed(database);
  await database.close();
  return {
    name,
    remove: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * One migrated database for every test file to copy instead of migrating its own (34 migrations cost most of
 * a one-test file's time): PGlite's folder dumped to a file, or a PostgreSQL database used as a template. A
 * second one holds the demo data too.
 */
export default async function setup(project: TestProject) {
  const hash = migrationsHash();
  if (project.name === "postgres") {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const template = await postgresTemplate(adminUrl, hash);
    project.provide("postgresTemplate", template);
    const seeded = await postgresSeeded(adminUrl, template);
    project.provide("postgresSeeded", seeded.name);
    return seeded.remove;
  }
  const template = await pgliteTemplate(hash);
  project.provide("pgliteTemplate", template);
  const seeded = await pgliteSeeded(template);
  project.provide("pgliteSeeded", seeded.file);
  return seeded.remove;
}
