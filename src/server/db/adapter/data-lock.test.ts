import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataFolderLocked, lockDataFolder } from "./data-lock";

const folders: string[] = [];
afterEach(() => {
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "urithi-lock-"));
  folders.push(dir);
  return path.join(dir, "pgdata");
}
const bootId = () => readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();

/** A process that runs until killed, and its pid. */
function otherProcess() {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  return { pid: child.pid!, stop: () => child.kill("SIGKILL") };
}

describe("the data folder's lock", () => {
  it("is held until released, and names the folder and the pid to whoever asks meanwhile", () => {
    const dir = folder();
    const other = otherProcess();
    try {
      writeFileSync(
        `${dir}.lock`,
        JSON.stringify({
          pid: other.pid,
          host: hostname(),
          bootId: bootId(),
          startTicks: null,
          startedAt: "",
        }),
      );
      expect(() => lockDataFolder(dir)).toThrow(DataFolderLocked);
      expect(() => lockDataFolder(dir)).toThrow(`The data folder ${dir} is in use by process ${other.pid}`);
    } finally {
      other.stop();
    }
  });

  it("takes over a lock whose process has died, or that dates from before a reboot, or whose pid was reused", () => {
    const dir = folder();
    const dead = otherProcess();
    dead.stop();
    const stale = [
      { pid: 2 ** 22 + 7, host: hostname(), bootId: bootId(), startTicks: null, startedAt: "" },
      { pid: process.ppid, host: hostname(), bootId: "an-earlier-boot", startTicks: null, startedAt: "" },
      { pid: process.ppid, host: hostname(), bootId: bootId(), startTicks: "1", startedAt: "" },
      "half a lock file",
    ];
    for (const holder of stale) {
      writeFileSync(`${dir}.lock`, typeof holder === "string" ? holder : JSON.stringify(holder));
      const lock = lockDataFolder(dir);
      expect(JSON.parse(readFileSync(`${dir}.lock`, "utf8")).pid).toBe(process.pid);
      lock.release();
      expect(existsSync(`${dir}.lock`)).toBe(false);
    }
  });

  it("refuses a lock held on another host, which it cannot check", () => {
    const dir = folder();
    writeFileSync(
      `${dir}.lock`,
      JSON.stringify({ pid: 1, host: "another-host", bootId: null, startTicks: null, startedAt: "" }),
    );
    expect(() => lockDataFolder(dir)).toThrow(/in use by process 1 on host another-host/);
  });

  it("lets only one of several processes that find the same stale lock at once take it", async () => {
    const dir = folder();
    const script = `
      import("${path.resolve(import.meta.dirname, "data-lock.ts")}").then(({ lockDataFolder }) => {
        try { lockDataFolder(${JSON.stringify(dir)}); console.log("took"); setTimeout(() => {}, 1500); }
        catch (e) { console.log("refused"); }
      });`;
    for (let round = 0; round < 3; round++) {
      writeFileSync(
        `${dir}.lock`,
        JSON.stringify({ pid: 2 ** 22 + round, host: hostname(), bootId: bootId() }),
      );
      const outcomes = await Promise.all(
        [0, 1, 2].map(
          () =>
            new Promise<string>((resolve) => {
              const child = spawn(process.execPath, ["--import", "tsx", "-e", script], { stdio: "pipe" });
              let out = "";
              child.stdout.on("data", (d) => {
                out += d;
              });
              child.on("exit", () => resolve(out.trim()));
            }),
        ),
      );
      expect(outcomes.sort()).toEqual(["refused", "refused", "took"]);
      rmSync(`${dir}.lock`, { force: true });
    }
  }, 60_000);
});
