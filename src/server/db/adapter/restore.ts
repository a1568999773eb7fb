import { renameSync } from "node:fs";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { lockDataFolder } from "./data-lock";
import { emptyFolder, libpq, run, toolFailure } from "./dump";
import { pgliteOnFolder } from "./pglite-folder";

/** A restore that would overwrite data, or that cannot go where it was asked to. */
export class RestoreRefused extends Error {}

/**
 * Loads a PGlite dump (its data folder as a gzipped tar) into `dataDir`, which must be empty: with `force`, a
 * folder in use is set aside beside it (`pgdata.before-restore-…`), never deleted. Refuses while an app holds
 * the folder.
 */
export async function restorePgliteFolder(dataDir: string, dumpFile: string, force: boolean): Promise<void> {
  const lock = lockDataFolder(dataDir);
  try {
    if (!emptyFolder(dataDir)) {
      if (!force) {
        throw new RestoreRefused(
          `The data folder ${dataDir} is not empty: restore into an empty one, or add --force to set it aside`,
        );
      }
      renameSync(dataDir, `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`);
    }
    const db = await pgliteOnFolder({ dataDir, loadDataDir: new Blob([await readFile(dumpFile)]) });
    await db.waitReady;
    await db.close();
  } finally {
    lock.release();
  }
}

/** Tables and schemas of ours in the database at `url`, to tell an empty database from one in use. */
async function inUse(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_catalog.pg_class c join pg_catalog.pg_namespace s on s.oid = c.relnamespace
     where c.relkind in ('r', 'p') and s.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`,
  );
  return rows[0]!.n > 0;
}

/**
 * Makes sure the database at `url` holds no tables: with `force` its `public` and `drizzle` schemas are
 * dropped, otherwise one that does is refused.
 */
export async function emptyPostgres(url: string, force: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    if (!(await inUse(client))) return;
    if (!force) {
      throw new RestoreRefused(
        "The database is not empty: restore into an empty one, or add --force to replace what it holds",
      );
    }
    await client.query(
      "drop schema if exists drizzle cascade; drop schema public cascade; create schema public",
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Loads a `pg_dump -Fc` file into the database at `url`, which must hold no tables (see `emptyPostgres`).
 * pg_restore runs in one transaction, so a failure leaves nothing.
 */
export async function restorePostgresDatabase(url: string, dumpFile: string, force: boolean): Promise<void> {
  await emptyPostgres(url, force);
  const { dbname, env } = libpq(url);
  await run(
    process.env.PG_RESTORE ?? "pg_restore",
    ["--no-owner", "--no-acl", "--exit-on-error", "--single-transaction", `--dbname=${dbname}`, dumpFile],
    { env, maxBuffer: 16 * 1024 * 1024 },
  ).catch((error) => {
    throw toolFailure("pg_restore", error);
  });
}
