/**
 * What the database benches share: their own reads, pgbench running a script of the SQL a request runs (the
 * native ceiling a route is compared with), the upkeep between runs, and running a bench on PGlite and on
 * PostgreSQL.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { type Database, openPglite, rowsOf } from "../src/server/db/adapter";
import { vacuumWhereDue } from "../src/server/db/vacuum";
import { scratchPostgres } from "./scratch";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The rows a bench's own query reads, outside any transaction. */
export const rowsIn = <T>(database: Database, query: ReturnType<typeof sql>) =>
  database.read((db) => rowsOf<T>(db, query));

/**
 * A script in bench/, with each `\include file` line (ours: pgbench has no includes) replaced by that file,
 * so the SQL two routes share is written once.
 */
function scriptText(name: string): string {
  return readFileSync(path.join(here, name), "utf8").replace(/^\\include (\S+)$/gm, (_, file: string) =>
    scriptText(file),
  );
}

/**
 * pgbench running bench/`script` from `clients` connections for `seconds` on `url`, with `defines` as its
 * -D variables: its transactions per second. A client that fails a statement aborts pgbench, and this with it.
 */
export async function pgbench(
  url: string,
  script: string,
  defines: Record<string, number>,
  clients: number,
  seconds: number,
): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), "urithi-pgbench-"));
  try {
    const file = path.join(dir, script);
    writeFileSync(file, scriptText(script));
    const { stdout } = await promisify(execFile)("pgbench", [
      "-n",
      // The extended protocol, as the app's driver speaks it, and what a script's pipeline needs.
      "-Mextended",
      `-c${clients}`,
      "-j2",
      `-T${seconds}`,
      `-f${file}`,
      ...Object.entries(defines).map(([name, value]) => `-D${name}=${value}`),
      // BENCH_PGBENCH_REPORT=1: each statement's mean latency, to stderr (where the time goes).
      ...(process.env.BENCH_PGBENCH_REPORT ? ["-r"] : []),
      url,
    ]);
    if (process.env.BENCH_PGBENCH_REPORT) console.error(stdout);
    const tps = /tps = ([\d.]+)/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return Number(tps[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Between runs, the upkeep a running system gets: on PGlite the background job's vacuum (`vacuumWhereDue`,
 * off here with the other jobs), on PostgreSQL a vacuum where autovacuum would have run by now (it may be off
 * on a test server, as on the machines these figures come from; decision 19 says it must be on). Each run
 * then starts from the same kind of table, not from the dead rows of the runs before it.
 */
export async function upkeep(database: Database): Promise<void> {
  if (database.kind === "pglite") await vacuumWhereDue(database);
  else await database.read((db) => db.execute(sql`vacuum (analyze)`));
}

/**
 * `bench` on a new PGlite folder, then on a scratch PostgreSQL database (its URL for pgbench), each thrown
 * away after. BENCH_DB=pglite or BENCH_DB=postgres runs one database only.
 */
export async function onEachDatabase<T>(
  what: string,
  bench: (kind: string, database: Database, url: string | null) => Promise<T>,
): Promise<T[]> {
  const rows: T[] = [];
  const only = process.env.BENCH_DB;
  if (only !== "postgres") {
    const dir = mkdtempSync(path.join(tmpdir(), "urithi-bench-"));
    try {
      console.error(`… ${what} on PGlite`);
      const pglite = await openPglite(path.join(dir, "pgdata"));
      rows.push(await bench("PGlite", pglite, null));
      await pglite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const pg = only === "pglite" ? null : await scratchPostgres().catch(() => null);
  if (pg) {
    console.error(`… ${what} on PostgreSQL`);
    try {
      rows.push(await bench("PostgreSQL", pg.database, pg.url));
    } finally {
      await pg.drop();
    }
  } else if (only !== "pglite") console.error("PostgreSQL did not answer: its row is left out.");
  return rows;
}
