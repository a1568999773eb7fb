import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fromProjectRoot } from "../src/server/paths";
import { httpClient } from "../src/server/testing/http-client";
import { freePort } from "../src/server/testing/ports";

/**
 * The built server as a process of its own, started with the very environment settings and Node flags
 * `npm start` gives it (read from package.json), so the bench measures the process people run: its memory
 * and its start-up are its own.
 */
const startScript: string = JSON.parse(readFileSync(fromProjectRoot("package.json"), "utf8")).scripts.start;
const startCommand = /((?:[A-Z_]+=\S+ )*)node ((?:--\S+ )*)dist\/server\/main\.js/.exec(startScript);
const words = (text = "") => text.split(" ").filter(Boolean);
export const startFlags = words(startCommand?.[2]);
/** The settings the start command sets before `node` (the C library's allocator's). */
export const startEnv: Record<string, string> = Object.fromEntries(
  words(startCommand?.[1]).map((setting) => setting.split("=", 2) as [string, string]),
);

export interface ServerProcess {
  port: number;
  proc: ChildProcess;
  /** From the spawn to the first 200 from /api/health. */
  firstAnswerMs: number;
}

/**
 * What a bench server runs with: demo data, and the per-client limits out of the way of one load generator
 * that is every client at once (each client may still sign up from an address of its own: 127.0.0.1 is
 * trusted as the proxy). Backups off, so a backup's memory is not mistaken for the load's.
 */
export const benchServerEnv = {
  DEMO_MODE: "on",
  TRUST_PROXY: "127.0.0.1",
  RATE_LIMIT_PER_MINUTE: "100000000",
  ORDERS_PER_MINUTE: "100000000",
  MAX_OPEN_UNPAID_ORDERS: "1000000",
  MAX_OPEN_UNPAID_UNITS: "1000000000",
  BACKUP_INTERVAL_HOURS: "0",
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts `dist/server/main.js` (or `args`) with `env` over the bench's own; resolves at its first answer. */
export async function startServer(
  env: Record<string, string>,
  args: string[] = [...startFlags, "dist/server/main.js"],
): Promise<ServerProcess> {
  const port = await freePort();
  const started = performance.now();
  const proc = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      ...startEnv,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let exited: number | null = null;
  proc.once("exit", (code) => {
    exited = code ?? -1;
  });
  const probe = httpClient(`http://127.0.0.1:${port}`);
  while (performance.now() - started < 120_000) {
    if (exited !== null) throw new Error(`the server exited (${exited}) before answering`);
    const res = await probe.get("/api/health").catch(() => null);
    if (res?.status === 200) return { port, proc, firstAnswerMs: performance.now() - started };
    await sleep(10);
  }
  proc.kill("SIGKILL");
  throw new Error("the server did not answer within 2 minutes");
}

/** SIGTERM, then waits for the process to be gone. */
export async function stopServer({ proc }: ServerProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const gone = new Promise((r) => proc.once("exit", r));
  proc.kill("SIGTERM");
  await gone;
}

const statusKb = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]);

/** The process's resident memory now, in MB. */
export const rssMb = (pid: number) => statusKb(pid, "VmRSS") / 1024;
/** The most resident memory the process has held since it started, in MB. */
export const peakRssMb = (pid: number) => statusKb(pid, "VmHWM") / 1024;
