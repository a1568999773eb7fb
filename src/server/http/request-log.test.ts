import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import type { Database } from "../db/adapter";
import { openTestDatabase } from "../testing/test-database";

const lines: Record<string, unknown>[] = [];
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  database = await openTestDatabase();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  app = await buildApp({
    database,
    config: loadConfig({ NODE_ENV: "test", BACKUP_INTERVAL_HOURS: "0" }),
    logger: pino({ level: "info" }, sink),
    webRoot: null,
  });
  // A page slowed by the database, and one slowed by itself.
  app.get("/slow-database", async () => {
    await database.read((db) => db.execute(sql`select pg_sleep(0.6)`));
    return { ok: true };
  });
  app.get("/slow-work", async () => {
    await new Promise((r) => setTimeout(r, 600));
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("the request log", () => {
  it("logs a slow request with its route, its id and how long it waited for the database", async () => {
    const slow = await app.inject({
      method: "GET",
      url: "/slow-database",
      headers: { "x-request-id": "abc-123" },
    });
    const idle = await app.inject({ method: "GET", url: "/slow-work" });
    const fast = await app.inject({ method: "GET", url: "/api/health/live" });
    const logged = (id: unknown) => lines.find((l) => l.reqId === id && l.msg === "slow request");
    expect(logged("abc-123")).toMatchObject({ route: "/slow-database", status: 200, level: 30 });
    expect(logged("abc-123")!.databaseMs).toBeGreaterThanOrEqual(550);
    const other = logged(idle.headers["x-request-id"]);
    expect(other).toMatchObject({ route: "/slow-work" });
    expect(other!.databaseMs).toBeLessThan(50);
    expect(slow.headers["x-request-id"]).toBe("abc-123");
    expect(lines.some((l) => l.reqId === fast.headers["x-request-id"])).toBe(false);
  });
});
