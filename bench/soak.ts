/**
 * `npm run bench:soak`: the built server as its own process (so its memory is its own, not the load
 * generator's) under a steady mixed load for SOAK_MINUTES (30): farmers browsing the shop, ordering and paying
 * by M-Pesa (answered on the simulator's phone page), staff reading lists, the dashboard and reports. Per
 * minute: p50, p95 and p99 of every answer, errors, and the server's RSS and heap (from its /metrics). It
 * passes with no error, p99 in the last five minutes within 1.5× of the first five, and RSS growing under 10%
 * after the warm-up. SOAK_DB=pglite, postgres or both (postgres on BENCH_DATABASE_URL or TEST_DATABASE_URL);
 * SOAK_USERS (24) virtual users, each waiting SOAK_THINK_MS (400) between steps; SOAK_KEEP=1 keeps PGlite's folder.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { Agent } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type HttpClient, httpClient } from "../src/server/testing/http-client";
import { signupPayload } from "../src/server/testing/signup";
import { benchAdminUrl } from "./scratch";
import { benchServerEnv, rssMb, startServer, stopServer } from "./server-process";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const USERS = Number(process.env.SOAK_USERS ?? 24);
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 400);
/** The first and last windows compared; shorter runs compare their first and last halves' minutes. */
const WINDOW = Math.max(1, Math.min(5, Math.floor(MINUTES / 3)));

