import { defineConfig } from "vitest/config";

/** End-to-end tests: a real server (built SPA + embedded database) driven through Debian's Chromium. */
export default defineConfig({
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
