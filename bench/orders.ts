/**
 * Part of `npm run bench`: client order placement (`POST /api/client/orders`) from BENCH_ORDER_CLIENTS (20)
 * concurrent connections, each cycling through 5 of 100 signed-up client accounts, on PGlite and on
 * PostgreSQL. Every item has ample stock but one, which runs out during the run, so refusals (409) are part of
 * the load and the run proves nothing is oversold. On PostgreSQL each run is paired with pgbench running the
 * same transaction's SQL (bench/order.pgbench.sql) on the same database: the native ceiling.
 */
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { openOrderStatuses } from "../src/contract/orders";
import type { Database } from "../src/server/db/adapter";
import { prepareDatabase } from "../src/server/db/prepare";
import { load, median, medianRun, type Run } from "./load";
import { onEachDatabase, pgbench, rowsIn, upkeep } from "./pgbench";
import { startBenchApp } from "./scratch";

const CLIENTS = Number(process.env.BENCH_ORDER_CLIENTS ?? 20);
/**
 * 10 s runs unless BENCH_SECONDS says otherwise: a 3 s run is about a thousand orders, whose p99 is its ten
 * slowest, so one stall of the machine (every request in flight waits it out) decided it.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
const ACCOUNTS = 100;
const SCARCE_UNITS = 40;
const PASSWORD = "Ng'ombe-bora-2026!";

interface OrderRow {
  kind: string;
  urithi: Run;
  orders: number;
  refused: number;
  pgbenchTps: number | null;
  oversold: number;
  peakRssMb: number;
}

const openList = sql.raw(openOrderStatuses.map((s) => `'${s}'`).join(", "));

/** Ample stock for every sellable item but the last, which gets a few units, received as real movements. */
export async function stockUp(database: Database): Promise<{ first: number; last: number; scarce: number }> {
  const [range] = await rowsIn<{ first: number; last: number }>(
    database,
    sql`select min(id)::int as first, max(id)::int as last from inventory_items where is_active`,
  );
  const { first, last } = range!;
  await database.tx(async (db) => {
    await db.execute(
      sql`update inventory_items set viability_status = 'viable', expiry_date = null where is_active`,
    );
    await db.execute(sql`
      insert into stock_movements (inventory_item_id, kind, stock_delta, note, created_at)
      select id, 'receipt', case when id = ${last} then ${SCARCE_UNITS} + reserved_stock - current_stock
                                 else 1000000 end, 'bench', now()
      from inventory_items where is_active and (id <> ${last} or current_stock <> ${SCARCE_UNITS} + reserved_stock)`);
    await db.execute(sql`
      update inventory_items set current_stock = case when id = ${last} then ${SCARCE_UNITS} + reserved_stock
                                                      else current_stock + 1000000 end
      where is_active`);
  });
  return { first, last: last - 1, scarce: last };
}

/**
 * `count` client accounts through the real signup, signed in. Each signs up from an address of its own (the
 * bench apps trust 127.0.0.1 as their proxy), as farmers do, so the per-address signup budget holds.
 */
export async function signUpClients(port: number, count = ACCOUNTS): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const address = `10.42.${i >> 8}.${i & 255}`;
    const res = await fetch(`http://127.0.0.1:${port}/api/client-signup`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({
        firstName: "Bench",
        lastName: `Client ${i}`,
        email: `bench-client-${i}@farm.example`,
        phone: `07${String(10_000_000 + i).slice(-8)}`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        farmName: `Bench Farm ${i}`,
        farmType: "dairy",
        location: "Nakuru",
        county: "Nakuru",
        herdSize: "11-50",
        experience: "intermediate",
      }),
    });
    if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${await res.text()}`);
    const login = await fetch(`http://127.0.0.1:${port}/api/client-login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({ email: `bench-client-${i}@farm.example`, password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`client login answered ${login.status}`);
    cookies.push(
      login.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    );
  }
  return cookies;
}