interface Minute {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  rssMb: number;
  heapMb: number;
  /** Each route's latencies this minute, so the verdict can say which route grew. */
  routes: Map<string, number[]>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const agent = new Agent({ keepAlive: true, maxSockets: USERS * 2 });

/** Times every answer, and keeps what was not the status expected as an error. */
class Recorder {
  latencies: number[] = [];
  routes = new Map<string, number[]>();
  errors: string[] = [];
  async time(client: HttpClient, method: string, path: string, body?: unknown, ok = [200, 201, 202]) {
    const started = performance.now();
    try {
      const res = await client.send(method, path, body);
      const took = performance.now() - started;
      this.latencies.push(took);
      const route = `${method} ${path.replace(/\/\d+/g, "/:id").replace(/offset=\d+&?/, "")}`;
      const kept = this.routes.get(route);
      if (kept) kept.push(took);
      else this.routes.set(route, [took]);
      if (!ok.includes(res.status))
        this.errors.push(`${method} ${path} ${res.status} ${res.body.slice(0, 120)}`);
      return res;
    } catch (error) {
      this.errors.push(`${method} ${path} ${String(error)}`);
      return null;
    }
  }
}

async function heapMb(port: number): Promise<number> {
  const text = (await httpClient(`http://127.0.0.1:${port}`).get("/metrics")).body;
  return Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(text)?.[1] ?? 0) / 1024 / 1024;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

/** The farmers, the phone that answers their prompts, and the staff, until `stop.now`. */
async function drive(port: number, recorder: Recorder, stop: { now: boolean }) {
  const base = `http://127.0.0.1:${port}`;
  const director = httpClient(base, { agent });
  await director.post("/api/auth/login", { username: "director1@urithi.co.ke", password: "demo1234" });
  const created = await director.post("/api/inventory", {
    itemId: `SEM-SOAK-${Date.now()}`,
    type: "sperm",
    breedName: "Friesian",
    acquiredFrom: "Soak supplier",
    currentStock: 1_000_000,
    costPerUnit: 1500,
    storageLocation: "Tank S",
    geneticData: { category: "dairy", origin: "Kenya" },
  });
  if (created.status !== 201)
    throw new Error(`adding the soak item answered ${created.status}: ${created.body}`);
  const item = JSON.parse(created.body) as { id: number };
  const farmers = USERS - Math.ceil(USERS / 4);
  const staffCount = USERS - farmers;
  const farmer = async (n: number) => {
    const client = httpClient(base, { agent });
    const email = `soak-${Date.now()}-${n}@example.co.ke`;
    const signup = await client.post("/api/client-signup", signupPayload(email));
    if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${signup.body}`);
    const login = await client.post("/api/client-login", { email, password: "mbegu-bora-2026" });
    if (login.status !== 200) throw new Error(`client sign-in answered ${login.status}: ${login.body}`);
    for (let turn = 0; !stop.now; turn++) {
      await recorder.time(client, "GET", `/api/catalogue?breed=Friesian&sort=milk&offset=${(turn % 3) * 24}`);
      await sleep(THINK_MS);
      if (turn % 3 === 0) {
        const placed = await recorder.time(client, "POST", "/api/client/orders", {
          items: [{ productId: item.id, quantity: 1 }],
          deliveryAddress: "Nakuru",
          paymentMethod: "mpesa",
        });
        if (placed?.status === 201) {
          const { id } = JSON.parse(placed.body) as { id: number };
          const pay = { method: "mpesa", phone: "0712345678" };
          await recorder.time(client, "POST", `/api/client/orders/${id}/pay`, pay, [201]);
        }
      } else {
        await recorder.time(client, "GET", "/api/client/orders?limit=20");
      }
      await sleep(THINK_MS);
    }
  };
  const phone = async () => {
    const handset = httpClient(base, { agent });
    while (!stop.now) {
      const page = await recorder.time(handset, "GET", "/mpesa-simulator");
      for (const [, id] of page?.body.matchAll(/\/mpesa-simulator\/(\d+)\/accept"/g) ?? []) {
        await recorder.time(handset, "POST", `/mpesa-simulator/${id}/accept`, undefined, [303]);
      }
      await sleep(1000);
    }
  };
  const staffPaths = [
    "/api/orders?limit=50",
    "/api/inventory?limit=50",
    "/api/customers?limit=50",
    "/api/dashboard/metrics",
    "/api/reports?period=30d",
    "/api/orders/summary",
  ];
  const staff = async (n: number) => {
    for (let turn = n; !stop.now; turn++) {
      await recorder.time(director, "GET", staffPaths[turn % staffPaths.length]!);
      await sleep(THINK_MS * 2);
    }
  };
  await Promise.all([
    ...Array.from({ length: farmers }, (_, n) => farmer(n)),
    ...Array.from({ length: staffCount }, (_, n) => staff(n)),
    phone(),
  ]);
}

async function soak(kind: "pglite" | "postgres"): Promise<Minute[]> {
  let cleanup = async () => {};
  let env: Record<string, string>;
  if (kind === "pglite") {
    const dir = mkdtempSync(path.join(tmpdir(), "urithi-soak-"));
    env = { DATA_DIR: dir };
    // SOAK_KEEP=1 leaves the folder for a look at what the run wrote (VACUUM VERBOSE, table sizes).
    cleanup = async () =>
      process.env.SOAK_KEEP ? console.log(`kept ${dir}`) : rmSync(dir, { recursive: true, force: true });
  } else {
    const name = `urithi_soak_${Date.now()}`;
    const admin = new pg.Client({ connectionString: benchAdminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(benchAdminUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    cleanup = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const server = await startServer({ ...env, ...benchServerEnv });
  const { port, proc } = server;
  const recorder = new Recorder();
  const stop = { now: false };
  const driving = drive(port, recorder, stop);
  const minutes: Minute[] = [];
  for (let m = 0; m < MINUTES; m++) {
    await sleep(60_000);
    const latencies = recorder.latencies.splice(0).sort((a, b) => a - b);
    const errors = recorder.errors.splice(0);
    const routes = recorder.routes;
    recorder.routes = new Map();
    for (const e of errors.slice(0, 3)) console.error(`  error: ${e}`);
    const minute = {
      count: latencies.length,
      p50: quantile(latencies, 0.5),
      p95: quantile(latencies, 0.95),
      p99: quantile(latencies, 0.99),
      errors: errors.length,
      rssMb: rssMb(proc.pid!),
      heapMb: await heapMb(port),
      routes,
    };
    minutes.push(minute);
    console.log(
      `${kind} minute ${m + 1}: ${minute.count} answers, p50 ${minute.p50.toFixed(1)} p95 ${minute.p95.toFixed(1)} p99 ${minute.p99.toFixed(1)} ms, ${minute.errors} errors, RSS ${minute.rssMb.toFixed(0)} MB, heap ${minute.heapMb.toFixed(0)} MB`,
    );
  }
  stop.now = true;
  await driving;
  await stopServer(server);
  await cleanup();
  return minutes;
}

function verdict(kind: string, minutes: Minute[]) {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const first = minutes.slice(0, WINDOW);
  const last = minutes.slice(-WINDOW);
  const p99First = mean(first.map((m) => m.p99));
  const p99Last = mean(last.map((m) => m.p99));
  // Warm-up: the first window; growth is from its end to the last minute.
  const rssWarm = minutes[WINDOW - 1]!.rssMb;
  const rssEnd = minutes.at(-1)!.rssMb;
  const errors = minutes.reduce((n, m) => n + m.errors, 0);
  const answers = minutes.reduce((n, m) => n + m.count, 0);
  const ratio = p99Last / p99First;
  const growth = (rssEnd - rssWarm) / rssWarm;
  const pass = errors === 0 && ratio <= 1.5 && growth < 0.1;
  return {
    row: `| ${kind} | ${MINUTES} | ${answers} | ${errors} | ${p99First.toFixed(1)} | ${p99Last.toFixed(1)} | ×${ratio.toFixed(2)} | ${rssWarm.toFixed(0)} → ${rssEnd.toFixed(0)} MB (${(growth * 100).toFixed(1)}%) | ${Math.max(...minutes.map((m) => m.heapMb)).toFixed(0)} MB | ${pass ? "pass" : "FAIL"} |`,
    pass,
  };
}

/** Each route's p50 and p99 in the first and last windows: which answers slowed down, if any did. */
function routeTable(kind: string, minutes: Minute[]) {
  const pooled = (window: Minute[], route: string) =>
    window.flatMap((m) => m.routes.get(route) ?? []).sort((a, b) => a - b);
  const routes = [...new Set(minutes.flatMap((m) => [...m.routes.keys()]))].sort();
  console.log(`\n${kind}: each route, first window → last window (ms)\n`);
  console.log("| route | answers | p50 first | p50 last | p99 first | p99 last | p99 ratio |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const route of routes) {
    const first = pooled(minutes.slice(0, WINDOW), route);
    const last = pooled(minutes.slice(-WINDOW), route);
    const count = minutes.reduce((n, m) => n + (m.routes.get(route)?.length ?? 0), 0);
    const [p50a, p50b, p99a, p99b] = [
      quantile(first, 0.5),
      quantile(last, 0.5),
      quantile(first, 0.99),
      quantile(last, 0.99),
    ];
    console.log(
      `| ${route} | ${count} | ${p50a.toFixed(1)} | ${p50b.toFixed(1)} | ${p99a.toFixed(1)} | ${p99b.toFixed(1)} | ×${(p99b / p99a).toFixed(2)} |`,
    );
  }
}

const kinds =
  (process.env.SOAK_DB ?? "both") === "both"
    ? (["pglite", "postgres"] as const)
    : ([process.env.SOAK_DB] as ("pglite" | "postgres")[]);
const rows: string[] = [];
let allPass = true;
for (const kind of kinds) {
  const minutes = await soak(kind);
  const { row, pass } = verdict(kind, minutes);
  routeTable(kind, minutes);
  rows.push(row);
  allPass &&= pass;
}
agent.destroy();
console.log(
  `\nSoak: ${USERS} virtual users (${USERS - Math.ceil(USERS / 4)} farmers browsing, ordering and paying by M-Pesa; ${Math.ceil(USERS / 4)} staff on lists, dashboard and reports), ${THINK_MS} ms think time; windows of ${WINDOW} min.\n`,
);
console.log(
  "| database | minutes | answers | errors | p99 first window ms | p99 last window ms | ratio | RSS after warm-up → end | heap peak | verdict |",
);
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |");
for (const row of rows) console.log(row);
process.exit(allPass ? 0 : 1);
