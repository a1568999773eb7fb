import { type ChildProcess, spawn } from "node:child_process";

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
  const bodies = w.bodySets ? w.bodySets[connection % w.bodySets.length] : w.bodies;
  const body = bodies ? bodies[turn % bodies.length] : null;
  const headers = { cookie: cookies[turn % cookies.length], "accept-encoding": w.encoding };
  if (body) Object.assign(headers, { "content-type": w.contentType, "content-length": Buffer.byteLength(body) });
  const path = w.paths ? w.paths[(turn * w.connections + connection) % w.paths.length] : w.path;
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
}

export function load(port: number, path: string, options: LoadOptions): Promise<Run> {
  const orders = {
    port,
    path,
    encoding: "identity",
    method: "GET",
    bodies: null,
    bodySets: null,
    contentType: "application/json",
    paths: null,
    accept: [200, 304],
    ...options,
    cookies: options.cookies ?? [[options.cookie ?? ""]],
  };
  return new Promise((resolve, reject) => {
    const cpu = process.cpuUsage();
    const child = nodeProcess(generator);
    child.once("message", (m: Omit<Run, "cpuMs"> & { failed: string | null }) => {
      const used = process.cpuUsage(cpu);
      const answers = m.rps * options.seconds;
      const cpuMs = (used.user + used.system) / 1000 / Math.max(1, answers);
      if (m.failed) reject(new Error(m.failed));
      else resolve({ rps: m.rps, p95: m.p95, p99: m.p99, statuses: m.statuses, cpuMs });
    });
    child.once("error", reject);
    child.send(orders);
  });
}

/** A bare `node:http` server answering a constant, in a process of its own: what the generator is held to. */
const constantServer = `
const http = require("node:http");
const server = http.createServer((_req, res) => { res.writeHead(200, { "content-type": "text/plain" }); res.end("ok"); });
server.listen(0, "127.0.0.1", () => process.send(server.address().port));
process.on("disconnect", () => process.exit(0));
`;

/**
 * The load generator's own ceiling at `connections`: its rate against a server that answers a constant, from
 * another process. A baseline at 80% of it or more is held back by the generator, and its ratio says nothing.
 */
export async function generatorCeiling(connections: number, seconds: number): Promise<Run> {
  const server = nodeProcess(constantServer);
  const port = await new Promise<number>((resolve, reject) => {
    server.once("message", (p) => resolve(p as number));
    server.once("error", reject);
  });
  try {
    return await load(port, "/", { connections, seconds });
  } finally {
    server.disconnect();
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
