import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../e2e/support/global-setup";

/** Debian keeps the server's programs out of PATH; the newest version's folder wins. */
function pgBin(program: string): string {
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const candidate = path.join(root, v, "bin", program);
      if (existsSync(candidate)) return candidate;
    }
  }
  return program;
}

export const canRunClusters = (): boolean =>
  spawnSync(pgBin("initdb"), ["--version"], { stdio: "ignore" }).status === 0;

const asRoot = process.getuid?.() === 0;
/** initdb and postgres refuse to run as root, so as root they run as the `postgres` user. */
function run(program: string, args: string[]): string {
  const [cmd, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", pgBin(program), ...args]]
    : [pgBin(program), args];
  return execFileSync(cmd, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

export interface PgCluster {
  /** `postgres://…/postgres` on this cluster. */
  url: string;
  port: number;
  /** A fast shutdown (connections dropped), then a start: what `pg_ctlcluster restart` does. */
  restart(): Promise<void>;
  /** SIGKILL to the postmaster: a crash; the next start recovers from the WAL. */
  kill(): void;
  start(): Promise<void>;
  stop(mode?: "fast" | "immediate"): void;
  /** Stops the cluster and removes its folder. */
  destroy(): void;
}

/**
 * A PostgreSQL cluster of the test's own (initdb and pg_ctl in a temporary folder, on a free port), so a
 * test may restart or kill it without touching the machine's server.
 */
export async function startCluster(): Promise<PgCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), "urithi-pg-"));
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const port = await freePort();
  const options = `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=on -c max_connections=60`;
  const start = async () => {
    run("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-o", options, "-w", "-t", "60", "start"]);
  };
  const stop = (mode: "fast" | "immediate" = "fast") => {
    try {
      run("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]);
    } catch {
      // already stopped
    }
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    restart: async () => {
      stop("fast");
      await start();
    },
    kill: () => {
      const pid = Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
      const children = childrenOf(pid);
      process.kill(pid, "SIGKILL");
      // Its children notice it is gone and exit; until they have, they hold its shared memory and a new
      // start refuses.
      for (let i = 0; i < 100 && children.some(running); i++) spawnSync("sleep", ["0.1"]);
    },
    destroy: () => {
      stop("immediate");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function childrenOf(pid: number): number[] {
  const out = spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" }).stdout ?? "";
  return out.split("\n").filter(Boolean).map(Number);
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
