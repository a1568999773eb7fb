import { describe, expect, it } from "vitest";
import { type JobsState, startJobs } from "./jobs";
import { createTestApp } from "./testing/test-app";

describe("background jobs", () => {
  it("run each job and record it, and pause all of them, logging once, when the database is gone", async () => {
    const t = await createTestApp({ seed: false });
    const runs: [string, boolean][] = [];
    const warnings: string[] = [];
    const log = { ...t.app.log, warn: (_: unknown, message: string) => warnings.push(message) };
    const state: JobsState = { enabled: false, paused: false };
    const stop = startJobs(t.ctx, log as typeof t.app.log, 40, state, (job, _s, failed) =>
      runs.push([job, failed]),
    );
    expect(state.enabled).toBe(true);
    for (let i = 0; i < 100 && !runs.some(([job]) => job === "vacuum"); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(runs.filter(([, failed]) => failed)).toEqual([]);
    expect(new Set(runs.map(([job]) => job))).toEqual(
      new Set([
        "hold_expiry",
        "mpesa_reconcile",
        "rate_limit_sweep",
        "refill_check",
        "staff_alarms",
        "low_stock_digest",
        "item_expiry",
        "pick_renewal",
        "batch_write_off",
        "customer_year",
        "vacuum",
        "outbox",
      ]),
    );

    await t.app.close();
    await t.database.close();
    runs.length = 0;
    for (let i = 0; i < 100 && !state.paused; i++) await new Promise((r) => setTimeout(r, 20));
    expect(state.paused).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    stop();
    expect(state.enabled).toBe(false);
    // The first job of the beat that found the database gone failed; no job ran after, in that beat or later.
    expect(runs.filter(([, failed]) => failed).length).toBeGreaterThanOrEqual(1);
    expect(runs.filter(([, failed]) => !failed)).toEqual([]);
    expect(runs.length).toBeLessThanOrEqual(2);
    expect(warnings.filter((w) => w.includes("background jobs paused")).length).toBe(runs.length);
  });
});
