import { type ExtractTablesWithRelations, type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "../schema";
import type { DumpFacts } from "./dump";

export type Schema = typeof schema;

/**
 * Told of every SQL statement the app sends (tests count statements per request with it). Unset, it costs
 * one call per statement.
 */
let onStatement: ((query: string) => void) | undefined;
export const observeStatements = (observer: ((query: string) => void) | undefined): void => {
  onStatement = observer;
};
export const logger = { logQuery: (query: string) => onStatement?.(query) };
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
 * Numbers or instants as the text literal of one array parameter (`{1,2,3}`), for a prepared statement to cast
 * (`::int[]`, `::timestamptz[]`). Drizzle's `sql` turns a JS array into one parameter per item, so the array
 * travels as its text: one parameter, whatever the number of items.
 */
export const arrayText = (items: readonly (number | Date)[]): string =>
  `{${items.map((item) => (item instanceof Date ? item.toISOString() : item)).join(",")}}`;
/** Ids as one `int[]` parameter (`arrayText`). */
export const intArray = (ids: readonly number[]): SQL => sql`${arrayText(ids)}::int[]`;
/** Instants as one `timestamptz[]` parameter, as `intArray` sends ids. */
export const instantArray = (instants: readonly Date[]): SQL => sql`${arrayText(instants)}::timestamptz[]`;
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
export async function endingWith<T>(
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
