import { describe, expect, it } from "vitest";
import { type JobsState, startJobs } from "./jobs";
import { createTestApp } from "./testing/test-app";

describe("background jobs", () => {
  it("run each job and record it, and pause all of them, logging once, when the database is gone", async () => {
    const t = await createTestApp({ seed: false });
    const runs: [string, boolean][] = [];
    const warnings: string[] = [];
    const errors: string[] = [];
    const log = {
      info: () => {},
      debug: () => {},
      warn: (_: unknown, message: string) => {
        warnings.push(message);
      },
      error: (_: unknown, message: string) => {
        errors.push(message);
      },
    } as unknown as typeof t.app.log;
    const state: JobsState = { enabled: false, paused: false };
    const stop = startJobs(t.ctx, log, 40, state, (job, _s, failed) => runs.push([job, failed]));
    expect(state.enabled).toBe(true);
    for (
      let i = 0;
      i < 100 && !["vacuum", "backup_alarms"].every((name) => runs.some(([job]) => job === name));
      i++
    )
      await new Promise((r) => setTimeout(r, 20));
    expect(runs.filter(([, failed]) => failed)).toEqual([]);
    expect(new Set(runs.map(([job]) => job))).toEqual(
      new Set([
        "hold_expiry",
        "hold_warning",
        "etims",
        "mpesa_reconcile",
        "rate_limit_sweep",
        "refill_check",
        "staff_alarms",
        "low_stock_digest",
        "item_expiry",
        "pick_renewal",
        "batch_write_off",
        "customer_windows",
        "order_totals_fold",
        "cow_calendar",
        "service_alarms",
        "flask_alarms",
        "ussd_sessions",
        "vacuum",
        "outbox",
        "backup",
        "backup_alarms",
      ]),
    );

    const beforeClose = runs.length;
    await t.app.close();
    await t.database.close();
    for (let i = 0; i < 100 && !state.paused; i++) await new Promise((r) => setTimeout(r, 20));
    expect(state.paused).toBe(true);
    // Each of the three beats in flight may fail once; then nothing runs while the database is gone.
    const paused = runs.length;
    await new Promise((r) => setTimeout(r, 300));
    const failures = runs.slice(beforeClose).filter(([, failed]) => failed);
    expect(runs.slice(paused).filter(([, failed]) => !failed)).toEqual([]);
    expect(runs.length - paused).toBeLessThanOrEqual(3);
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(failures.length).toBeLessThanOrEqual(3);
    expect(warnings.filter((w) => w.includes("background jobs paused")).length).toBe(failures.length);
    expect(errors).toEqual([]);
    stop();
    expect(state.enabled).toBe(false);
  });
});
