import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultTimeouts } from "../app";
import { loadConfig } from "../config";
import { createTestApp, staffEmails, type TestApp } from "../testing/test-app";

const themeScript = `document.documentElement.dataset.theme = "light";`;
let t: TestApp;
beforeAll(async () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), "urithi-web-"));
  writeFileSync(
    path.join(webRoot, "index.html"),
    `<!doctype html><head><script>${themeScript}</script><script type="module" src="/assets/app.js"></script></head><div id=root></div>`,
  );
  t = await createTestApp({
    webRoot,
    listen: true,
    timeouts: { requestMs: 1500, idleMs: 1000, keepAliveMs: 500, checkIntervalMs: 250 },
  });
});
afterAll(() => t.close());

describe("security headers", () => {
  it("sends a strict CSP that allows the inline theme script by its hash only", async () => {
    const res = await t.app.inject({ method: "GET", url: "/" });
    const csp = String(res.headers["content-security-policy"]);
    const hash = createHash("sha256").update(themeScript).digest("base64");
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    // Helmet's other defaults on a page, and on the API's reference, which is a page too.
    for (const url of ["/", "/login", "/api/docs/"]) {
      const page = await t.app.inject({ method: "GET", url });
      expect(page.headers, url).toMatchObject({
        "cross-origin-opener-policy": "same-origin",
        "cross-origin-resource-policy": "same-origin",
        "origin-agent-cluster": "?1",
        "x-dns-prefetch-control": "off",
        "x-download-options": "noopen",
        "x-permitted-cross-domain-policies": "none",
        "x-xss-protection": "0",
      });
      expect(page.headers["content-security-policy"], url).toBe(csp);
    }
  });

  it("sends an API answer only the headers an API needs, success or error", async () => {
    for (const url of ["/api/health", "/api/no-such-thing", "/api/auth/me"]) {
      const answer = await t.app.inject({ method: "GET", url });
      expect(answer.headers, url).toMatchObject({
        // Never run as a page nor framed, never sniffed, never read from another origin.
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
        "cross-origin-resource-policy": "same-origin",
      });
      // The page-only headers stay off the API's answers: they cost every answer bytes and checks.
      for (const pageOnly of ["cross-origin-opener-policy", "x-dns-prefetch-control", "x-xss-protection"]) {
        expect(answer.headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
      }
      expect(answer.headers["x-powered-by"]).toBeUndefined();
    }
  });

  it("adds HSTS in production", async () => {
    const prod = await createTestApp({ env: { NODE_ENV: "production" }, seed: false });
    try {
      for (const url of ["/api/health", "/"]) {
        const res = await prod.app.inject({ method: "GET", url });
        expect(res.headers["strict-transport-security"], url).toMatch(/max-age=31536000; includeSubDomains/);
      }
    } finally {
      await prod.close();
    }
  });

  it("never lets an API answer be cached, success or error", async () => {
    for (const url of ["/api/health", "/api/auth/me", "/api/no-such-thing"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
  });
});

describe("timeouts", () => {
  it("are set on a server built with the defaults", async () => {
    const plain = await createTestApp({ seed: false });
    try {
      expect(plain.app.server.requestTimeout).toBe(defaultTimeouts.requestMs);
      expect(plain.app.server.timeout).toBe(defaultTimeouts.idleMs);
      expect(plain.app.server.keepAliveTimeout).toBe(defaultTimeouts.keepAliveMs);
      expect(defaultTimeouts.idleMs).toBeLessThan(defaultTimeouts.requestMs);
    } finally {
      await plain.close();
    }
  });

  it("cuts off a body trickled a byte at a time", async () => {
    const url = new URL(t.baseUrl!);
    const started = Date.now();
    const closed = await new Promise<string>((resolve) => {
      let answer = "";
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(
          "POST /api/client-login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{",
        );
        const drip = setInterval(() => socket.write(" "), 200);
        socket.on("close", () => {
          clearInterval(drip);
          resolve(answer);
        });
      });
      socket.on("data", (d) => {
        answer += d.toString();
      });
      socket.on("error", () => undefined);
    });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(5000);
    expect(closed).toMatch(/^HTTP\/1.1 408/);
  });

  it("closes a connection that sends nothing at all", async () => {
    const url = new URL(t.baseUrl!);
    const started = Date.now();
    await new Promise<void>((resolve) => {
      const socket = connect(Number(url.port), url.hostname);
      socket.on("close", () => resolve());
      socket.on("error", () => undefined);
    });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe("client address behind a proxy", () => {
  it("ignores X-Forwarded-For unless TRUST_PROXY names the proxy", async () => {
    const guess = (app: TestApp["app"], forwardedFor: string) =>
      app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "127.0.0.1",
        headers: { "x-forwarded-for": forwardedFor },
        payload: { username: staffEmails.lab_technician, password: "guess" },
      });
    // Not trusted: every forwarded address is the proxy's one address, so they share one budget.
    const direct = await Promise.all(Array.from({ length: 8 }, (_, i) => guess(t.app, `41.90.0.${i}`)));
    expect(direct.filter((r) => r.statusCode === 429).length).toBeGreaterThan(0);

    const behind = await createTestApp({ env: { TRUST_PROXY: "loopback" } });
    try {
      const proxied = await Promise.all(
        Array.from({ length: 8 }, (_, i) => guess(behind.app, `41.90.1.${i}`)),
      );
      expect(proxied.map((r) => r.statusCode)).toEqual(Array(8).fill(401));
    } finally {
      await behind.close();
    }
  });

  it("accepts only true, false or proxy addresses", () => {
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "loopback",
    ]);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: "2" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY/);
  });
});

describe("demo mode", () => {
  it("is on for the embedded database and off when DATABASE_URL is set, unless asked for", () => {
    expect(loadConfig({}).demoMode).toBe(true);
    expect(loadConfig({ DATABASE_URL: "postgres://db/urithi" }).demoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://db/urithi", DEMO_MODE: "on" }).demoMode).toBe(true);
    expect(loadConfig({ NODE_ENV: "production" }).demoMode).toBe(false);
  });
});
