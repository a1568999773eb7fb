/**
 * Part of `npm run bench`: how the staff lists and the summaries hold up as orders grow. For each scale (10k and 100k orders by
 * default; BENCH_SCALES=10000,100000,1000000 for more) it makes a scratch PostgreSQL database, seeds the
 * demo data, adds the orders with their lines, payments and customers (bench/data.ts), starts the app on it, and loads each list with
 * BENCH_CONNECTIONS concurrent keep-alive clients for BENCH_SECONDS, interleaved with the baseline
 * (`/api/health` through the same plugin chain, same server, same run), BENCH_PAIRS times; medians are printed.
 *
 * BENCH_PATHS=reports,financial measures only the paths that contain one of those words.
 *
 * Needs PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
 * BENCH_DB=pglite measures PGlite instead (issue 42 asks for 100k orders there).
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { customerSorts } from "../src/contract/customers";
import { transactionSorts } from "../src/contract/finance";
import { documentSorts } from "../src/contract/invoices";
import { messageSorts } from "../src/contract/messages";
import { orderSorts } from "../src/contract/orders";
import { sortOrders } from "../src/contract/pagination";
import { shipmentSorts } from "../src/contract/shipping";
import { type Database, openPglite } from "../src/server/db/adapter";
import { prepareDatabase } from "../src/server/db/prepare";
import { addBenchData, HEAVY_CUSTOMER_EMAIL } from "./data";
import { load, median, type Run } from "./load";
import { rowsIn } from "./pgbench";
import { scratchPostgres, signInDirector, startBenchApp } from "./scratch";

const scales = (process.env.BENCH_SCALES ?? "10000,100000").split(",").map(Number);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);

/** Each declared sort of the big lists, both ways (the default's way is among them). */
const sorted = (list: string, sorts: readonly string[]) =>
  sorts.flatMap((sort) => sortOrders.map((order) => `${list}?sort=${sort}&order=${order}&limit=51&offset=0`));

/** `{customer}` stands for the customer with 5,000 orders. */
const allPaths = [
  ...sorted("/api/orders", orderSorts),
  "/api/orders?status=pending&limit=51&offset=0",
  // Search by order number, by the customer as ordered and by the customer record's phone and email.
  "/api/orders?search=kiambu&limit=51&offset=0",
  "/api/orders?search=BENCH-4242&limit=51&offset=0",
  "/api/orders?search=%2B25470000&limit=51&offset=0",
  "/api/orders?search=bench17%40farm&limit=51&offset=0",
  "/api/orders/pending?limit=51&offset=0",
  ...sorted("/api/customers", customerSorts),
  ...sorted("/api/transactions", transactionSorts),
  ...sorted("/api/etims/documents", documentSorts),
  // The outbox holds several messages per order: the messages screen's list, filters, search and counts.
  ...sorted("/api/messages", messageSorts),
  "/api/messages?status=failed&limit=51&offset=0",
  "/api/messages?channel=sms&limit=51&offset=0",
  "/api/messages?search=bench17%40farm&limit=51&offset=0",
  "/api/messages/summary",
  ...sorted("/api/shipments", shipmentSorts),
  "/api/shipments/summary",
  "/api/orders/summary",
  "/api/financial",
  "/api/dashboard/metrics",
  "/api/dashboard/sales-trend?range=12m",
  "/api/reports?period=30d",
  "/api/reports?period=1y",
  // A page of each, as the screens ask (their PDF and CSV hold every entry).
  "/api/customers/{customer}/statement?limit=51&offset=0",
  "/api/receivables/aged?limit=51&offset=0",
];
/** BENCH_PATHS=reports,sales-trend measures only the paths containing one of those words. */
const only = process.env.BENCH_PATHS?.split(",");
const paths = only ? allPaths.filter((p) => only.some((word) => p.includes(word))) : allPaths;
const BASELINE = "/api/health";

/** BENCH_DB=pglite measures the embedded database (in a scratch folder) instead of PostgreSQL. */
const onPglite = process.env.BENCH_DB === "pglite";

async function scratchDatabase(): Promise<{
  database: Database;
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  if (!onPglite) {
    const pg = await scratchPostgres();
    return { database: pg.database, env: { DATABASE_URL: pg.url }, drop: pg.drop };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "urithi-bench-"));
  const database = await openPglite(path.join(dir, "pgdata"));
  return {
    database,
    env: {},
    drop: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function benchScale(orders: number) {
  const scratch = await scratchDatabase();
  try {
    await prepareDatabase(scratch.database, { seedDemo: true, now: new Date() });
    await addBenchData(scratch.database, orders);
    const app = await startBenchApp(scratch.database, scratch.env);
    const port = (app.server.address() as AddressInfo).port;
    const cookie = await signInDirector(port);
    const [heavy] = await rowsIn<{ id: number }>(
      scratch.database,
      sql`select id from customers where email = ${HEAVY_CUSTOMER_EMAIL}`,
    );
    const options = { cookie, connections: CONNECTIONS, seconds: SECONDS };
    const rows: { path: string; rps: number; p95: number; baseline: number }[] = [];
    for (const pattern of paths) {
      const path = pattern.replace("{customer}", String(heavy!.id));
      const runs: Run[] = [];
      const base: Run[] = [];
      try {
        for (let i = 0; i < PAIRS; i++) {
          base.push(await load(port, BASELINE, options));
          runs.push(await load(port, path, options));
        }
      } catch (error) {
        // One path that fails (answers an error, or not at all) is reported, not the end of the others.
        console.error(`${pattern} at ${orders}: ${error instanceof Error ? error.message : error}`);
        rows.push({ path: pattern, rps: Number.NaN, p95: Number.NaN, baseline: Number.NaN });
        continue;
      }
      rows.push({
        path: pattern,
        rps: median(runs.map((r) => r.rps)),
        p95: median(runs.map((r) => r.p95)),
        baseline: median(base.map((r) => r.rps)),
      });
    }
    await app.close();
    return rows;
  } finally {
    await scratch.drop();
  }
}

export async function benchGrowth() {
  const results = new Map<number, Awaited<ReturnType<typeof benchScale>>>();
  for (const scale of scales) {
    console.error(`… lists and summaries at ${scale.toLocaleString("en")} orders`);
    results.set(scale, await benchScale(scale));
  }
  return results;
}

export function printGrowth(results: Awaited<ReturnType<typeof benchGrowth>>): void {
  console.log(
    `\nLists and summaries under load on ${onPglite ? "PGlite" : "PostgreSQL"}: ${CONNECTIONS} connections, ${SECONDS} s per run, medians of ${PAIRS} interleaved pairs; baseline = GET ${BASELINE} (same server, same run).\n`,
  );
  console.log("| orders | path | req/s | p95 ms | baseline req/s | ratio to baseline |");
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
    const at = (n: number) => n.toLocaleString("en");
    console.log(
      `\n| path | req/s at ${at(large)} ÷ at ${at(small)} | p95 at ${at(large)} ÷ at ${at(small)} |`,
    );
    console.log("|---|---:|---:|");
    for (const r of results.get(large)!) {
      const before = results.get(small)!.find((x) => x.path === r.path)!;
      console.log(
        `| \`${r.path}\` | ${(r.rps / before.rps).toFixed(2)} | ${(r.p95 / before.p95).toFixed(2)} |`,
      );
    }
  }
}
