import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../schema";
import { type Database, type Db, endingWith, logger } from "./database";
import { countsQuery, type DumpFacts, libpq, run, splitCounts, toolFailure } from "./dump";
import { isDatabaseUnavailable, postgresErrorOf } from "./errors";
import { pipelineWrites } from "./pipelined-client";
import { planModesOn } from "./plan-mode";
import { planModeOf } from "./prepared";
import { timed } from "./timing";

const MIGRATION_LOCK_KEY = 74_836_201;
/** Deadlock and serialization failures: the transaction was rolled back whole and may simply run again. */
const RETRYABLE = new Set(["40P01", "40001"]);
const MAX_ATTEMPTS = 3;

async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(postgresErrorOf(error)?.code ?? "")) throw error;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
}

/**
 * No parallel workers (below), and no JIT: PostgreSQL compiles a statement whose estimated cost passes
 * `jit_above_cost`, and a page planned once for any limit and offset (decision 64) is costed as a tenth of
 * its rows: at 1M orders the pending list's 51 rows took 7 ms to compile and 0.3 ms to read.
 */
const CONNECTION_SETTINGS = "-c max_parallel_workers_per_gather=0 -c jit=off";

/** How long a connection attempt may take before the request is told the database is unavailable. */
const CONNECT_TIMEOUT_MS = 3000;
/** How long `openPostgres` waits for a server that is still starting (a deploy's database and app start together). */
const START_WAIT_MS = 30_000;

async function firstConnection(pool: pg.Pool): Promise<void> {
  const deadline = Date.now() + START_WAIT_MS;
  for (;;) {
    try {
      (await pool.connect()).release();
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** Where a lost connection is reported (the app's logger; the console by default). */
export interface ConnectionLog {
  warn(message: string): void;
}

export async function openPostgres(
  url: string,
  poolSize = 10,
  log: ConnectionLog = console,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    pipeline: true,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    // Requests run side by side, each a few ms of index reads: a parallel plan forks workers that take the
    // cores other requests need. Under load the 30-day report answered 61–70 times a second with them and
    // 137–171 without (decision 57). `options` in DATABASE_URL takes the place of these settings.
    options: CONNECTION_SETTINGS,
  });
  pool.on("connect", (client) => {
    // A connection lost while a request holds it (the server restarts, fails over or is killed) fails that
    // request's statements; without a listener of its own the client's 'error' event would end the process.
    client.on("error", () => {});
    pipelineWrites(client);
    planModesOn(client, planModeOf);
  });
  // An idle connection dropped by the server: the pool discards it and opens a new one on the next query.
  pool.on("error", (error) => log.warn(`PostgreSQL connection lost: ${error.message}`));
  // Fail at start rather than on the first request when the server cannot be reached.
  await firstConnection(pool);
  const db = drizzlePg({ client: pool, schema, logger }) as unknown as Db;
  const tx = <T>(fn: (db: Db) => Promise<T>) => db.transaction((t) => fn(t as unknown as Db));
  return timed({
    kind: "postgres",
    tx: (fn) => withRetry(() => tx(fn)),
    // A deadlock among the last statements surfaces in `last`, so the retry waits for it too.
    txEndingWith: (fn) => withRetry(() => endingWith(tx, fn)),
    read: (fn) => fn(db),
    statement: (fn) => fn(db),
    exclusive: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        return await fn(drizzlePg({ client, schema }) as unknown as Db);
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    dump: (file, tables) => dumpPostgres(url, file, tables),
    load: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  });
}

/**
 * `pg_dump -Fc` of the database at `url`, from a snapshot a transaction of its own exported and counted the
 * rows in, so the counts describe exactly what the dump holds while the app goes on writing.
 */
async function dumpPostgres(url: string, file: string, tables: readonly string[]): Promise<DumpFacts> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const snapshot = (await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows[0]!.id;
    const row = (await client.query<Record<string, number>>(countsQuery(tables))).rows[0]!;
    const { dbname, env } = libpq(url);
    await run(
      process.env.PG_DUMP ?? "pg_dump",
      [
        "--format=custom",
        "--no-owner",
        "--no-acl",
        `--snapshot=${snapshot}`,
        `--file=${file}`,
        `--dbname=${dbname}`,
      ],
      { env, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error) => {
      throw toolFailure("pg_dump", error);
    });
    await client.query("commit");
    return { format: "pg-dump-custom", ...splitCounts(row) };
  } finally {
    await client.end().catch(() => {});
  }
}
