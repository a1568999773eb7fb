import { type ChildProcess, execFile, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../src/server/testing/ports";

export interface Run {
  rps: number;
  p95: number;
  p99: number;
  /** How many answers of each HTTP status. */
  statuses: Record<string, number>;
  /**
   * CPU milliseconds this process spent per answer during the run, every thread together (the server and its
   * database thread; the load generator runs apart): steadier than the rate on a shared machine.
   */
  cpuMs: number;
}

/**
 * The load generator, as plain JavaScript for a process of its own: never the process, thread pool or event
 * loop it measures (issue 42). Keep-alive sockets, `connections` loops of requests for `seconds`; it takes
 * its orders and answers its figures over the IPC channel.
 */
const generator = `
const http = require("node:http");
process.once("message", (w) => {
const agent = new http.Agent({ keepAlive: true, maxSockets: w.connections });
const latencies = [];
const statuses = {};
const until = performance.now() + w.seconds * 1000;
let failed = null;
const one = (connection, turn) => new Promise((resolve) => {
  const started = performance.now();
  const cookies = w.cookies[connection % w.cookies.length];
  const nth = turn * w.connections + connection;
  const request = w.requests ? w.requests[nth % w.requests.length] : null;
  const bodies = w.bodySets ? w.bodySets[connection % w.bodySets.length] : w.bodies;
  const body = request ? request.body : bodies ? bodies[turn % bodies.length] : null;
  const headers = { cookie: cookies[turn % cookies.length], "accept-encoding": w.encoding };
  if (body) Object.assign(headers, { "content-type": w.contentType, "content-length": Buffer.byteLength(body) });
  const path = request ? request.path : w.paths ? w.paths[nth % w.paths.length] : w.path;
  const req = http.request({ host: "127.0.0.1", port: w.port, path, method: w.method, agent, headers }, (res) => {
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
    if (!w.accept.includes(res.statusCode)) failed = path + " answered " + res.statusCode;
    res.resume();
    res.on("end", () => { latencies.push(performance.now() - started); resolve(); });
  });
  req.on("error", (e) => { failed = String(e); resolve(); });
  req.end(body ?? undefined);
});
const loop = async (connection) => { for (let turn = 0; !failed && performance.now() < until; turn++) await one(connection, turn); };
Promise.all(Array.from({ length: w.connections }, (_, c) => loop(c))).then(() => {
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  process.send({ failed, statuses, rps: latencies.length / w.seconds, p95: at(0.95), p99: at(0.99) }, () => process.exit(0));
});
});
`;

/** A Node process running `source`, with an IPC channel to this one. */
const nodeProcess = (source: string): ChildProcess =>
  spawn(process.execPath, ["-e", source], { stdio: ["ignore", "inherit", "inherit", "ipc"] });

export interface LoadOptions {
  connections: number;
  seconds: number;
  cookie?: string;
  /** One list of cookies per connection (it cycles through its own); overrides `cookie`. */
  cookies?: string[][];
  encoding?: string;
  method?: "GET" | "POST";
  /** JSON bodies a connection cycles through (POST). */
  bodies?: string[];
  /** One list of bodies per connection, each cycling through its own (a USSD session per connection). */
  bodySets?: string[][];
  /** The bodies' content type; JSON unless said. */
  contentType?: string;
  /** Statuses that are answers, not failures (a refused order is still an answer). */
  accept?: number[];
  /** Paths the requests take in turn, instead of `path` every time (searches no cache has seen). */
  paths?: string[];
  /** Requests taken in turn, each with a path and a body of its own (a payment for each unpaid order). */
  requests?: { path: string; body: string }[];
}

/**
 * `wrk` (Debian's package), when installed: a load generator in C, several times the rate Node's can ask for on
 * the same cores, for the plain GETs the hot reads are (one path, at most one cookie). Without it, or for
 * anything else, the Node generator above.
 */
const wrkInstalled = spawnSync("wrk", ["--version"]).error === undefined;

const wrkReport = path.join(tmpdir(), "urithi-bench-wrk.lua");
if (wrkInstalled)
  writeFileSync(
    wrkReport,
    `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"micros":%d,"p95":%f,"p99":%f,"refused":%d,"failed":%d}\\n',
    summary.requests, summary.duration, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    e.status, e.connect + e.read + e.write + e.timeout))
end
`,
  );

function wrk(port: number, route: string, options: LoadOptions, cookie: string): Promise<Omit<Run, "cpuMs">> {
  const headers = [
    `Accept-Encoding: ${options.encoding ?? "identity"}`,
    ...(cookie ? [`Cookie: ${cookie}`] : []),
  ];
  const args = [
    `-t${Math.min(2, options.connections)}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    // A slow answer is a figure, not a socket error (wrk gives up after 2 s by default).
    "--timeout",
    "30s",
    ...headers.flatMap((h) => ["-H", h]),
    "-s",
    wrkReport,
    `http://127.0.0.1:${port}${route}`,
  ];
  return new Promise((resolve, reject) =>
    execFile("wrk", args, (error, stdout) => {
      const line = stdout.split("\n").find((l) => l.startsWith("{"));
      if (error || !line) return reject(error ?? new Error(`wrk printed no figures:\n${stdout}`));
      const r = JSON.parse(line) as {
        requests: number;
        micros: number;
        p95: number;
        p99: number;
        refused: number;
        failed: number;
      };
      if (r.failed > 0 || r.refused > 0)
        return reject(new Error(`${route}: ${r.refused} answers not 2xx or 3xx, ${r.failed} socket errors`));
      resolve({
        rps: r.requests / (r.micros / 1e6),
        p95: r.p95,
        p99: r.p99,
        statuses: { "200": r.requests },
      });
    }),
  );
}

/** The one cookie every request carries ("" for none), or null when the load cycles through several. */
function oneCookie(options: LoadOptions): string | null {
  if (!options.cookies) return options.cookie ?? "";
  const [only, ...others] = options.cookies;
  return only?.length === 1 && others.length === 0 ? only[0]! : null;
}

/** This process's CPU milliseconds since `cpu`, per answer of a run. */
function cpuMsPerAnswer(cpu: NodeJS.CpuUsage, rps: number, seconds: number): number {
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000 / Math.max(1, rps * seconds);
}

export function load(port: number, path: string, options: LoadOptions): Promise<Run> {
  const cookie = oneCookie(options);
  if (
    wrkInstalled &&
    (options.method ?? "GET") === "GET" &&
    !options.paths &&
    !options.requests &&
    cookie !== null
  ) {
    const cpu = process.cpuUsage();
    return wrk(port, path, options, cookie).then((run) => ({
      ...run,
      cpuMs: cpuMsPerAnswer(cpu, run.rps, options.seconds),
    }));
  }
  const orders = {
    port,
    path,
    encoding: "identity",
    method: "GET",
    bodies: null,
    bodySets: null,
    contentType: "application/json",
    paths: null,
    requests: null,
    accept: [200, 304],
    ...options,
    cookies: options.cookies ?? [[options.cookie ?? ""]],
  };
  return new Promise((resolve, reject) => {
    const cpu = process.cpuUsage();
    const child = nodeProcess(generator);
    child.once("message", (m: Omit<Run, "cpuMs"> & { failed: string | null }) => {
      const cpuMs = cpuMsPerAnswer(cpu, m.rps, options.seconds);
      if (m.failed) reject(new Error(m.failed));
      else resolve({ rps: m.rps, p95: m.p95, p99: m.p99, statuses: m.statuses, cpuMs });
    });
    child.once("error", reject);
    child.send(orders);
  });
}

/** A bare `node:http` server answering a constant, in a process of its own. */
const constantServer = `
const http = require("node:http");
const server = http.createServer((_req, res) => { res.writeHead(200, { "content-type": "text/plain" }); res.end("ok"); });
server.listen(0, "127.0.0.1", () => process.send(server.address().port));
process.on("disconnect", () => process.exit(0));
`;

async function nodeConstant(): Promise<{ port: number; stop: () => void }> {
  const server = nodeProcess(constantServer);
  const port = await new Promise<number>((resolve, reject) => {
    server.once("message", (p) => resolve(p as number));
    server.once("error", reject);
  });
  return { port, stop: () => server.disconnect() };
}

/**
 * nginx (Debian's package) answering a constant from one worker: faster than any Node server, so the ceiling
 * it gives is the generator's own, not bare `node:http`'s (which would put every baseline at its ceiling).
 */
const nginxInstalled = spawnSync("nginx", ["-v"]).error === undefined;
export const generatorName = wrkInstalled
  ? `wrk (2 threads), held to ${nginxInstalled ? "nginx (1 worker)" : "bare node:http"}`
  : "Node (one process), held to bare node:http";

async function nginxConstant(): Promise<{ port: number; stop: () => void }> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "urithi-bench-nginx-"));
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 4096; }
http { access_log off; keepalive_requests 1000000;
  server { listen 127.0.0.1:${port}; location / { default_type text/plain; return 200 "ok"; } } }
