/**
 * Part of `npm run bench`: the hot reads against bare servers in the same run. For PGlite (a scratch data
 * folder) and PostgreSQL (a scratch database, when one answers) it starts the app with the demo data and:
 * - GET /api/health at 50 connections, against bare `node:http` answering the same JSON;
 * - GET /api/client/products at 10 and 50 connections, against bare Fastify serving the same JSON from memory.
 * Each pair runs BENCH_PAIRS times interleaved (baseline, then Urithi), BENCH_SECONDS each; medians printed.
 * The load runs in a process of its own; each table says the generator's ceiling at its connections, and a
 * ratio whose baseline reaches 80% of it is marked generator-bound.
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { type Database, openPglite } from "../src/server/db/adapter";
import { prepareDatabase } from "../src/server/db/prepare";
import { generatorCeiling, generatorName, load, medianRun, type Run, ratioUnder } from "./load";
import { scratchPostgres, signInDirector, startBenchApp } from "./scratch";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);

const portOf = (server: http.Server) => (server.address() as AddressInfo).port;

interface Row {
  figure: string;
  connections: number;
  urithi: Run;
  baseline: Run;
  baselineName: string;
  /** What the figure is about: throughput against the baseline, or the tail latency beside it. */
  measure: "rps" | "p99";
}

async function pair(
  figure: string,
  connections: number,
  baselineName: string,
  a: () => Promise<Run>,
  b: () => Promise<Run>,
) {
  const base: Run[] = [];
  const ours: Run[] = [];
  for (let i = 0; i < PAIRS; i++) {
    base.push(await a());
    ours.push(await b());
  }
  return {
    figure,
    connections,
    baselineName,
    baseline: medianRun(base),
    urithi: medianRun(ours),
    measure: "rps" as const,
  };
}

async function benchKind(kind: string, database: Database, env: Record<string, string>): Promise<Row[]> {
  await prepareDatabase(database, { seedDemo: true, now: new Date() });
  const app = await startBenchApp(database, env);
  const port = portOf(app.server);
  const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).text()) as string;
  const catalogue = await (await fetch(`http://127.0.0.1:${port}/api/client/products`)).text();
  const bareHttp = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(health);
  });
  await new Promise<void>((resolve) => bareHttp.listen(0, "127.0.0.1", resolve));
  const bareFastify = Fastify();
  bareFastify.get("/products", (_req, reply) => reply.type("application/json").send(catalogue));
  await bareFastify.listen({ port: 0, host: "127.0.0.1" });
  const fastifyPort = portOf(bareFastify.server);
  const run = (p: number, url: string, connections: number) => () =>
    load(p, url, { connections, seconds: SECONDS });
  const rows: Row[] = [
    await pair(
      `${kind}: GET /api/health, 50 connections`,
      50,
      "bare node:http",
      run(portOf(bareHttp), "/", 50),
      run(port, "/api/health", 50),
    ),
    await pair(
      `${kind}: GET /api/client/products, 10 connections`,
      10,
      "bare Fastify, same JSON from memory",
      run(fastifyPort, "/products", 10),
      run(port, "/api/client/products", 10),
    ),
    await pair(
      `${kind}: GET /api/client/products, 50 connections`,
      50,
      "bare Fastify, same JSON from memory",
      run(fastifyPort, "/products", 50),
      run(port, "/api/client/products", 50),
    ),
  ];
  // Health at 10 connections alone, then while a director keeps asking for the 1-year report and its PDF.
  const cookie = await signInDirector(port);
  const healthAlone = run(port, "/api/health", 10);
  const healthDuringReports = async () => {
    const reports = Promise.all([
      load(port, "/api/reports?period=1y", { connections: 1, seconds: SECONDS, cookie }),
      load(port, "/api/reports/export?period=1y&type=overview", { connections: 1, seconds: SECONDS, cookie }),
    ]);
    const during = await healthAlone();
    await reports;
    return during;
  };
  rows.push({
    ...(await pair(
      `${kind}: GET /api/health p99, 10 connections, while the 1-year report and its PDF are computed`,
      10,
      "health alone",
      healthAlone,
      healthDuringReports,
    )),
    measure: "p99",
  });
  await app.close();
  await bareFastify.close();
  bareHttp.close();
  return rows;
}

export interface HotPaths {
  rows: Row[];
  /** The generator's own rate against a constant answer, by connections. */
  ceilings: Map<number, Run>;
}

export async function benchHotPaths(): Promise<HotPaths> {
  const ceilings = new Map<number, Run>();
  for (const connections of [10, 50]) {
    const runs: Run[] = [];
    for (let i = 0; i < PAIRS; i++) runs.push(await generatorCeiling(connections, SECONDS));
    ceilings.set(connections, medianRun(runs));
  }
  const rows: Row[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), "urithi-bench-"));
  try {
    console.error("… PGlite");
    const pglite = await openPglite(path.join(dir, "pgdata"));
    rows.push(...(await benchKind("PGlite", pglite, {})));
    await pglite.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const pg = await scratchPostgres().catch(() => null);
  if (pg) {
    console.error("… PostgreSQL");
    try {
      rows.push(...(await benchKind("PostgreSQL", pg.database, { DATABASE_URL: pg.url })));
    } finally {
      await pg.drop();
    }
  } else console.error("PostgreSQL did not answer: its rows are left out.");
  return { rows, ceilings };
}

export function printHotPaths({ rows, ceilings }: HotPaths): void {
  console.log(
    `\nHot reads: medians of ${PAIRS} interleaved pairs, ${SECONDS} s each, load from a process of its own.`,
  );
  for (const [connections, run] of ceilings) {
    console.log(
      `Load generator ceiling, ${generatorName}, at ${connections} connections (a constant answer): ${run.rps.toFixed(0)} req/s, p99 ${run.p99.toFixed(1)} ms.`,
    );
  }
  console.log("");
  console.log("| figure | Urithi req/s | p95 ms | p99 ms | baseline | baseline req/s | ratio |");
  console.log("|---|---:|---:|---:|---|---:|---:|");
  for (const r of rows.filter((row) => row.measure === "rps")) {
    console.log(
      `| ${r.figure} | ${r.urithi.rps.toFixed(0)} | ${r.urithi.p95.toFixed(1)} | ${r.urithi.p99.toFixed(1)} | ${r.baselineName} | ${r.baseline.rps.toFixed(0)} | ${ratioUnder(r.urithi.rps, r.baseline.rps, ceilings.get(r.connections)?.rps)} |`,
    );
  }
  console.log("\n| figure | p99 ms | baseline | baseline p99 ms | ratio |");
  console.log("|---|---:|---|---:|---:|");
  for (const r of rows.filter((row) => row.measure === "p99")) {
    console.log(
      `| ${r.figure} | ${r.urithi.p99.toFixed(1)} | ${r.baselineName} | ${r.baseline.p99.toFixed(1)} | ×${(r.urithi.p99 / r.baseline.p99).toFixed(2)} |`,
    );
  }
}
