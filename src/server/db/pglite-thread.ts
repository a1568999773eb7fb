import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { pgliteWire, type QueryResult, REFUSAL_FIELDS } from "./pglite-wire";
import { preparedName } from "./prepared";

/**
 * PGlite on its own thread. PGlite runs PostgreSQL compiled to WebAssembly, synchronously, on whatever thread
 * calls it: on the main thread every statement stalls every request (a 250 ms report held health checks for
 * 250 ms). Here it lives in a worker thread and the app talks to it by messages, through a client with the
 * part of PGlite's interface Drizzle uses (`query`, `transaction`), so SQL never blocks the event loop.
 *
 * The worker is plain JavaScript run from a string, so it starts the same under tsx, Vitest and the built
 * server; the packages it loads are resolved here and handed to it.
 */
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const { PGlite, protocol, parse } = require(workerData.pglite);
const { pg_trgm } = require(workerData.pgTrgm);
const same = (value) => value;
const bare = /^(BEGIN|COMMIT|ROLLBACK)$/i;
// Whatever happens, the waiting query hears back: a message that cannot be copied across becomes an error.
const reply = (message) => {
  try {
    parentPort.postMessage(message);
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: { message: "Cannot pass the database's answer on: " + error.message } });
  }
};
const db = new PGlite({
  dataDir: workerData.dataDir,
  extensions: { pg_trgm },
  // A copy of another database's folder to start from (tests start from one migrated database).
  ...(workerData.loadDataDir ? { loadDataDir: new Blob([workerData.loadDataDir]) } : {}),
});
// Every page PGlite reads is in memory, so reaching one through an index costs what reading the next one
// does; at the default (4, for spinning disks) the planner sorted the whole catalogue rather than walk an
// index to a deep page. PostgreSQL's manual suggests lowering it when the data is cached.
// The app's thread reads answers with the same parsers, so it is told which array types PGlite knows.
const arrayTypes = "select b.oid, b.typarray from pg_catalog.pg_type a join pg_catalog.pg_type b on b.oid = a.typelem " +
  "where a.typcategory = 'A' group by b.oid, b.typarray";
db.waitReady
  .then(() => db.exec("SET random_page_cost = 1.1"))
  .then(() => db.query(arrayTypes))
  .then(
    (types) => parentPort.postMessage({ ready: true, arrayTypes: types.rows.map((t) => [t.oid, t.typarray]) }),
    (error) => parentPort.postMessage({ ready: false, error: { message: String(error && error.message || error) } }),
  );
