import { setFlagsFromString } from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, parse, protocol } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { mapStackTraces } from "../../stack-traces";
import { dumpDataFolder } from "./pglite-dump";
import { type Refusal, type Reply, type Request, refusalFields, type WorkerStart } from "./pglite-messages";
import { type PlanMode, planModes } from "./plan-mode";

mapStackTraces();

/**
 * The PGlite thread (started by pglite-thread.ts). PGlite runs PostgreSQL compiled to WebAssembly
 * synchronously on the thread that calls it, so it lives here and every request's thread stays free.
 */
const port = parentPort!;
const start = workerData as WorkerStart;

// Whatever happens, the waiting query hears back: a message that cannot be copied across becomes an error.
const reply = (message: Reply, transfer: ArrayBuffer[] = []) => {
  try {
    port.postMessage(message, transfer);
  } catch (error) {
    const text = `Cannot pass the database's answer on: ${(error as Error).message}`;
    port.postMessage({ id: message.id, ok: false, error: { message: text } } satisfies Reply);
  }
};

// PostgreSQL's WebAssembly stays on V8's baseline compiler: optimising its hot functions cost about 50 MB that
// the allocator kept after the compiler threads were done, for about 5% more orders a second (decision 37).
setFlagsFromString("--liftoff-only");

// PGlite's default 128 MB of shared buffers live in a WebAssembly heap that never shrinks: most of the app's
// memory. A page the pool does not hold is read back from the operating system's file cache, so a small pool
// costs little (decision 37). With no checkpointer, PGlite keeps max_wal_size of recycled WAL in the folder,
// which every backup copies: 1 GB by default, 128 MB here (decision 68).
const db = new PGlite({
  dataDir: start.dataDir,
  extensions: { pg_trgm },
  startParams: [
    ...PGlite.defaultStartParams,
    ...["-c", "shared_buffers=16MB", "-c", "max_wal_size=128MB", "-c", "min_wal_size=32MB"],
  ],
  ...(start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir as Uint8Array<ArrayBuffer>]) } : {}),
});

// Pages are all in memory, so an index walk costs what a sequential read does (PostgreSQL's manual suggests
// lowering random_page_cost when data is cached). The app's thread parses answers with the same array types.
const arrayTypes =
  "select b.oid, b.typarray from pg_catalog.pg_type a join pg_catalog.pg_type b on b.oid = a.typelem " +
  "where a.typcategory = 'A' group by b.oid, b.typarray";
db.waitReady
  .then(() => db.exec("SET random_page_cost = 1.1"))
  .then(() => db.query<{ oid: number; typarray: number }>(arrayTypes))
  .then(
    (types) => port.postMessage({ ready: true, arrayTypes: types.rows.map((t) => [t.oid, t.typarray]) }),
    (error) => port.postMessage({ ready: false, error: { message: String(error?.message ?? error) } }),
  );

const joined = (messages: Uint8Array[]) => {
  const all = new Uint8Array(messages.reduce((n, m) => n + m.length, 0));
  let at = 0;
  for (const m of messages) {
    all.set(m, at);
    at += m.length;
  }
  return all;
};

// A prepared statement is parsed and described here once; its parameter types go back with its first answer,
// and from then on the app's thread writes its calls (pglite-wire.ts).
const parameterTypes = new Map<string, number[]>();
const { serialize } = protocol;
async function prepare(name: string, text: string): Promise<number[]> {
  let types = parameterTypes.get(name);
  if (!types) {
    const described = await db.execProtocol(
      joined([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]),
      { syncToFs: false },
    );
    types = parse.parseDescribeStatementResults(described.messages);
    parameterTypes.set(name, types);
  }
  return types;
}

function firstCall(name: string, params: unknown[], types: number[]): Promise<Uint8Array> {
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = db.serializers[types[i]!];
    return serializer ? serializer(value) : String(value);
  });
  const bind = serialize.bind({ statement: name, values });
  return raw(joined([bind, serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()]));
}

// The answer as the bytes PostgreSQL wrote, parsed on the app's thread; the folder's sync does nothing here.
async function raw(message: Uint8Array): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await db.execProtocolRawStream(message, {
    syncToFs: false,
    onRawData: (bytes) => chunks.push(bytes.slice()),
  });
  return joined(chunks);
}

const answer = (id: number, bytes: Uint8Array, types?: number[]) =>
  reply({ id, ok: true, raw: bytes, types }, [bytes.buffer as ArrayBuffer]);

const refusal = (error: unknown): Refusal => ({
  ...refusalFields(error),
  message: String((error as Error)?.message ?? error),
});

// The plan mode each statement asks for, set just before it when it differs (plan-mode.ts).
const modes = planModes();
async function planIn(wanted: PlanMode | undefined, text?: string): Promise<void> {
  const set = modes.before(wanted, text);
  if (!set) return;
  const answered = await raw(serialize.query(set));
  if (answered[0] === ERROR_RESPONSE) modes.lost();
}
const ERROR_RESPONSE = 0x45; // E

async function handle(m: Request): Promise<void> {
  try {
    if ("close" in m) {
      await db.close();
      return reply({ id: m.id, ok: true, result: null });
    }
    if ("dump" in m) {
      await dumpDataFolder(db, m.dump);
      return reply({ id: m.id, ok: true, result: null });
    }
    await planIn(m.plan, "sql" in m ? m.sql : undefined);
    if ("call" in m) return answer(m.id, await raw(m.call));
    if (m.name) {
      const types = await prepare(m.name, m.sql);
      return answer(m.id, await firstCall(m.name, m.params, types), types);
    }
    // BEGIN, COMMIT or ROLLBACK, as one simple query: every other statement comes as a call.
    return answer(m.id, await raw(serialize.query(m.sql)));
  } catch (error) {
    reply({ id: m.id, ok: false, error: refusal(error) });
  }
}

// One message after another, in the order they came: a statement never starts before the one ahead answered.
const inbox: Request[] = [];
let draining = false;
async function drain() {
  draining = true;
  while (inbox.length > 0) await handle(inbox.shift()!);
  draining = false;
}
port.on("message", (m: Request) => {
  inbox.push(m);
  if (!draining) void drain();
});
