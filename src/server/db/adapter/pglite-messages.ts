import type { PlanMode } from "./plan-mode";

/** What the app's thread and the PGlite thread say to each other (pglite-thread.ts, pglite-worker.ts). */

/** PostgreSQL's fields of a refusal, which the app's error mapping reads (code, constraint, detail…). */
export const REFUSAL_FIELDS = [
  "name",
  "severity",
  "code",
  "detail",
  "hint",
  "position",
  "where",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "routine",
] as const;

export interface WorkerStart {
  dataDir: string | undefined;
  /** A copy of another database's folder to start from (tests start from one migrated database). */
  loadDataDir: Uint8Array | undefined;
}

/** The worker's first message: ready, with the array types it knows (element and array type ids), or not. */
export type WorkerReady =
  | { ready: true; arrayTypes: [number, number][] }
  | { ready: false; error: { message: string } };

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export type Request = { id: number } & (
  | { close: true }
  /** The data folder as a gzipped tar, written to `file` as it is read. */
  | { dump: string }
  /**
   * A statement's call, as the messages PostgreSQL takes (written by pglite-wire.ts): a prepared statement's,
   * or one sent with its values, then with its text (`sql`), which the plan mode reads.
   */
  | { call: Uint8Array; plan: PlanMode | undefined; sql?: string }
  | {
      sql: string;
      /** The plan mode it runs in (plan-mode.ts); undefined when either will do. */
      plan: PlanMode | undefined;
      /**
       * The prepared statement's name, when the text is one's and this thread has not yet written its calls;
       * none for a transaction's BEGIN, COMMIT or ROLLBACK.
       */
      name: string | undefined;
      params: unknown[];
    }
);

export type Refusal = Record<string, string | number> & { message: string };

/** PostgreSQL's fields of `error` (its other properties, such as a query's parsers, cannot cross threads). */
export function refusalFields(error: unknown): Record<string, string | number> {
  const fields: Record<string, string | number> = {};
  const source = (error ?? {}) as Record<string, unknown>;
  for (const key of REFUSAL_FIELDS) {
    const value = source[key];
    if (typeof value === "string" || typeof value === "number") fields[key] = value;
  }
  return fields;
}

export type Reply =
  | { id: number; ok: true; result: QueryResult | null }
  /** PostgreSQL's answer as the bytes it wrote; a prepared statement's first answer brings its parameter types. */
  | { id: number; ok: true; raw: Uint8Array; types?: number[] }
  | { id: number; ok: false; error: Refusal };
