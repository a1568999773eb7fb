import { defineConfig } from "vitest/config";

/**
 * System tests: the built server as separate processes (two instances racing on one PostgreSQL, and a
 * server killed with SIGKILL mid-write). Short by default; `npm run test:race` and `npm run test:crash`
 * run the long versions.
 */
export default defineConfig({
  test: {
    name: "system",
    include: ["tests/system/**/*.test.ts"],
    // Two files at a time: each has its own processes, data folder, cluster or database, and a file spends
    // much of its time waiting on them (one at a time kept 2 cores 61% busy: 128 s).
    maxWorkers: 2,
    testTimeout: 1_800_000,
    hookTimeout: 300_000,
  },
});
