import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/open";
import { orderLines, orders } from "../../src/server/db/schema";
import { invariantViolations } from "../../src/server/testing/invariants";
import { startServer } from "../e2e/support/global-setup";
import { type Caller, signIn } from "./http";

/**
 * The embedded database survives `kill -9` in the middle of writes: every order the API acknowledged
 * (201) is there after the restart, with its lines and its reservation, and the invariants hold.
 * CRASH_RUNS sets how many kills (`npm run test:crash`: 24).
 */
const RUNS = Number(process.env.CRASH_RUNS ?? 3);
const WRITERS = 4;
const env = { DEMO_MODE: "on", RATE_LIMIT_PER_MINUTE: "1000000" };
const dataDir = mkdtempSync(path.join(tmpdir(), "urithi-crash-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Reserves one unit at a time until told to stop; answers the orders the server acknowledged. */
async function write(sales: Caller, itemId: number, stop: { now: boolean }): Promise<number[]> {
  const acknowledged: number[] = [];
  while (!stop.now) {
    try {
      const res = await sales.post(`/api/inventory/${itemId}/reserve`, {
        customerName: "Kiambu Dairy Farm",
        quantity: 1,
      });
      if (res.status === 201) acknowledged.push(((await res.json()) as { order: { id: number } }).order.id);
      else if (res.status >= 500) throw new Error(`server error ${res.status}: ${await res.text()}`);
    } catch (error) {
      // The connection drops when the process is killed; anything else is a failure.
      if (!stop.now && !(error instanceof TypeError)) throw error;
    }
  }
  return acknowledged;
}

describe("kill -9 during writes", () => {
  it(`loses no acknowledged order over ${RUNS} kills`, async () => {
    const acknowledged: number[] = [];
    let itemId = 0;
    for (let run = 0; run < RUNS; run++) {
      const server = await startServer(env, { dataDir });
      const sales = await signIn(server.baseUrl, { email: "sales@urithi.co.ke" });
      if (run === 0) {
        const director = await signIn(server.baseUrl, { email: "director1@urithi.co.ke" });
        const res = await director.post("/api/inventory", {
          itemId: "SEM-CRASH-001",
          type: "sperm",
          breedName: "Friesian",
          acquiredFrom: "Crash supplier",
          currentStock: 1_000_000,
          costPerUnit: 1000,
          storageLocation: "Tank K",
          geneticData: { category: "dairy", origin: "Kenya" },
        });
        expect(res.status).toBe(201);
        itemId = ((await res.json()) as { id: number }).id;
      }
      const stop = { now: false };
      const writers = Array.from({ length: WRITERS }, () => write(sales, itemId, stop));
      await new Promise((r) => setTimeout(r, 400 + Math.random() * 1200));
      stop.now = true;
      await server.kill();
      for (const ids of await Promise.all(writers)) acknowledged.push(...ids);
    }
    expect(acknowledged.length).toBeGreaterThan(0);

    // Once more, to let the database recover, then a clean stop and a look inside.
    const last = await startServer(env, { dataDir });
    await last.stop();
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      const found = await database.read((db) =>
        db.select({ id: orders.id }).from(orders).where(inArray(orders.id, acknowledged)),
      );
      const withLines = await database.read((db) =>
        db
          .selectDistinct({ id: orderLines.orderId })
          .from(orderLines)
          .where(inArray(orderLines.orderId, acknowledged)),
      );
      expect(found.length).toBe(acknowledged.length);
      expect(withLines.length).toBe(acknowledged.length);
      expect(await invariantViolations(database)).toEqual([]);
      console.log(`crash: ${RUNS} kills, ${acknowledged.length} acknowledged orders, 0 lost`);
    } finally {
      await database.close();
    }
  });
});
