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
    // CI's machine has run this suite 3–4 times slower than a quiet 2-core one (stop 52: a sign-in that takes
    // 2.5 s alone took 14 s, and journeys of 8–12 s passed 60 s), so a test gets 3 minutes; a step that hangs
    // still fails sooner on its locator's own 30 s.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // A count polled on a page (rows after a search, operations drawn) waits as long as a locator would,
    // not Vitest's default second, which a busy machine overruns.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
