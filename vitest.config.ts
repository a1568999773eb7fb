import { defineConfig } from "vitest/config";
import { compiledMessages } from "./scripts/vite-messages.ts";

/** API and unit tests: once on in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
const project = (name: string) => ({
  plugins: [compiledMessages()],
  test: {
    name,
    include: ["src/**/*.test.ts"],
    env: { TEST_DB: name },
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
    projects: [project("pglite"), ...(process.env.TEST_DATABASE_URL ? [project("postgres")] : []), web],
  },
});
