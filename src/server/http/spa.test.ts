import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { type Database, openPglite } from "../db/adapter";

let app: FastifyInstance;
let database: Database;
beforeAll(async () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), "urithi-web-"));
  writeFileSync(
    path.join(webRoot, "index.html"),
    '<!doctype html><link rel="manifest" href="/manifest.webmanifest"><div id=root></div>',
  );
  mkdirSync(path.join(webRoot, "assets"));
  writeFileSync(path.join(webRoot, "assets", "app-abc123.js"), "console.log(1)");
  // What the build writes beside a large asset: its Brotli and gzip forms.
  const script = `console.log(${JSON.stringify("x".repeat(4000))});`;
  writeFileSync(path.join(webRoot, "assets", "big-def456.js"), script);
  writeFileSync(path.join(webRoot, "assets", "big-def456.js.br"), brotliCompressSync(script));
  writeFileSync(path.join(webRoot, "assets", "big-def456.js.gz"), gzipSync(script));
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
      expect(res.headers["cache-control"]).toBe("private, no-cache");
    },
  );

  it("links the installable app's manifest in the page's language", async () => {
    const manifestOf = async (headers: Record<string, string>) =>
      /rel="manifest" href="([^"]+)"/.exec(
        (await app.inject({ method: "GET", url: "/shop", headers })).body,
      )?.[1];
    expect(await manifestOf({ cookie: "urithi_lang=sw" })).toBe("/manifest.sw.webmanifest");
    expect(await manifestOf({ "accept-language": "sw-KE,sw;q=0.9" })).toBe("/manifest.sw.webmanifest");
    expect(await manifestOf({ cookie: "urithi_lang=en", "accept-language": "sw" })).toBe(
      "/manifest.webmanifest",
    );
  });

  it("serves hashed assets with a long cache", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it.each([
    "/assets/gone-999.js",
    "/assets/style-old.css",
    "/robots.txt",
    "/favicon.ico",
    "/customers/export.csv",
  ])("answers a missing file %s with a real 404, not the index page", async (url) => {
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
  });

  it("sends the build's own Brotli or gzip file to a browser that takes it", async () => {
    const br = await app.inject({
      method: "GET",
      url: "/assets/big-def456.js",
      headers: { "accept-encoding": "br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain("xxxx");
    const gz = await app.inject({
      method: "GET",
      url: "/assets/big-def456.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toContain("xxxx");
    const plain = await app.inject({ method: "GET", url: "/assets/big-def456.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("xxxx");
  });

  it("compresses API answers over 1 kB and leaves small ones alone", async () => {
    const big = await app.inject({
      method: "GET",
      url: "/api/openapi.json",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers["content-encoding"]).toBe("br");
    const doc = JSON.parse(brotliDecompressSync(big.rawPayload).toString());
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(big.rawPayload.length).toBeLessThan(JSON.stringify(doc).length / 3);
    const small = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "accept-encoding": "br" },
    });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("still answers unknown API paths with JSON", async () => {
    const res = await app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("NOT_FOUND");
  });
});
