import { Worker } from "node:worker_threads";
import { workerFile } from "../../worker-file";
import type { QueryResult, Reply, Request, WorkerReady, WorkerStart } from "./pglite-messages";
import { pgliteWire } from "./pglite-wire";
import { planModeOf, preparedName } from "./prepared";

/**
 * PGlite on its own thread (pglite-worker.ts), so SQL never blocks the event loop: PGlite runs PostgreSQL
 * compiled to WebAssembly synchronously on the thread that calls it, and on the main thread a 250 ms report
 * held every health check for 250 ms. The client here has the part of PGlite's interface Drizzle uses
 * (`query`, `transaction`); each query is a message to the thread.
 */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A transaction's BEGIN, COMMIT or ROLLBACK: one simple query rather than a statement's six messages. */
const bare = /^(BEGIN|COMMIT|ROLLBACK)$/i;

interface QueryOptions {
  rowMode?: "array" | "object";
  parsers?: Record<number, unknown>;
}
interface Waiting {
  resolve: (r: QueryResult | Uint8Array | null) => void;
  reject: (e: Error) => void;
  read: { rowMode: "array" | "object"; rawTypes: number[] };
  /** The prepared statement this answers, if any (its first answer brings its parameter types). */
  statement?: string;
}

/** The client Drizzle's PGlite driver is given: each query is a message to the worker. */
export interface PgliteThread {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  transaction<T>(fn: (tx: PgliteThread) => Promise<T>): Promise<T>;
  /** Calls `release` once the next transaction has sent its COMMIT or ROLLBACK. */
  onceEnding(release: () => void): void;
  /** Writes the data folder to `file` as a tar PGlite can load (pglite-dump.ts); between statements. */
  dump(file: string): Promise<void>;
  close(): Promise<void>;
}

export async function startPgliteThread(
  dataDir: string | undefined,
  loadDataDir?: Uint8Array,
): Promise<PgliteThread> {
  const workerData: WorkerStart = { dataDir, loadDataDir };
  const worker = new Worker(
    await workerFile("pglite-worker", new URL("./pglite-worker.ts", import.meta.url)),
    {
      workerData,
      // The thread's own JavaScript only passes messages on; a young generation of V8's default size (up to
      // 3 × 16 MB) would be memory it never needs (decision 37).
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    },
  );
  const pending = new Map<number, Waiting>();
  let next = 1;
  // The worker keeps the process alive only while a query waits on it (a script that forgets to close the
  // database still ends).
  const settle = () => (pending.size === 0 ? worker.unref() : worker.ref());
  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
    settle();
  };
  let stopped: Error | null = null;
  worker.on("error", (error) => {
    stopped = error;
    failAll(error);
  });
  worker.on("exit", (code) => {
    stopped ??= new Error(`The database is closed (its thread stopped with code ${code})`);
    failAll(stopped);
  });

  const arrayTypes = await new Promise<[number, number][]>((resolve, reject) => {
    worker.once("message", (m: WorkerReady) =>
      m.ready ? resolve(m.arrayTypes) : reject(new Error(m.error.message)),
    );
    worker.once("error", reject);
  });
  const wire = await pgliteWire(arrayTypes);
  worker.on("message", (m: Reply) => {
    const waiting = pending.get(m.id);
    if (!waiting) return;
    pending.delete(m.id);
    settle();
    if (!m.ok) {
      // The same fields (code, constraint, detail…) as PGlite's own error, so error mapping is unchanged.
      waiting.reject(Object.assign(new Error(m.error.message), m.error));
    } else if ("raw" in m) {
      if (m.types && waiting.statement) wire.prepared(waiting.statement, m.types);
      let result: QueryResult;
      try {
        result = wire.read(m.raw, waiting.read, waiting.statement);
      } catch (error) {
        waiting.reject(error as Error);
        return;
      }
      waiting.resolve(result);
    } else waiting.resolve(m.result);
  });
  settle();

  const send = (
    message: DistributiveOmit<Request, "id">,
    answer: Omit<Waiting, "resolve" | "reject"> = { read: { rowMode: "object", rawTypes: [] } },
    transfer: ArrayBuffer[] = [],
  ) =>
    new Promise<QueryResult | Uint8Array | null>((resolve, reject) => {
      if (stopped) return reject(stopped);
      const id = next++;
      pending.set(id, { resolve, reject, ...answer });
      settle();
      try {
        worker.postMessage({ id, ...message } satisfies Request, transfer);
      } catch (error) {
        pending.delete(id);
        settle();
        reject(error as Error);
      }
    });

  let endingHook: (() => void) | null = null;
  const client: PgliteThread = {
    query: async (sql, params = [], options = {}) => {
      const read = {
        rowMode: options.rowMode ?? "object",
        rawTypes: Object.keys(options.parsers ?? {}).map(Number),
      };
      const name = preparedName(sql);
      const plan = planModeOf(name);
      // Every answer but a first prepare's comes back as PostgreSQL's bytes and is read on this thread: the
      // database's thread neither parses rows nor copies them across as objects.
      const call = name
        ? wire.call(name, params)
        : params.length === 0 && bare.test(sql)
          ? null
          : wire.unnamed(sql, params);
      if (call) {
        const text = name ? undefined : sql;
        return (await send({ call, plan, sql: text }, { read, statement: name }, [
          call.buffer as ArrayBuffer,
        ])) as QueryResult;
      }
      return (await send({ sql, name, plan, params }, { read, statement: name })) as QueryResult;
    },
    // The database layer runs one transaction at a time on PGlite, so plain BEGIN and COMMIT suffice.
    // BEGIN is not waited for: the worker runs messages in the order they come, so the transaction's first
    // statements follow it at once instead of a round trip later. For the same reason the next transaction
    // may start as soon as this one's COMMIT or ROLLBACK is sent (`onceEnding`): its BEGIN queues behind it.
    transaction: async (fn) => {
      const ending = endingHook;
      endingHook = null;
      const begun = client.query("BEGIN");
      begun.catch(() => {});
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(client);
        await begun;
      } catch (error) {
        const rolledBack = client.query("ROLLBACK");
        ending?.();
        await rolledBack.catch(() => {});
        throw error;
      }
      const committed = client.query("COMMIT");
      ending?.();
      await committed;
      return result;
    },
    onceEnding: (release) => {
      endingHook = release;
    },
    dump: async (file) => {
      await send({ dump: file });
    },
    close: async () => {
      if (stopped) return;
      await send({ close: true });
      stopped = new Error("The database is closed");
      await worker.terminate();
    },
  };
  return client;
}
