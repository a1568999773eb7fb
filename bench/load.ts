import { Worker } from "node:worker_threads";

export interface Run {
  rps: number;
  p95: number;
  p99: number;
}

/**
 * The load generator, as plain JavaScript for a worker thread: the server under test keeps the main
 * thread (and its event loop) to itself. Keep-alive sockets, `connections` loops of GET for `seconds`.
 */
const generator = `
const http = require("node:http");
const { parentPort, workerData: w } = require("node:worker_threads");
const agent = new http.Agent({ keepAlive: true, maxSockets: w.connections });
const latencies = [];
const until = performance.now() + w.seconds * 1000;
let failed = null;
const one = () => new Promise((resolve) => {
  const started = performance.now();
  http.get({ host: "127.0.0.1", port: w.port, path: w.path, agent,
             headers: { cookie: w.cookie, "accept-encoding": w.encoding } }, (res) => {
    if (res.statusCode !== 200 && res.statusCode !== 304) failed = w.path + " answered " + res.statusCode;
    res.resume();
    res.on("end", () => { latencies.push(performance.now() - started); resolve(); });
  }).on("error", (e) => { failed = String(e); resolve(); });
});
const loop = async () => { while (!failed && performance.now() < until) await one(); };
Promise.all(Array.from({ length: w.connections }, loop)).then(() => {
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  parentPort.postMessage({ failed, rps: latencies.length / w.seconds, p95: at(0.95), p99: at(0.99) });
});
`;

export function load(
  port: number,
  path: string,
  options: { connections: number; seconds: number; cookie?: string; encoding?: string },
): Promise<Run> {
  const workerData = { port, path, cookie: "", encoding: "identity", ...options };
  return new Promise((resolve, reject) => {
    const worker = new Worker(generator, { eval: true, workerData });
    worker.once("message", (m: Run & { failed: string | null }) => {
      void worker.terminate();
      if (m.failed) reject(new Error(m.failed));
      else resolve({ rps: m.rps, p95: m.p95, p99: m.p99 });
    });
    worker.once("error", reject);
  });
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
