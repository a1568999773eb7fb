import { randomBytes } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import { rowsOf } from "../../src/server/db/adapter";
import { openDatabase } from "../../src/server/db/open";
import { orders } from "../../src/server/db/schema";
import { invariantViolations } from "../../src/server/testing/invariants";
import { type RunningServer, startServer } from "../e2e/support/global-setup";
import { type Caller, signIn } from "./http";
import { canRunClusters, type PgCluster, startCluster } from "./support/pg-cluster";

/**
 * Two app instances on a PostgreSQL cluster of the test's own, under client order load, while the database
 * is restarted (a fast shutdown and start) and killed (SIGKILL to the postmaster, then a start that
 * recovers). Every instance must stay up, every acknowledged order must be there afterwards, nothing may
 * be oversold, and each instance must place orders again within 5 s of the database being back.
 * DB_OUTAGES sets how many outages (default 3: restart, kill, restart).
 */
const OUTAGES = Number(process.env.DB_OUTAGES ?? 3);
const WRITERS = 6;
const STOCK = 100_000;

let cluster: PgCluster;
let instances: RunningServer[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  const env = {
    DATABASE_URL: cluster.url,
    DEMO_MODE: "on",
    RATE_LIMIT_PER_MINUTE: "100000000",
    ORDERS_PER_MINUTE: "100000000",
    MAX_OPEN_UNPAID_ORDERS: "1000000",
    MAX_OPEN_UNPAID_UNITS: "100000000",
    DATABASE_POOL_SIZE: "5",
  };
  instances = await Promise.all([startServer(env), startServer(env)]);
});

afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  cluster?.destroy();
});

interface Tally {
  acknowledged: number[];
  unavailable: number;
  /** Anything but 201, 409 or a 503 with Retry-After: each one fails the test. */
  wrong: string[];
}

/** Places one-unit orders until told to stop. */
async function write(client: Caller, itemId: number, tally: Tally, stop: { now: boolean }) {
  while (!stop.now) {
    try {
      const res = await client.post("/api/client/orders", {
        items: [{ productId: itemId, quantity: 1 }],
        deliveryAddress: "Nakuru",
        paymentMethod: "mpesa",
      });
      if (res.status === 201) tally.acknowledged.push(((await res.json()) as { id: number }).id);
      else if (res.status === 503) {
        const body = (await res.json()) as { error: { code: string } };
        if (body.error.code !== "DATABASE_UNAVAILABLE" || !res.headers.get("retry-after"))
          tally.wrong.push(`503 ${JSON.stringify(body)} retry-after=${res.headers.get("retry-after")}`);
        tally.unavailable++;
        await new Promise((r) => setTimeout(r, 50));
      } else if (res.status !== 409) tally.wrong.push(`${res.status} ${await res.text()}`);
    } catch (error) {
      tally.wrong.push(`no answer: ${String(error)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Milliseconds from now until an order is placed on this instance. */
async function serviceBack(client: Caller, itemId: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 30_000) {
    const res = await client
      .post("/api/client/orders", {
        items: [{ productId: itemId, quantity: 1 }],
        deliveryAddress: "Nakuru",
        paymentMethod: "mpesa",
      })
      .catch(() => null);
    if (res?.status === 201) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  return Number.POSITIVE_INFINITY;
}

describe.runIf(canRunClusters())("the database restarts under load", () => {
  it(`keeps both instances up and every acknowledged order over ${OUTAGES} outages`, async () => {
    const director = await signIn(instances[0]!.baseUrl, { email: "director1@urithi.co.ke" });
    const created = await director.post("/api/inventory", {
      itemId: `SEM-RESTART-${randomBytes(3).toString("hex")}`,
      type: "sperm",
      breedName: "Sahiwal",
      acquiredFrom: "Restart supplier",
      currentStock: STOCK,
      costPerUnit: 1500,
      storageLocation: "Tank R",
      geneticData: { category: "dairy", origin: "Kenya" },
    });
    expect(created.status).toBe(201);
    const itemId = ((await created.json()) as { id: number }).id;
    const clients = await Promise.all(
      instances.map((i) => signIn(i.baseUrl, { email: "client@urithi.co.ke", client: true })),
    );
    const tally: Tally = { acknowledged: [], unavailable: 0, wrong: [] };
    const backWithin: number[] = [];

    for (let outage = 0; outage < OUTAGES; outage++) {
      const stop = { now: false };
      const writers = Array.from({ length: WRITERS }, (_, w) =>
        write(clients[w % clients.length]!, itemId, tally, stop),
      );
      await new Promise((r) => setTimeout(r, 1500));
      if (outage % 2 === 1) {
        cluster.kill();
        await new Promise((r) => setTimeout(r, 500));
        await cluster.start();
      } else {
        await cluster.restart();
      }
      const back = await Promise.all(clients.map((c) => serviceBack(c, itemId)));
      backWithin.push(...back);
      stop.now = true;
      await Promise.all(writers);
      for (const instance of instances) expect(instance.alive(), instance.output()).toBe(true);
    }

    console.log(
      `database restarts: ${OUTAGES} outages, ${tally.acknowledged.length} orders acknowledged, ${tally.unavailable} answered 503, service back within ${backWithin.join(", ")} ms`,
    );
    expect(tally.wrong).toEqual([]);
    for (const ms of backWithin) expect(ms).toBeLessThan(5000);
    expect(tally.acknowledged.length).toBeGreaterThan(0);
    // The background jobs paused during the outages and resume at their next beat (3 s for the outbox).
    for (const instance of instances) {
      let ready: { status?: string; jobs?: string } = {};
      for (let i = 0; i < 50 && ready.jobs !== "running"; i++) {
        ready = await (await fetch(`${instance.baseUrl}/api/health/ready`)).json();
        if (ready.jobs !== "running") await new Promise((r) => setTimeout(r, 100));
      }
      expect(ready).toEqual({ status: "ready", database: "postgres", jobs: "running" });
    }

    const database = await openDatabase(loadConfig({ DATABASE_URL: cluster.url }));
    try {
      const found = await database.read((db) =>
        db.select({ id: orders.id }).from(orders).where(inArray(orders.id, tally.acknowledged)),
      );
      expect(found.length).toBe(new Set(tally.acknowledged).size);
      const [stock] = await database.read((db) =>
        rowsOf<{ reserved: number; onHand: number }>(
          db,
          sql`select reserved_stock as reserved, current_stock as "onHand" from inventory_items where id = ${itemId}`,
        ),
      );
      expect(stock!.reserved).toBeLessThanOrEqual(stock!.onHand);
      expect(await invariantViolations(database)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
