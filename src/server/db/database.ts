import { mkdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import type { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { lockDataFolder } from "./data-lock";
import { countsQuery, type DumpFacts, libpq, run, splitCounts, toolFailure } from "./dump";
import { startPgliteThread } from "./pglite-thread";
import { pipelineWrites } from "./pipelined-client";
import * as schema from "./schema";
import { SerialQueue } from "./serial-queue";
import { timed } from "./timing";

export type Schema = typeof schema;

/**
 * Told of every SQL statement the app sends (tests count statements per request with it). Unset, it costs
 * one call per statement.
 */
let onStatement: ((query: string) => void) | undefined;
export const observeStatements = (observer: ((query: string) => void) | undefined): void => {
  onStatement = observer;
};
const logger = { logQuery: (query: string) => onStatement?.(query) };
/** A drizzle handle: the database itself or an open transaction (a transaction is a database too). */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/**
 * The rows of a raw SQL statement. Both drivers answer `{ rows }`; the shared database type does not say so.
 * The statement is sent at once, not when the answer is awaited, so statements started together keep their
 * order on the way to the database (`pipelined-client.ts`).
 */
export function rowsOf<T>(db: Db, query: SQL | string): Promise<T[]> {
  return db.execute(query).then((result) => (result as unknown as { rows: T[] }).rows);
}
/**
 * Waits for statements of one transaction started together (they travel in one write on PostgreSQL) and
 * answers theirs in order, or the first failure in the order they were started. Unlike `Promise.all` it
 * waits for every one of them even after a failure, so nothing that follows from one of them can reach
 * the connection after the transaction has been rolled back and the connection handed to another.
 */
export async function together<T extends readonly unknown[]>(
  statements: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const settled = await Promise.allSettled(statements);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

export type DatabaseKind = "pglite" | "postgres";

/** A transaction's last statements, started but not waited for (`Database.txEndingWith`). */
export interface Ending<T> {
  last: Promise<T>;
}

/** Runs `transaction` with `fn`, lets COMMIT follow `fn`'s last statements, then answers theirs. */
async function endingWith<T>(
  transaction: (inner: (db: Db) => Promise<Ending<T>>) => Promise<Ending<T>>,
  fn: (db: Db) => Promise<Ending<T>>,
): Promise<T> {
  const { last } = await transaction(async (db) => {
    const ending = await fn(db);
    // Heard after COMMIT; until then a refusal must not count as unhandled.
    ending.last.catch(() => {});
    return ending;
  });
  return last;
}

export interface Database {
  readonly kind: DatabaseKind;
  /** Runs `fn` inside one transaction. On PGlite (one connection) transactions run one at a time. */
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` inside one transaction whose last statements go out with its COMMIT: `fn` starts them and
   * answers `{ last }`, the promise of their answers, without waiting for it; COMMIT follows them at once and
   * the call answers what `last` does. So rows those statements lock are held for no round trip, and the
   * transaction takes one round trip fewer. They must refuse in SQL (a statement that fails turns the COMMIT
   * into a rollback), never by a check of their answers, which come too late to stop it.
   */
  txEndingWith<T>(fn: (db: Db) => Promise<Ending<T>>): Promise<T>;
  /**
   * Runs statements outside a transaction, each on its own (reads), which saves BEGIN and COMMIT round trips.
   * Still queued on PGlite so they never interleave with a transaction.
   */
  read<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Sends one statement outside any transaction: `fn` starts it at once and sends nothing after it (an
   * upsert that is atomic by itself). On PGlite the next queued job may start as soon as it has been sent.
   */
  statement<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** Runs `fn` while holding a database-wide lock, so only one app instance migrates or seeds at a time. */
  exclusive<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** How busy the connections are now (for metrics). */
  load(): DatabaseLoad;
  /**
   * Writes a consistent copy of the whole database to `file` (a backup), and counts `tables`' rows in the
   * same snapshot. On PGlite every other statement waits meanwhile; PostgreSQL serves on.
   */
  dump(file: string, tables: readonly string[]): Promise<DumpFacts>;
  close(): Promise<void>;
}

/**
 * Connections in use and idle, and work waiting for one: on PostgreSQL the pool's, on PGlite (one
 * connection) the jobs queued for it.
 */
export interface DatabaseLoad {
  inUse: number;
  idle: number;
  waiting: number;
}

/**
 * Embedded PGlite; `dataDir` undefined means in memory (tests). Durable mode is kept for orders and money.
 * `loadDataDir` starts it from a copy of another database's folder (a `dump`'s bytes).
 */
export async function openPglite(dataDir?: string, loadDataDir?: Uint8Array): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // PGlite takes no lock of its own, and two processes writing one folder corrupt it.
  const lock = dataDir ? lockDataFolder(dataDir) : null;
  let client: Awaited<ReturnType<typeof startPgliteThread>>;
  try {
    client = await startPgliteThread(dataDir, loadDataDir);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client: client as unknown as PGlite, schema, logger }) as unknown as Db;
  const queue = new SerialQueue();
  // The next job may start once a transaction has sent its COMMIT or ROLLBACK: the worker takes messages in
  // the order they come, so nothing can reach PGlite inside this transaction, and PGlite need not wait idle
  // for the answer to reach this thread and the next job to be sent.
  const tx = <T>(fn: (db: Db) => Promise<T>) =>
    queue.run((release) => {
      client.onceEnding(release);
      return db.transaction((t) => fn(t as unknown as Db));
    });
  return timed({
    kind: "pglite",
    tx,
    txEndingWith: (fn) => endingWith(tx, fn),
    read: (fn) => queue.run(() => fn(db)),
    // Sent, it stands in the worker's queue before anything sent later, outside every transaction.
    statement: (fn) =>
      queue.run((release) => {
        const answer = fn(db);
        release();
        return answer;
      }),
    exclusive: (fn) => queue.run(() => fn(db)),
    // Between two jobs of the queue no transaction is open, so the folder's files are a consistent copy.
    dump: (file, tables) =>
      queue.run(async () => {
        const [row] = await rowsOf<Record<string, number>>(db, countsQuery(tables));
        await writeFile(file, await client.dump());
        return { format: "pglite-datadir-tgz", ...splitCounts(row!) };
      }),
    load: () => ({
      inUse: Math.min(queue.size, 1),
      idle: queue.size > 0 ? 0 : 1,
      waiting: Math.max(0, queue.size - 1),
    }),
    close: () => queue.run(() => client.close()).finally(() => lock?.release()),
  });
}

const MIGRATION_LOCK_KEY = 74_836_201;
/** Deadlock and serialization failures: the transaction was rolled back whole and may simply run again. */
const RETRYABLE = new Set(["40P01", "40001"]);
const MAX_ATTEMPTS = 3;

/** The PostgreSQL error (SQLSTATE and constraint) under a driver's or Drizzle's wrapper, if any. */
export function postgresErrorOf(
  error: unknown,
): { code: string; constraint?: string; detail?: string } | null {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      const { constraint, detail } = e as { constraint?: string; detail?: string };
      return { code, constraint, detail };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

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

/** SQLSTATEs of a server that is shutting down or starting up, or of a lost connection (class 08). */
const UNAVAILABLE_STATES = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/;
/** Socket errors of a server that went away or cannot be reached. */
const LOST_SOCKET = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** node-postgres says these in words only. */
const LOST_WORDS =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|The database is closed/;

/**
 * Whether `error` (or what it wraps) says the database cannot be reached now, rather than that it refused a
 * statement: the request may be tried again in a few seconds.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_STATES.test(code) || LOST_SOCKET.has(code))) return true;
    if (typeof message === "string" && LOST_WORDS.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

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
  });
  pool.on("connect", (client) => {
    // A connection lost while a request holds it (the server restarts, fails over or is killed) fails that
    // request's statements; without a listener of its own the client's 'error' event would end the process.
    client.on("error", () => {});
    pipelineWrites(client);
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
