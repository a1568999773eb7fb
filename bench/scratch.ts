import { randomBytes } from "node:crypto";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { type Database, openPostgres } from "../src/server/db/adapter";
import { DEMO_PASSWORD } from "../src/server/db/seed/demo-accounts";

export const benchAdminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";

/** A new, empty PostgreSQL database for one benchmark, dropped afterwards. */
export async function scratchPostgres(): Promise<{
  database: Database;
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `urithi_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: benchAdminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(benchAdminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 20);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * The app on `database` (already holding its data), listening on a free port: demo sign-ins on, and the
 * per-client rate limit out of the way (one load generator is one client hammering one path).
 */
export async function startBenchApp(database: Database, env: Record<string, string> = {}) {
  const config = loadConfig({
    ...process.env,
    ...env,
    RATE_LIMIT_PER_MINUTE: "100000000",
    DEMO_MODE: "on",
    TRUST_PROXY: "127.0.0.1",
  });
  const app = await buildApp({ database, config, logger: false, jobs: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return app;
}

/** A director's session cookie on the bench app. */
export async function signInDirector(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "director1@urithi.co.ke", password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
