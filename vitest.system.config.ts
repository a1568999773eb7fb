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
    fileParallelism: false,
    testTimeout: 1_800_000,
    hookTimeout: 300_000,
  },
});
