import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { compiledMessages } from "./scripts/vite-messages.ts";

/**
 * The test files that open the test database (a test app, or the database itself): the ones worth running
 * again on PostgreSQL. The rest (pure functions, the PGlite thread, the lint probes, the adapter's contract
 * tests, which start a PostgreSQL of their own) would only run twice the same.
 */
function databaseTests(folder = "src"): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return databaseTests(file);
    if (!entry.name.endsWith(".test.ts")) return [];
    return /createTestApp\(|withTestApp\(|openTestDatabase\(|TEST_DB/.test(readFileSync(file, "utf8"))
      ? [file]
      : [];
  });
}

/** API and unit tests: once on in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
const project = (name: string) => ({
  plugins: [compiledMessages()],
  test: {
    name,
    include: name === "postgres" ? databaseTests() : ["src/**/*.test.ts"],
    env: { TEST_DB: name },
    // One migrated database per run, copied by every file (src/server/testing/template-setup.ts).
    globalSetup: ["src/server/testing/template-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Files share a worker's loaded modules: the server is imported once per worker, not once per file
    // (Vitest's import time 302 s to 34 s; the stage 751 s to 567 s). Each file still makes its own app and
    // database (withTestApp); only the web's component tests, which mock modules, stay isolated.
    isolate: false,
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