`,
  );
  const server = spawn("nginx", ["-p", dir, "-c", conf], { stdio: "ignore" });
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    port,
    stop: () => {
      server.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The load generator's own ceiling at `connections`: its rate against a server that answers a constant (nginx
 * where installed and the generator is wrk, else bare `node:http`), from another process. A baseline at 80% of
 * it or more is held back by the generator, and its ratio says nothing.
 */
export async function generatorCeiling(
  connections: number,
  seconds: number,
  /** The shape of the load it stands beside (a POST goes through the Node generator, as that load does). */
  like: Partial<LoadOptions> = {},
): Promise<Run> {
  const throughWrk = wrkInstalled && (like.method ?? "GET") === "GET";
  const server = throughWrk && nginxInstalled ? await nginxConstant() : await nodeConstant();
  try {
    return await load(server.port, "/", { ...like, connections, seconds });
  } finally {
    server.stop();
  }
}

/** A ratio of two rates, or why it does not count: the baseline at 80% of the generator's ceiling or more. */
export const ratioUnder = (ours: number, baseline: number, ceiling: number | undefined) =>
  ceiling !== undefined && baseline >= 0.8 * ceiling
    ? "generator-bound"
    : `${((100 * ours) / baseline).toFixed(0)}%`;

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Medians of several runs' rates and latencies; their statuses added up. */
export function medianRun(runs: Run[]): Run {
  const statuses: Record<string, number> = {};
  for (const r of runs) for (const [s, n] of Object.entries(r.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  return {
    rps: median(runs.map((r) => r.rps)),
    p95: median(runs.map((r) => r.p95)),
    p99: median(runs.map((r) => r.p99)),
    cpuMs: median(runs.map((r) => r.cpuMs)),
    statuses,
  };
}
