import { describe, expect, it } from "vitest";
import { t, withTestApp } from "../../testing/app-session";
import { createTestApp } from "../../testing/test-app";

withTestApp({ seed: false });

const kind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

describe("health", () => {
  it("answers from the last database check, and checks now when asked deep; a dead database is a 503", async () => {
    for (const url of ["/api/health", "/api/health?deep=1"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ok", database: kind });
    }
    const broken = await createTestApp({ seed: false });
    await broken.database.close();
    const res = await broken.app.inject({ method: "GET", url: "/api/health?deep=1" });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({ code: "UNAVAILABLE", message: "The database is not answering" });
    // Shallow checks now answer from that failed check without touching the database.
    expect((await broken.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(503);
    // Liveness is the process, not the database: a supervisor must not restart an instance for an outage.
    const live = await broken.app.inject({ method: "GET", url: "/api/health/live" });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "ok" });
    const ready = await broken.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error.message).toMatch(/database did not answer/);
    await broken.app.close();
  });

  it("is ready while the database answers, and not ready once draining for a shutdown", async () => {
    const ready = await t.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: kind, jobs: "off" });
    expect(ready.headers.connection).not.toBe("close");
    t.app.draining = true;
    try {
      const draining = await t.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(draining.statusCode).toBe(503);
      expect(draining.json().error.message).toBe("Not ready: shutting down");
      // Every answer while draining closes its connection, so a proxy opens its next one elsewhere.
      const other = await t.app.inject({ method: "GET", url: "/api/health" });
      expect(other.statusCode).toBe(200);
      expect(other.headers.connection).toBe("close");
    } finally {
      t.app.draining = false;
    }
  });

  it("answers every request with a request id, keeping a sane one a proxy sent", async () => {
    const fresh = await t.app.inject({ method: "GET", url: "/api/health/live" });
    expect(fresh.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({
      method: "GET",
      url: "/api/health/live",
      headers: { "x-request-id": "caddy-7f3a.1" },
    });
    expect(given.headers["x-request-id"]).toBe("caddy-7f3a.1");
    const hostile = await t.app.inject({
      method: "GET",
      url: "/api/health/live",
      headers: { "x-request-id": 'x"} {"admin":true' },
    });
    expect(hostile.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
