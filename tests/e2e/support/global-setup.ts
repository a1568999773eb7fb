import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../../../src/server/testing/ports";

export { freePort };

declare module "vitest" {
  export interface ProvidedContext {
    baseUrls: string[];
  }
}

async function waitForHealth(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

export interface RunningServer {
  baseUrl: string;
  /** SIGTERM, wait for the exit, and remove the data folder unless it was given. */
  stop: () => Promise<void>;
  /** SIGKILL (a crash): no shutdown, the data folder stays. */
  kill: () => Promise<void>;
  /** Whether the process is still running. */
  alive: () => boolean;
  /** Resolves with the exit code (null: ended by a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** What it has printed so far. */
  output: () => string;
  pid: number;
}

/**
 * A data folder the built server has migrated and seeded once, set by the setup below: each server after it
 * starts from a copy (a restart's 3 s instead of a fresh folder's 7 s of a core), still a folder of its own.
 */
const TEMPLATE_ENV = "E2E_TEMPLATE_DATA_DIR";

/** A new data folder: a copy of the migrated, seeded template when there is one, else empty. */
function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "urithi-e2e-"));
  const template = process.env[TEMPLATE_ENV];
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * Starts the real app as `npm start` runs it (the built server and web app, built by the test script) on a
 * fresh data dir (or the one given, to restart on it), with extra environment.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; port?: number } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? newDataDir();
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = "";
  const server = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      // Every browser of the suite shares 127.0.0.1; a test that wants the limit sets its own.
      RATE_LIMIT_PER_MINUTE: "100000",
      // Fixtures sign farmers up from addresses of their own (fixtures.ts), as a proxy would say.
      TRUST_PROXY: "loopback",
      ORDERS_PER_MINUTE: "100000",
      // A test that wants the scheduled backup (into its data folder) sets an interval.
      BACKUP_INTERVAL_HOURS: "0",
      // Passkeys need a host name (WebAuthn refuses an IP address as its relying party): the passkey tests
      // open the same server as localhost.
      PUBLIC_URL: `http://localhost:${port}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (d) => {
    log += d;
  });
  server.stderr?.on("data", (d) => {
    log += d;
  });
  await waitForHealth(baseUrl, server, () => log);
  const exited = new Promise<number | null>((r) => server.once("exit", (code) => r(code)));
  return {
    baseUrl,
    stop: async () => {
      if (server.exitCode === null) server.kill("SIGTERM");
      await exited;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: async () => {
      server.kill("SIGKILL");
      await exited;
    },
    alive: () => server.exitCode === null && server.signalCode === null,
    exited,
    output: () => log,
    pid: server.pid ?? 0,
  };
}

/**
 * One server per test worker (vitest.e2e.config.ts sets E2E_WORKERS), started side by side; or, with
 * E2E_BASE_URLS (comma-separated), servers already running elsewhere (behind a proxy, say).
 */
export default async function setup(project: TestProject) {
  const given = process.env.E2E_BASE_URLS;
  if (given) {
    project.provide("baseUrls", given.split(","));
    return;
  }
  const template = mkdtempSync(path.join(tmpdir(), "urithi-e2e-template-"));
  await (await startServer({}, { dataDir: template })).stop();
  process.env[TEMPLATE_ENV] = template;
  const servers = await Promise.all(
    Array.from({ length: Number(process.env.E2E_WORKERS ?? 1) }, () => startServer()),
  );
  project.provide(
    "baseUrls",
    servers.map((s) => s.baseUrl),
  );
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(template, { recursive: true, force: true });
  };
}
