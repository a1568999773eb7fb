import { defineConfig } from "vitest/config";

/**
 * End-to-end tests: a real server (built SPA + embedded database) driven through Debian's Chromium. Two
 * files run at a time, each worker against a server of its own (most of a browser test is waiting, so two
 * share a 2-core machine well); E2E_WORKERS=1 runs them one after another.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);
process.env.E2E_WORKERS = String(workers);

export default defineConfig({
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    maxWorkers: workers,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
