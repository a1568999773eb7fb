import { describe, expect, it } from "vitest";
import { t, withTestApp } from "./testing/app-session";

withTestApp({ seed: false });

describe("app", () => {
  it("answers health with the database kind", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: "ok",
      database: process.env.TEST_DB === "postgres" ? "postgres" : "pglite",
    });
  });

  it("answers unknown /api paths with a JSON 404", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const res = await t.app.inject({ method, url: "/api/no-such-thing" });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/application\/json/);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
  });

  it("answers malformed JSON with 400 in the API's error shape", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_ERROR");
  });
});
