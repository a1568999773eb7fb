/**
 * Part of `npm run bench`: how the staff lists hold up as orders grow. For each scale (10k and 100k orders by
 * default; BENCH_SCALES=10000,100000,1000000 for more) it makes a scratch PostgreSQL database, seeds the
 * demo data, adds the orders with SQL generate_series, starts the app on it, and loads each list with
 * BENCH_CONNECTIONS concurrent keep-alive clients for BENCH_SECONDS, interleaved with the baseline
 * (`/api/health` through the same plugin chain, same server, same run), BENCH_PAIRS times; medians are printed.
 *
 * Needs PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres.
 */
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import type { Db } from "../src/server/db/database";
import { prepareDatabase } from "../src/server/db/prepare";
import { DEMO_PASSWORD } from "../src/server/db/seed/demo-accounts";
import { load, median, type Run } from "./load";
import { scratchPostgres, startBenchApp } from "./scratch";

const scales = (process.env.BENCH_SCALES ?? "10000,100000").split(",").map(Number);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);

const lists = [
  "/api/orders?limit=51&offset=0",
  "/api/orders?status=pending&limit=51&offset=0",
  "/api/orders?search=kiambu&limit=51&offset=0",
  "/api/orders/pending?limit=51&offset=0",
  "/api/customers?limit=51&offset=0",
  "/api/transactions?limit=51&offset=0",
];
const BASELINE = "/api/health";

/** Orders spread over two years, over the demo customers, in every status, each with one line. */
function addOrders(db: Db, n: number) {
  return db.execute(
    sql.raw(`
    insert into orders (order_number, source, customer_id, customer_name, order_type, total_amount_kes,
                        status, order_date, created_at, updated_at)
    select 'BENCH-' || g, 'staff', c.id, c.name, 'sperm', 2500 * (1 + g % 9),
           (array['pending','approved','processing','shipped','delivered','cancelled','rejected']::order_status[])[1 + g % 7],
           now() - (g % 730) * interval '1 day', now(), now()
    from generate_series(1, ${n}) g
    join lateral (select id, name from customers order by id offset (g % 12) limit 1) c on true`),
  );
}

async function signIn(port: number): Promise<string> {
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

async function benchScale(orders: number) {
  const pg = await scratchPostgres();
  try {
    await prepareDatabase(pg.database, { seedDemo: true, now: new Date() });
    await pg.database.tx((db) => addOrders(db, orders));
    await pg.database.read((db) => db.execute(sql`analyze`));
    const app = await startBenchApp(pg.database, { DATABASE_URL: pg.url });
    const port = (app.server.address() as AddressInfo).port;
    const cookie = await signIn(port);
    const options = { cookie, connections: CONNECTIONS, seconds: SECONDS };
    const rows: { path: string; rps: number; p95: number; baseline: number }[] = [];
    for (const path of lists) {
      const runs: Run[] = [];
      const base: Run[] = [];
      for (let i = 0; i < PAIRS; i++) {
        base.push(await load(port, BASELINE, options));
        runs.push(await load(port, path, options));
      }
      rows.push({
        path,
        rps: median(runs.map((r) => r.rps)),
        p95: median(runs.map((r) => r.p95)),
        baseline: median(base.map((r) => r.rps)),
      });
    }
    await app.close();
    return rows;
  } finally {
    await pg.drop();
  }
}

export async function benchLists() {
  const results = new Map<number, Awaited<ReturnType<typeof benchScale>>>();
  for (const scale of scales) {
    console.error(`… lists at ${scale.toLocaleString("en")} orders`);
    results.set(scale, await benchScale(scale));
  }
  return results;
}

export function printLists(results: Awaited<ReturnType<typeof benchLists>>): void {
  console.log(
    `\nLists under load: ${CONNECTIONS} connections, ${SECONDS} s per run, medians of ${PAIRS} interleaved pairs; baseline = GET ${BASELINE} (same server, same run).\n`,
  );
  console.log("| orders | list | req/s | p95 ms | baseline req/s | ratio to baseline |");
  console.log("|---:|---|---:|---:|---:|---:|");
  for (const [scale, rows] of results) {
    for (const r of rows) {
      console.log(
        `| ${scale.toLocaleString("en")} | \`${r.path}\` | ${r.rps.toFixed(0)} | ${r.p95.toFixed(1)} | ${r.baseline.toFixed(0)} | ${(r.rps / r.baseline).toFixed(2)} |`,
      );
    }
  }
  if (scales.length > 1) {
    const [small, large] = [scales[0]!, scales.at(-1)!];
    console.log(`\n| list | req/s at ${large.toLocaleString("en")} ÷ at ${small.toLocaleString("en")} |`);
    console.log("|---|---:|");
    for (const r of results.get(large)!) {
      const before = results.get(small)!.find((x) => x.path === r.path)!;
      console.log(`| \`${r.path}\` | ${(r.rps / before.rps).toFixed(2)} |`);
    }
  }
}
