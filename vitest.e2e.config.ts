import { defineConfig } from "vitest/config";

/**
 * End-to-end tests: a real server (built SPA + embedded database) driven through Debian's Chromium. Three
 * files run at a time, each worker against a server of its own: a browser test is mostly waiting (with two,
 * the CPUs of a 2-core machine were a third busy), and three took the run from 21 to 17 minutes there.
 * E2E_WORKERS=1 runs them one after another.
 */
const workers = Number(process.env.E2E_WORKERS ?? 3);
process.env.E2E_WORKERS = String(workers);

export default defineConfig({
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    maxWorkers: workers,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A count polled on a page (rows after a search, operations drawn) waits as long as a locator would,
    // not Vitest's default second, which a busy machine overruns.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
