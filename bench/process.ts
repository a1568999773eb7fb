/**
 * Part of `npm run bench` (BENCH_ONLY=process): the built server as a process of its own, started as
 * `npm start` starts it (bench/server-process.ts), on PGlite and on PostgreSQL (issue 42 goals 1 and 4):
 * - start-up to the first answer from a fresh data folder or database (migrations and the demo seed), and on a
 *   restart;
 * - its own resident memory 5 s after a restart, and its peak (VmHWM) by the end of BENCH_ORDER_CLIENTS
 *   connections placing orders for BENCH_SECONDS from the load generator's own process;
 * beside bare Node (a node:http server answering a constant) started and measured the same way, interleaved.
 * Run `npm run build` first: it measures dist/.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Database, openPglite } from "../src/server/db/adapter";
import { load, medianRun, type Run } from "./load";
import { orderBodies, signUpClients, stockUp } from "./orders";
import { scratchPostgres } from "./scratch";
import {
  benchServerEnv,
  peakRssMb,
  rssMb,
  startEnv,
  startFlags,
  startServer,
  stopServer,
} from "./server-process";

const CLIENTS = Number(process.env.BENCH_ORDER_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
const SETTLE_MS = 10_000;

const bareNode = [
  "-e",
  "require('node:http').createServer((q, s) => s.end('ok')).listen(process.env.PORT, '127.0.0.1')",
];

interface Pair {
  bareStartMs: number;
  bareRssMb: number;
  freshStartMs: number;
  restartMs: number;
  idleRssMb: number;
  peakRssMb: number;
  orders: Run;
}

export interface ProcessRow {
  kind: string;
  pairs: Pair[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where one pair's app keeps its data, and a way in for the bench between the app's runs. */
interface Place {
  env: Record<string, string>;
  open: () => Promise<Database>;
  /** Closes what `open` gave (PGlite's folder is the app's only while the bench's copy is closed). */
  release: (database: Database) => Promise<void>;
  drop: () => Promise<void>;
}

async function pglitePlace(): Promise<Place> {
  const dir = mkdtempSync(path.join(tmpdir(), "urithi-bench-process-"));
  return {
    env: { DATA_DIR: dir },
    open: () => openPglite(path.join(dir, "pgdata")),
    release: (database) => database.close(),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresPlace(): Promise<Place> {
  const pg = await scratchPostgres();
  const dir = mkdtempSync(path.join(tmpdir(), "urithi-bench-process-"));
  return {
    env: { DATABASE_URL: pg.url, DATA_DIR: dir },
    open: async () => pg.database,
    release: async () => {},
    drop: async () => {
      await pg.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function pair(place: Place): Promise<Pair> {
  const bare = await startServer({}, [...startFlags, ...bareNode]);
  await sleep(SETTLE_MS);
  const bareRssMb = rssMb(bare.proc.pid!);
  await stopServer(bare);

  const fresh = await startServer({ ...benchServerEnv, ...place.env });
  await stopServer(fresh);
  const database = await place.open();
  const items = await stockUp(database);
  await place.release(database);

  const app = await startServer({ ...benchServerEnv, ...place.env });
  try {
    await sleep(SETTLE_MS);
    const idleRssMb = rssMb(app.proc.pid!);
    const cookies = await signUpClients(app.port, CLIENTS);
    const orders = await load(app.port, "/api/client/orders", {
      connections: CLIENTS,
      seconds: SECONDS,
      cookies: cookies.map((c) => [c]),
      method: "POST",
      bodies: orderBodies(items),
      accept: [201, 409],
    });
    return {
      bareStartMs: bare.firstAnswerMs,
      bareRssMb,
      freshStartMs: fresh.firstAnswerMs,
      restartMs: app.firstAnswerMs,
      idleRssMb,
      peakRssMb: peakRssMb(app.proc.pid!),
      orders,
    };
  } finally {
    await stopServer(app);
  }
}

async function benchKind(kind: string, place: () => Promise<Place>): Promise<ProcessRow> {
  const pairs: Pair[] = [];
  for (let i = 0; i < PAIRS; i++) {
    console.error(`… the server's process on ${kind}, pair ${i + 1} of ${PAIRS}`);
    const where = await place();
    try {
      pairs.push(await pair(where));
    } finally {
      await where.drop();
    }
  }
  return { kind, pairs };
}

/** BENCH_DB=pglite or BENCH_DB=postgres runs one database only. */
export async function benchProcess(): Promise<ProcessRow[]> {
  const only = process.env.BENCH_DB;
  const rows: ProcessRow[] = [];
  if (only !== "postgres") rows.push(await benchKind("PGlite", pglitePlace));
  if (only !== "pglite") {
    const reachable = await scratchPostgres()
      .then((pg) => pg.drop().then(() => true))
      .catch(() => false);
    if (reachable) rows.push(await benchKind("PostgreSQL", postgresPlace));
    else console.error("PostgreSQL did not answer: its row is left out.");
  }
  return rows;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mb = (n: number) => n.toFixed(0);
const s = (ms: number) => (ms / 1000).toFixed(2);

export function printProcess(rows: ProcessRow[]): void {
  const settings = Object.entries(startEnv).map(([name, value]) => `${name}=${value} `);
  const startCommandLine = `${settings.join("")}node ${startFlags.join(" ")}`;
  console.log(
    `\nThe server's own process, started as npm start starts it (${startCommandLine}), beside bare Node (node:http answering a constant) started the same way; medians of ${PAIRS} interleaved pairs. Idle is ${SETTLE_MS / 1000} s after a restart; peak is the process's most resident memory by the end of ${SECONDS} s of ${CLIENTS} connections placing orders from the generator's own process (backups off).\n`,
  );
  console.log(
    "| database | fresh folder to first answer s | restart to first answer s | bare Node s | idle RSS MB | bare Node RSS MB | ratio | peak RSS MB under orders | orders/s | p99 ms |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const { kind, pairs } of rows) {
    const m = (f: (p: Pair) => number) => median(pairs.map(f));
    const orders = medianRun(pairs.map((p) => p.orders));
    console.log(
      `| ${kind} | ${s(m((p) => p.freshStartMs))} | ${s(m((p) => p.restartMs))} | ${s(m((p) => p.bareStartMs))} | ${mb(m((p) => p.idleRssMb))} | ${mb(m((p) => p.bareRssMb))} | ×${(m((p) => p.idleRssMb) / m((p) => p.bareRssMb)).toFixed(1)} | ${mb(m((p) => p.peakRssMb))} | ${orders.rps.toFixed(0)} | ${orders.p99.toFixed(1)} |`,
    );
    console.log(
      `|   each pair | ${pairs.map((p) => s(p.freshStartMs)).join(", ")} | ${pairs.map((p) => s(p.restartMs)).join(", ")} | | ${pairs.map((p) => mb(p.idleRssMb)).join(", ")} | | | ${pairs.map((p) => mb(p.peakRssMb)).join(", ")} | | |`,
    );
  }
}
