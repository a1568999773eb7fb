import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe("health", () => {
  it("answers from the last database check, and checks now when asked deep; a dead database is a 503", async () => {
    const kind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
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
    await broken.app.close();
  });
});
