import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/open";
import { orders } from "../../src/server/db/schema";
import { httpClient } from "../../src/server/testing/http-client";
import { freePort } from "../../src/server/testing/ports";
import { signupPayload } from "../../src/server/testing/signup";
import { type RunningServer, startServer } from "../e2e/support/global-setup";
import { canRunClusters, type PgCluster, startCluster } from "./support/pg-cluster";

/**
 * The deployment as deploy/ describes it, without containers: Debian's Caddy with deploy/Caddyfile in front
 * of two app instances on one PostgreSQL, TRUST_PROXY set to the proxy. The order-to-cash browser journey
 * passes through it; sign-in and rate limits see each client's own address; a rolling restart of the
 * instances under load loses no request.
 */
const caddy = (() => {
  try {
    return execFileSync("which", ["caddy"], { encoding: "utf8" }).trim();
  } catch {
    return null;
  }
})();

let cluster: PgCluster;
const ports: number[] = [];
const instances: RunningServer[] = [];
let proxy: ChildProcess;
let proxyUrl = "";
let caddyHome = "";
/** What Caddy logged (health checks, upstream errors), shown when a test fails. */
let proxyLog = "";
const env = () => ({
  DATABASE_URL: cluster.url,
  DEMO_MODE: "on",
  TRUST_PROXY: "127.0.0.1",
  DRAIN_SECONDS: "2",
  RATE_LIMIT_PER_MINUTE: "600",
  ORDERS_PER_MINUTE: "100000",
  MAX_OPEN_UNPAID_ORDERS: "1000000",
  MAX_OPEN_UNPAID_UNITS: "100000000",
});

async function waitUntil(check: () => Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  if (!caddy || !canRunClusters()) return;
  cluster = await startCluster();
  ports.push(await freePort(), await freePort());
  // One after the other: the first migrates and seeds.
  for (const port of ports) instances.push(await startServer(env(), { port }));
  const port = await freePort();
  proxyUrl = `http://127.0.0.1:${port}`;
  caddyHome = mkdtempSync(path.join(tmpdir(), "urithi-caddy-"));
  proxy = spawn(caddy, ["run", "--config", "deploy/Caddyfile", "--adapter", "caddyfile"], {
    env: {
      ...process.env,
      DOMAIN: proxyUrl,
      UPSTREAMS: ports.map((p) => `127.0.0.1:${p}`).join(" "),
      CADDY_ADMIN: "off",
      XDG_DATA_HOME: caddyHome,
      XDG_CONFIG_HOME: caddyHome,
      HOME: caddyHome,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  proxy.stderr?.on("data", (d) => {
    proxyLog += d;
  });
  await waitUntil(async () => (await fetch(`${proxyUrl}/api/health/ready`)).ok, "Caddy");
});

afterAll(async () => {
  proxy?.kill("SIGTERM");
  await Promise.all(instances.map((i) => i.stop()));
  cluster?.destroy();
  if (caddyHome) rmSync(caddyHome, { recursive: true, force: true });
});

describe.runIf(caddy && canRunClusters())("behind Caddy, two instances on one PostgreSQL", () => {
  it("keeps /metrics from the internet and serves the order-to-cash journey", async () => {
    expect((await fetch(`${proxyUrl}/metrics`)).status).toBe(404);
    const run = spawn(
      process.execPath,
      [
        "node_modules/vitest/vitest.mjs",
        "run",
        "--config",
        "vitest.e2e.config.ts",
        "tests/e2e/order-to-cash.e2e.ts",
        "-t",
        "client pays by M-Pesa|bank-transfer order",
      ],
      {
        env: { ...process.env, E2E_BASE_URLS: proxyUrl, E2E_WORKERS: "1" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    run.stdout?.on("data", (d) => {
      output += d;
    });
    run.stderr?.on("data", (d) => {
      output += d;
    });
    const code = await new Promise<number | null>((resolve) => run.on("exit", resolve));
    expect(code, output).toBe(0);
    expect(output).toMatch(/2 passed/);
  });

  it("limits each client by its own address, not the proxy's", async () => {
    // Sign-in: one address guessing a farmer's password is slowed; the farmer elsewhere signs in.
    const guesser = httpClient(proxyUrl, { localAddress: "127.0.0.2" });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await guesser.post("/api/client-login", { email: "client@urithi.co.ke", password: `wrong-${i}` }))
          .status,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    const farmer = httpClient(proxyUrl, { localAddress: "127.0.0.3" });
    expect(
      (await farmer.post("/api/client-login", { email: "client@urithi.co.ke", password: "demo1234" })).status,
    ).toBe(200);

    // The API's ceiling per address (600 a minute, shared by both instances).
    const busy = httpClient(proxyUrl, { localAddress: "127.0.0.4" });
    let limited = 0;
    for (let i = 0; i < 620; i++) if ((await busy.get("/api/catalogue?limit=1")).status === 429) limited++;
    expect(limited).toBeGreaterThanOrEqual(20);
    expect(
      (await httpClient(proxyUrl, { localAddress: "127.0.0.5" }).get("/api/catalogue?limit=1")).status,
    ).toBe(200);
  });

  it("restarts each instance in turn under load without losing a request", async () => {
    const clients = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        // Farmers of their own: the limits test above has slowed sign-ins to the demo client.
        const c = httpClient(proxyUrl, { localAddress: `127.0.1.${i + 1}` });
        const email = `rolling-${i}-${Date.now()}@example.co.ke`;
        expect((await c.post("/api/client-signup", signupPayload(email))).status).toBe(201);
        expect((await c.post("/api/client-login", { email, password: "mbegu-bora-2026" })).status).toBe(200);
        return c;
      }),
    );
    const catalogue = JSON.parse((await clients[0]!.get("/api/client/catalog")).body) as { id: number }[];
    const load = { on: true, answered: 0, placed: [] as number[], failed: [] as string[] };
    const loops = clients.map(async (c, i) => {
      while (load.on) {
        try {
          const res =
            i % 2 === 0
              ? await c.get("/api/catalogue?limit=5")
              : await c.post("/api/client/orders", {
                  items: [{ productId: catalogue[load.answered % catalogue.length]!.id, quantity: 1 }],
                  deliveryAddress: "Nakuru",
                  paymentMethod: "bank",
                });
          load.answered++;
          if (res.status === 201) load.placed.push(JSON.parse(res.body).id);
          else if (res.status !== 200 && res.status !== 409)
            load.failed.push(`${res.status} ${res.body.slice(0, 200)}`);
        } catch (error) {
          load.failed.push(`no answer: ${String(error)}`);
        }
        // A farmer's pace, under the per-address ceiling (600 a minute).
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    await new Promise((r) => setTimeout(r, 1000));
    for (const [n, port] of ports.entries()) {
      const before = load.answered;
      await instances[n]!.stop();
      instances[n] = await startServer(env(), { port });
      // Caddy sends it traffic again once its readiness answers.
      await new Promise((r) => setTimeout(r, 1500));
      expect(load.answered).toBeGreaterThan(before);
    }
    load.on = false;
    await Promise.all(loops);
    console.log(
      `rolling restart: ${load.answered} requests answered, ${load.placed.length} orders placed, ${load.failed.length} failed`,
    );
    expect(load.failed, proxyLog.slice(-5000)).toEqual([]);
    const database = await openDatabase(loadConfig({ DATABASE_URL: cluster.url }));
    try {
      const found = await database.read((db) =>
        db.select({ id: orders.id }).from(orders).where(inArray(orders.id, load.placed)),
      );
      expect(found.length).toBe(load.placed.length);
    } finally {
      await database.close();
    }
  });
});
