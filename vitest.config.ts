import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { compiledMessages } from "./scripts/vite-messages.ts";

/** API and unit tests: once on in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
const project = (name: string) => ({
  plugins: [compiledMessages()],
  test: {
    name,
    include: ["src/**/*.test.ts"],
    // The adapter's contract tests start a PostgreSQL of their own and test both databases in one run.
    exclude: name === "postgres" ? ["src/server/db/adapter/contract.test.ts"] : [],
    env: { TEST_DB: name },
    // One migrated database per run, copied by every file (src/server/testing/template-setup.ts).
    globalSetup: ["src/server/testing/template-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

/** Component tests, once, in happy-dom (the web's plain .test.ts files run with the API tests, against the server). */
const web = {
  plugins: [compiledMessages()],
  test: {
    name: "web",
    include: ["src/web/**/*.test.tsx"],
    environment: "happy-dom",
    setupFiles: ["src/web/testing/setup.ts"],
  },
};

export default defineConfig({
  test: {
    // Vitest's default leaves a core free, which on a 2-core machine runs every file one after another;
    // PGlite's files use the CPU while PostgreSQL's mostly wait on the server, so two share it well.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [project("pglite"), ...(process.env.TEST_DATABASE_URL ? [project("postgres")] : []), web],
  },
});