// A prepared statement (db/prepared.ts) is parsed and described here once under its name, and its parameter
// types go back with that first answer. From then on the app's thread writes each call's messages itself
// (pglite-wire.ts) and they are handed to PostgreSQL as they come, where a statement without a name is
// parsed, planned and handed over message by message every time.
const parameterTypes = new Map();
const joined = (messages) => {
  const all = new Uint8Array(messages.reduce((n, m) => n + m.length, 0));
  let at = 0;
  for (const m of messages) {
    all.set(m, at);
    at += m.length;
  }
  return all;
};
// Drizzle asks, in every query, for the same types to be kept as the text PostgreSQL sends (timestamps, dates,
// intervals and their arrays). They become this PGlite's own parsers once, rather than options PGlite merges
// into its few hundred parsers on every query (a twelfth of this thread under order load).
const keptAsText = new Set();
const keepAsText = (types) => {
  for (const type of types) {
    if (keptAsText.has(type)) continue;
    keptAsText.add(type);
    db.parsers[type] = same;
  }
};
const prepare = async (m) => {
  const { serialize } = protocol;
  let types = parameterTypes.get(m.name);
  if (!types) {
    const described = await db.execProtocol(
      joined([serialize.parse({ name: m.name, text: m.sql }), serialize.describe({ type: "S", name: m.name }), serialize.sync()]),
      { syncToFs: false },
    );
    types = parse.parseDescribeStatementResults(described.messages);
    parameterTypes.set(m.name, types);
  }
  return types;
};
const runFirst = (m, types) => {
  const { serialize } = protocol;
  const values = m.params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = db.serializers[types[i]];
    return serializer ? serializer(value) : value.toString();
  });
  return raw(joined([serialize.bind({ statement: m.name, values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()]));
};
// PostgreSQL's answer as the bytes it wrote, copied out of PGlite's memory: the app's thread parses them, so
// this thread neither builds the rows nor copies them object by object across (which took a tenth of it).
// The data directory is a Node file system (or memory), whose sync after a statement does nothing.
const raw = (message) => {
  const chunks = [];
  db.execProtocolRawStream(message, { syncToFs: false, onRawData: (bytes) => chunks.push(bytes.slice()) });
  return joined(chunks);
};
const answer = (id, bytes, types) => parentPort.postMessage({ id, ok: true, raw: bytes, types }, [bytes.buffer]);
// Messages are handled one after another, in the order they came: a statement never starts before the one
// sent ahead of it has answered.
const inbox = [];
let draining = false;
const drain = async () => {
  draining = true;
  while (inbox.length > 0) await handle(inbox.shift());
  draining = false;
};
parentPort.on("message", (m) => {
  inbox.push(m);
  if (!draining) drain();
});
const handle = async (m) => {
  if (m.close) {
    await db.close();
    reply({ id: m.id, ok: true, result: null });
    return;
  }
  // The whole data folder as one gzipped tar (a backup), moved across rather than copied.
  if (m.dump) {
    try {
      const file = await db.dumpDataDir("gzip");
      const bytes = new Uint8Array(await file.arrayBuffer());
      parentPort.postMessage({ id: m.id, ok: true, dump: bytes }, [bytes.buffer]);
    } catch (error) {
      reply({ id: m.id, ok: false, error: errorFields(error) });
    }
    return;
  }
  try {
    if (m.call) return answer(m.id, raw(m.call));
    if (m.name) {
      const types = await prepare(m);
      return answer(m.id, runFirst(m, types), types);
    }
    // A transaction's BEGIN, COMMIT or ROLLBACK goes as one simple query rather than the six messages of a
    // statement with parameters.
    if (m.params.length === 0 && bare.test(m.sql)) return answer(m.id, raw(protocol.serialize.query(m.sql)));
    // Functions cannot cross threads, so Drizzle's parsers come as the ids of the types it keeps as text.
    keepAsText(m.rawTypes);
    const r = await db.query(m.sql, m.params, { rowMode: m.rowMode });
    reply({ id: m.id, ok: true, result: { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows } });
  } catch (error) {
    reply({ id: m.id, ok: false, error: errorFields(error) });
  }
};
// PostgreSQL's own fields only: the error also carries the query's options, whose parsers cannot be sent.
const errorFields = (error) => {
  const fields = {};
  for (const key of workerData.refusalFields) {
    if (error && (typeof error[key] === "string" || typeof error[key] === "number")) fields[key] = error[key];
  }
  return { ...fields, message: String((error && error.message) || error) };
};
`;

interface QueryOptions {
  rowMode?: "array" | "object";
  parsers?: Record<number, unknown>;
}
type Reply =
  | { id: number; ok: true; result: QueryResult | null; raw?: undefined; dump?: undefined }
  | { id: number; ok: true; dump: Uint8Array; raw?: undefined }
  | { id: number; ok: true; raw: Uint8Array; types?: number[] }
  | { id: number; ok: false; error: Record<string, unknown> & { message: string } };
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
  /** The data folder as a gzipped tar (PGlite's `dumpDataDir`); send it between statements. */
  dump(): Promise<Uint8Array>;
  close(): Promise<void>;
}

export async function startPgliteThread(
  dataDir: string | undefined,
  loadDataDir?: Uint8Array,
): Promise<PgliteThread> {
  const require = createRequire(import.meta.url);
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: {
      dataDir,
      loadDataDir,
      pglite: require.resolve("@electric-sql/pglite"),
      pgTrgm: require.resolve("@electric-sql/pglite/contrib/pg_trgm"),
      refusalFields: REFUSAL_FIELDS,
    },
  });
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
    worker.once(
      "message",
      (m: { ready: boolean; arrayTypes?: [number, number][]; error?: { message: string } }) =>
        m.ready ? resolve(m.arrayTypes ?? []) : reject(new Error(m.error?.message ?? "PGlite did not start")),
    );
    worker.once("error", reject);
  });
  const wire = pgliteWire(arrayTypes);
  worker.on("message", (m: Reply) => {
    const waiting = pending.get(m.id);
    if (!waiting) return;
    pending.delete(m.id);
    settle();
    if (m.ok && m.raw) {
      if (m.types && waiting.statement) wire.prepared(waiting.statement, m.types);
      let result: QueryResult;
      try {
        result = wire.read(m.raw, waiting.read, waiting.statement);
      } catch (error) {
        waiting.reject(error as Error);
        return;
      }
      waiting.resolve(result);
    } else if (m.ok && m.dump) waiting.resolve(m.dump);
    else if (m.ok) waiting.resolve(m.result);
    // The same fields (code, constraint, detail…) as PGlite's own error, so error mapping is unchanged.
    else waiting.reject(Object.assign(new Error(m.error.message), m.error));
  });
  settle();

  const send = (
    message: Record<string, unknown>,
    answer: Omit<Waiting, "resolve" | "reject"> = { read: { rowMode: "object", rawTypes: [] } },
    transfer: ArrayBuffer[] = [],
  ) =>
    new Promise<QueryResult | Uint8Array | null>((resolve, reject) => {
      if (stopped) return reject(stopped);
      const id = next++;
      pending.set(id, { resolve, reject, ...answer });
      settle();
      try {
        worker.postMessage({ id, ...message }, transfer);
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
      const call = name ? wire.call(name, params) : null;
      if (call)
        return (await send({ call }, { read, statement: name }, [call.buffer as ArrayBuffer])) as QueryResult;
      return (await send({ sql, name, params, ...read }, { read, statement: name })) as QueryResult;
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
    dump: async () => (await send({ dump: true })) as Uint8Array,
    close: async () => {
      if (stopped) return;
      await send({ close: true });
      stopped = new Error("The database is closed");
      await worker.terminate();
    },
  };
  return client;
}