/** Order bodies: mostly one line of 1–2 units, some two lines, one in ten asking for the scarce item. */
export function orderBodies(items: { first: number; last: number; scarce: number }): string[] {
  const span = items.last - items.first + 1;
  return Array.from({ length: 60 }, (_, i) => {
    const lines = [{ productId: items.first + ((i * 7) % span), quantity: 1 + (i % 2) }];
    if (i % 5 === 0) lines.push({ productId: items.first + ((i * 7 + 3) % span), quantity: 1 });
    if (i % 10 === 3) lines.push({ productId: items.scarce, quantity: 1 });
    const distinct = [...new Map(lines.map((l) => [l.productId, l])).values()];
    return JSON.stringify({ items: distinct, deliveryAddress: "Nakuru", paymentMethod: "mpesa" });
  });
}

async function benchKind(kind: string, database: Database, url: string | null): Promise<OrderRow> {
  await prepareDatabase(database, { seedDemo: true, now: new Date() });
  const items = await stockUp(database);
  const app = await startBenchApp(database, {
    ...(url ? { DATABASE_URL: url } : {}),
    MAX_OPEN_UNPAID_ORDERS: "1000000",
    MAX_OPEN_UNPAID_UNITS: "1000000000",
    // One load generator is one address placing orders for 100 accounts: the per-session and per-address
    // order limits would stop it within seconds. The limits' own writes still run on every order.
    ORDERS_PER_MINUTE: "100000000",
  });
  const port = (app.server.address() as AddressInfo).port;
  const cookies = await signUpClients(port);
  const [users] = await rowsIn<{ first: number; last: number }>(
    database,
    sql`select min(id)::int as first, max(id)::int as last from users where email like 'bench-client-%'`,
  );
  const perConnection = Array.from({ length: CLIENTS }, (_, c) =>
    cookies.filter((_, i) => i % CLIENTS === c % Math.min(CLIENTS, cookies.length)),
  );
  const bodies = orderBodies(items);
  const runs: Run[] = [];
  const tps: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    if (url) {
      await upkeep(database);
      tps.push(
        await pgbench(
          url,
          "order.pgbench.sql",
          {
            first_user: users!.first,
            last_user: users!.last,
            first_item: items.first,
            last_item: items.last,
          },
          CLIENTS,
          SECONDS,
        ),
      );
    }
    await upkeep(database);
    runs.push(
      await load(port, "/api/client/orders", {
        connections: CLIENTS,
        seconds: SECONDS,
        cookies: perConnection,
        method: "POST",
        bodies,
        accept: [201, 409],
      }),
    );
  }
  await app.close();
  const [check] = await rowsIn<{ oversold: number }>(
    database,
    sql`select count(*)::int as oversold from inventory_items i
        where i.reserved_stock > i.current_stock
           or i.reserved_stock <> (select coalesce(sum(l.quantity), 0) from order_lines l join orders o on o.id = l.order_id
                                   where l.inventory_item_id = i.id and o.status in (${openList}))`,
  );
  const urithi = medianRun(runs);
  return {
    kind,
    urithi,
    orders: urithi.statuses["201"] ?? 0,
    refused: urithi.statuses["409"] ?? 0,
    pgbenchTps: tps.length > 0 ? median(tps) : null,
    oversold: check!.oversold,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

/** BENCH_DB=pglite or BENCH_DB=postgres runs one database only. */
export function benchOrders(): Promise<OrderRow[]> {
  return onEachDatabase("orders", benchKind);
}

export function printOrders(rows: OrderRow[]): void {
  console.log(
    `\nOrder placement: POST /api/client/orders, ${CLIENTS} connections over ${ACCOUNTS} client accounts, ${SECONDS} s runs, medians of ${PAIRS} (PostgreSQL runs interleaved with pgbench running the same transaction's SQL, bench/order.pgbench.sql).\n`,
  );
  console.log(
    "| database | answers/s | p95 ms | p99 ms | CPU ms/answer | placed (201) | refused, out of stock (409) | pgbench tps | ratio to pgbench | oversold items | peak RSS MB |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    const ratio = r.pgbenchTps ? `${((r.urithi.rps / r.pgbenchTps) * 100).toFixed(0)}%` : "—";
    console.log(
      `| ${r.kind} | ${r.urithi.rps.toFixed(0)} | ${r.urithi.p95.toFixed(1)} | ${r.urithi.p99.toFixed(1)} | ${r.urithi.cpuMs.toFixed(2)} | ${r.orders} | ${r.refused} | ${r.pgbenchTps?.toFixed(0) ?? "—"} | ${ratio} | ${r.oversold} | ${r.peakRssMb.toFixed(0)} |`,
    );
  }
}
