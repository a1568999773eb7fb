import { describe, expect, it } from "vitest";
import { t, withTestApp } from "../../testing/app-session";
import { messageRows, writeMessages } from "../notifications/outbox";

withTestApp({ seed: false, env: { METRICS_TOKEN: "a-long-scrape-token-0123" } });

/** The value of one series in Prometheus's text format, or undefined when absent. */
function series(text: string, name: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  if (line === undefined) return undefined;
  const value = line.slice(name.length + 1);
  return value === "+Inf" ? Number.POSITIVE_INFINITY : Number(value);
}

describe("/metrics", () => {
  it("is for a local scraper or one with the token, not for the internet", async () => {
    const local = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(local.statusCode).toBe(200);
    expect(local.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const outside = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: "203.0.113.9" });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().error.code).toBe("FORBIDDEN");
    const wrongToken = await t.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: "203.0.113.9",
      headers: { authorization: "Bearer a-long-scrape-token-0124" },
    });
    expect(wrongToken.statusCode).toBe(403);
    const withToken = await t.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: "203.0.113.9",
      headers: { authorization: "Bearer a-long-scrape-token-0123" },
    });
    expect(withToken.statusCode).toBe(200);
  });

  it("counts requests per route and status, and shows the database, the outbox, M-Pesa and Node", async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ method: "GET", url: "/api/health/live" });
    await t.app.inject({ method: "GET", url: "/api/orders/not-a-number" });
    const now = new Date();
    await t.database.tx((db) =>
      writeMessages(
        db,
        messageRows({
          kind: "order_received",
          reader: {
            name: "Wanjiru",
            phone: "0712345678",
            email: null,
            language: "sw",
            notifyBy: "sms",
            userId: null,
          },
          facts: { orderNumber: "ORD-2026-000001", amountKes: 2150, lines: [] },
          now: new Date(now.getTime() - 90_000),
        }),
      ),
    );
    const text = (await t.app.inject({ method: "GET", url: "/metrics" })).body;
    expect(
      series(
        text,
        'urithi_http_request_duration_seconds_count{method="GET",route="/api/health/live",status="200"}',
      ),
    ).toBe(3);
    expect(text).toMatch(
      /urithi_http_request_duration_seconds_count\{method="GET",route="\/api\/orders\/:id",status="(400|401)"\} 1/,
    );
    expect(series(text, "urithi_database_up")).toBe(1);
    expect(series(text, "urithi_outbox_pending")).toBe(1);
    expect(series(text, "urithi_outbox_oldest_pending_seconds")).toBeGreaterThanOrEqual(89);
    expect(series(text, "urithi_outbox_failed")).toBe(0);
    expect(series(text, "urithi_mpesa_pending_prompts")).toBe(0);
    // Between requests nothing waits, and the connection (or some of the pool's) is idle.
    expect(series(text, `urithi_db_waiting{database="${t.database.kind}"}`)).toBe(0);
    expect(series(text, 'urithi_db_connections{state="idle"}')).toBeGreaterThan(0);
    expect(series(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThan(0);
    expect(series(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    // No backup has been made here: an age no alert threshold lets pass.
    expect(series(text, "urithi_backup_age_seconds")).toBe(Number.POSITIVE_INFINITY);
  });

  it("counts job runs and failures with their duration", async () => {
    t.app.metrics.job("outbox", 0.02, false);
    t.app.metrics.job("outbox", 0.5, true);
    const text = (await t.app.inject({ method: "GET", url: "/metrics" })).body;
    expect(series(text, 'urithi_job_runs_total{job="outbox",outcome="ok"}')).toBe(1);
    expect(series(text, 'urithi_job_runs_total{job="outbox",outcome="failed"}')).toBe(1);
    expect(series(text, 'urithi_job_duration_seconds_count{job="outbox"}')).toBe(2);
  });
});
