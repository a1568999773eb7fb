import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startServer } from "../e2e/support/global-setup";
import { signIn } from "./http";

/**
 * One process per embedded data folder: a second `npm start` on a folder in use exits with one line naming
 * the folder and the pid holding it, and a lock left by `kill -9` is taken over by the next start.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "urithi-lock-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the built server on `dataDir` and waits for it to exit; answers its exit code and output. */
async function startExpectingExit(): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => {
    output += d;
  });
  child.stderr.on("data", (d) => {
    output += d;
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearTimeout(timer);
  return { code, output };
}

describe("the embedded database's folder", () => {
  it("is refused to a second process while the first runs, and taken over after the first is killed", async () => {
    const first = await startServer({ DEMO_MODE: "on" }, { dataDir });
    const second = await startExpectingExit();
    expect(second.code).toBe(1);
    const pgdata = path.join(dataDir, "pgdata");
    expect(second.output.trim()).toBe(
      `The data folder ${pgdata} is in use by process ${first.pid} (lock file ${pgdata}.lock); stop it first`,
    );
    // The first never noticed: it still serves.
    await signIn(first.baseUrl, { email: "director1@urithi.co.ke" });

    await first.kill();
    expect(JSON.parse(readFileSync(`${pgdata}.lock`, "utf8")).pid).toBe(first.pid);
    const third = await startServer({ DEMO_MODE: "on" }, { dataDir });
    expect(JSON.parse(readFileSync(`${pgdata}.lock`, "utf8")).pid).toBe(third.pid);
    await signIn(third.baseUrl, { email: "director1@urithi.co.ke" });
    await third.stop();
  });
});
