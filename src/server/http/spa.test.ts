import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { type Database, openPglite } from "../db/database";

let app: FastifyInstance;
let database: Database;
beforeAll(async () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), "urithi-web-"));
  writeFileSync(path.join(webRoot, "index.html"), "<!doctype html><div id=root></div>");
  mkdirSync(path.join(webRoot, "assets"));
  writeFileSync(path.join(webRoot, "assets", "app-abc123.js"), "console.log(1)");
  database = await openPglite();
  app = await buildApp({ database, config: loadConfig({ NODE_ENV: "test" }), webRoot });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("serving the web app", () => {
  it.each(["/", "/customers", "/no-such-page", "/client-portal?tab=orders"])(
    "answers %s with the SPA",
    async (url) => {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.body).toContain("<div id=root></div>");
      expect(res.headers["cache-control"]).toBe("no-cache");
    },
  );

  it("serves hashed assets with a long cache", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("still answers unknown API paths with JSON", async () => {
    const res = await app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("NOT_FOUND");
  });
});
