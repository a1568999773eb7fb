import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/adapter";
import { openDatabase as openConfigured } from "../../src/server/db/open";
import { invariantViolations } from "../../src/server/testing/invariants";
import { type RunningServer, startServer } from "../e2e/support/global-setup";
import { type Caller, signIn } from "./http";

/**
 * Two app instances (processes) on one PostgreSQL race for the last units of an item and for the one
 * shipment of an order. With no TEST_DATABASE_URL it runs one instance on the embedded database, where
 * the requests still race inside the process. RACE_ROUNDS sets the rounds (`npm run test:race`: 650).
 */
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 8);
const UNITS = 10;
const REQUESTS_PER_ROUND = 24;
const adminUrl = process.env.TEST_DATABASE_URL;

let instances: RunningServer[] = [];
let databaseUrl: string | undefined;
let dataDir: string | undefined;
let dbName = "";

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const deadlocks = () =>
  admin(async (c) =>
    Number(
      (await c.query("select deadlocks from pg_stat_database where datname = $1", [dbName])).rows[0]
        .deadlocks,
    ),
  );

beforeAll(async () => {
  const env = { DEMO_MODE: "on", RATE_LIMIT_PER_MINUTE: "1000000" };
  if (adminUrl) {
    dbName = `urithi_race_${randomBytes(5).toString("hex")}`;
    await admin((c) => c.query(`create database ${dbName}`));
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    // Both start at once: migrations and the seed must take turns on their own.
    instances = await Promise.all([
      startServer({ ...env, DATABASE_URL: databaseUrl }),
      startServer({ ...env, DATABASE_URL: databaseUrl }),
    ]);
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), "urithi-race-"));
    instances = [await startServer(env, { dataDir })];
  }
});

afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  if (adminUrl && dbName) await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function openDatabase(): Promise<Database> {
  return openConfigured(loadConfig(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }));
}

describe(`races on ${adminUrl ? "two instances sharing PostgreSQL" : "one instance on the embedded database"}`, () => {
  it(`oversells nothing and never deadlocks, ${ROUNDS} rounds`, async () => {
    const sales: Caller[] = await Promise.all(
      instances.map((i) => signIn(i.baseUrl, { email: "sales@urithi.co.ke" })),
    );
    const directors: Caller[] = await Promise.all(
      instances.map((i) => signIn(i.baseUrl, { email: "director1@urithi.co.ke" })),
    );
    const logistics: Caller[] = await Promise.all(
      instances.map((i) => signIn(i.baseUrl, { email: "logistics@urithi.co.ke" })),
    );
    const deadlocksBefore = adminUrl ? await deadlocks() : 0;
    const serverErrors: string[] = [];
    let oversold = 0;
    let shipmentsWon = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const created = await directors[0]!.post("/api/inventory", {
        itemId: `SEM-RACE-${round}-${randomBytes(3).toString("hex")}`,
        type: "sperm",
        breedName: "Sahiwal",
        acquiredFrom: "Race supplier",
        currentStock: UNITS,
        costPerUnit: 1500,
        storageLocation: "Tank R",
        geneticData: { category: "dairy", origin: "Kenya" },
      });
      expect(created.status).toBe(201);
      const item = (await created.json()) as { id: number };

      const wants = Array.from({ length: REQUESTS_PER_ROUND }, (_, i) => 1 + (i % 3));
      const answers = await Promise.all(
        wants.map((quantity, i) =>
          sales[i % sales.length]!.post(`/api/inventory/${item.id}/reserve`, {
            customerName: "Kiambu Dairy Farm",
            quantity,
          }),
        ),
      );
      let granted = 0;
      const orderIds: number[] = [];
      for (const [i, res] of answers.entries()) {
        if (res.status >= 500) serverErrors.push(`reserve ${res.status}: ${await res.text()}`);
        if (res.status === 201) {
          granted += wants[i]!;
          orderIds.push(((await res.json()) as { order: { id: number } }).order.id);
        }
      }
      if (granted > UNITS) oversold += granted - UNITS;
      const after = (await (await directors[0]!.get(`/api/inventory/${item.id}`)).json()) as {
        reservedStock: number;
      };
      expect(after.reservedStock).toBe(granted);

      // The one shipment of an order, asked for six times at once across the instances.
      const orderId = orderIds[0]!;
      const approved = await directors[round % directors.length]!.post(`/api/orders/${orderId}/approve`, {
        estimatedDays: 3,
        onCredit: true,
      });
      expect(approved.status).toBe(200);
      const { orderNumber } = (await approved.json()) as { orderNumber: string };
      const shipments = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          logistics[i % logistics.length]!.post("/api/shipments", {
            orderNumber,
            carrier: "DHL Express",
            temperature: "-196°C (Liquid Nitrogen)",
          }),
        ),
      );
      for (const res of shipments)
        if (res.status >= 500) serverErrors.push(`shipment ${res.status}: ${await res.text()}`);
      const won = shipments.filter((r) => r.status === 201).length;
      expect(won).toBe(1);
      shipmentsWon += won;
    }

    expect(serverErrors).toEqual([]);
    expect(oversold).toBe(0);
    expect(shipmentsWon).toBe(ROUNDS);
    if (adminUrl) expect((await deadlocks()) - deadlocksBefore).toBe(0);
    console.log(
      `race: ${ROUNDS} rounds x ${REQUESTS_PER_ROUND} reservations on ${instances.length} instance(s): 0 oversold, 0 deadlocks, 0 server errors`,
    );
  });

  it("leaves the database whole", async () => {
    if (!databaseUrl) await Promise.all(instances.map((i) => i.stop()));
    const database = await openDatabase();
    try {
      expect(await invariantViolations(database)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
