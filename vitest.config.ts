import { defineConfig } from "vitest/config";

/** API and unit tests: once on in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
const project = (name: string) => ({
  test: {
    name,
    include: ["src/**/*.test.ts"],
    env: { TEST_DB: name },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    projects: [project("pglite"), ...(process.env.TEST_DATABASE_URL ? [project("postgres")] : [])],
  },
});
