/**
 * Part of `npm run bench` (BENCH_ONLY=catalogue): the genetics catalogue's search at 5,000 products on
 * PGlite, with 20,000 services behind the conception rates. Each search runs against bare Fastify serving
 * the same JSON from memory, interleaved BENCH_PAIRS times, 4 connections; medians of p95 printed. Each is
 * measured twice: repeated (as many farmers open the same shop page; the per-instance cache answers) and
 * with every request a search no cache has seen (a `priceMin` below every price, different each time).
 * Target (issue 13): p95 ≤ 20 ms.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { openPglite } from "../src/server/db/adapter";
import { prepareDatabase } from "../src/server/db/prepare";
import { load, medianRun, type Run } from "./load";
import { startBenchApp } from "./scratch";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
export const CATALOGUE_PRODUCTS = 5_000;

const searches = [
  ["first page", "/api/catalogue"],
  [
    "semen, Holstein, milk ≥ 800, A2A2",
    "/api/catalogue?type=semen&breed=Holstein%20Friesian&milkMin=800&a2a2=true",
  ],
  [
    "heat tolerance high, Coastal, under KES 4,000",
    "/api/catalogue?heatTolerance=high&region=Coastal&priceMax=4000",
  ],
  ["sorted by conception rate", "/api/catalogue?sort=fertility"],
  ["text search 'boran'", "/api/catalogue?search=boran"],
  ["page 100", "/api/catalogue?offset=2400"],
] as const;

/** Products and services generated in SQL, beside the demo catalogue: one statement each. */
const addProducts = `
insert into inventory_items (item_id, type, breed_name, acquired_from, current_stock, storage_location,
                             cost_per_unit, genetic_data)
select 'BN-' || g, (case when g % 4 = 0 then 'embryo' else 'sperm' end)::item_type,
       (array['Holstein Friesian','Jersey','Ayrshire','Guernsey','Sahiwal','Boran','Gir'])[1 + g % 7],
       'Bench supplier', 50 + g % 300, 'Canister ' || (g % 9), 1000 + (g * 37) % 9000,
       jsonb_build_object('category', 'dairy', 'origin', 'Kenya', 'region_suitability',
         jsonb_build_array((array['Central','Coastal','Eastern','Northern','Rift Valley','Western'])[1 + g % 6]))
from generate_series(1, ${CATALOGUE_PRODUCTS}) g;
insert into item_genetics (inventory_item_id, bull_name, registration, semen_type, milk_kg, fat_pct,
                           calving_ease_pct, reliability_pct, a2a2, polled, heat_tolerance, index_value)
select id, 'Bench bull ' || id, 'BN' || (id % 3000),
       case when type = 'sperm' then (case when id % 3 = 0 then 'sexed' else 'conventional' end)::semen_type end,
       (id * 13) % 2000 - 200, ((id * 7) % 40 - 10) / 100.0, 1 + (id % 30) / 10.0, 60 + id % 39,
       id % 2 = 0, id % 9 = 0, (array['low','moderate','high'])[1 + id % 3]::tolerance_level,
       2000 + (id * 17) % 1200
from inventory_items where item_id like 'BN-%';
insert into breeding_records (animal_id, animal_name, breed_type, service_type, service_date, technician,
                              genetic_material, inventory_item_id, expected_calving_date, status, success)
select 'B-' || g, 'Bench cow', 'Holstein', 'AI', current_date - (g % 600), 'Dr. Grace Muthoni', i.item_id, i.id,
       current_date - (g % 600) + 280,
       (array['pregnant','failed','open','calved','breeding'])[1 + g % 5]::breeding_status, g % 5 in (0, 3)
from generate_series(1, 20000) g
join inventory_items i on i.item_id = 'BN-' || (1 + g % ${CATALOGUE_PRODUCTS})
`
  .split(";")
  .map((statement) => sql.raw(statement));

export interface CatalogueRow {
  search: string;
  urithi: Run;
  /** Every request a search not asked before, so none is answered from the cache. */
  unseen: Run;
  baseline: Run;
}

export async function benchCatalogue(): Promise<CatalogueRow[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "urithi-bench-"));
  const database = await openPglite(path.join(dir, "pgdata"));
  try {
    await prepareDatabase(database, { seedDemo: true, now: new Date() });
    await database.tx(async (db) => {
      for (const statement of addProducts) await db.execute(statement);
    });
    // After a bulk load, as the app's vacuum job (PostgreSQL's autovacuum on a server) leaves the tables:
    // dead rows gone and the planner's statistics gathered.
    await database.read((db) => db.execute(sql`vacuum (analyze)`));
    const app = await startBenchApp(database);
    const port = (app.server.address() as AddressInfo).port;
    const rows: CatalogueRow[] = [];
    for (const [search, url] of searches) {
      const body = await (await fetch(`http://127.0.0.1:${port}${url}`)).text();
      const bare = Fastify();
      bare.get("/", (_req, reply) => reply.type("application/json").send(body));
      await bare.listen({ port: 0, host: "127.0.0.1" });
      const barePort = (bare.server.address() as AddressInfo).port;
      // Every bench and demo price is at least KES 1,000, so these change the cache key, not the answer.
      const unseenPaths = Array.from(
        { length: 1000 },
        (_, i) => `${url}${url.includes("?") ? "&" : "?"}priceMin=${i}`,
      );
      const check = await (await fetch(`http://127.0.0.1:${port}${unseenPaths.at(-1)}`)).text();
      if (check !== body) throw new Error(`${unseenPaths.at(-1)} answers differently from ${url}`);
      const base: Run[] = [];
      const ours: Run[] = [];
      const unseen: Run[] = [];
      for (let i = 0; i < PAIRS; i++) {
        base.push(await load(barePort, "/", { connections: 4, seconds: SECONDS }));
        ours.push(await load(port, url, { connections: 4, seconds: SECONDS }));
        unseen.push(await load(port, url, { connections: 4, seconds: SECONDS, paths: unseenPaths }));
      }
      await bare.close();
      rows.push({ search, urithi: medianRun(ours), unseen: medianRun(unseen), baseline: medianRun(base) });
    }
    await app.close();
    return rows;
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printCatalogue(rows: CatalogueRow[]): void {
  console.log(
    `\nCatalogue search, PGlite, ${CATALOGUE_PRODUCTS.toLocaleString("en")} products and 20,000 services, 4 connections: medians of ${PAIRS} interleaved pairs, ${SECONDS} s each.\n`,
  );
  console.log(
    "| search | Urithi p95, repeated | req/s | Urithi p95, unseen each time | req/s | bare Fastify p95 | req/s | ratio (repeated) |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(
      `| ${r.search} | ${r.urithi.p95.toFixed(1)} ms | ${Math.round(r.urithi.rps)} | ${r.unseen.p95.toFixed(1)} ms | ${Math.round(r.unseen.rps)} | ${r.baseline.p95.toFixed(1)} ms | ${Math.round(r.baseline.rps)} | ${((100 * r.urithi.rps) / r.baseline.rps).toFixed(0)}% |`,
    );
  }
}
