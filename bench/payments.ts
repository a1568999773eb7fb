/**
 * Part of `npm run bench` (BENCH_ONLY=payments): payments that settle an order, each of which now also
 * issues the order's tax invoice (queued for KRA eTIMS) and its client's messages in the same transaction:
 * - a staff member's (POST /api/orders/:id/payments), which the audit trail records;
 * - Daraja's callback for a successful prompt (POST /api/payments/mpesa/callback/:token).
 *
 * BENCH_PAYMENT_CLIENTS (20) connections each pay unpaid orders of their own, on PGlite and PostgreSQL. On
 * PostgreSQL each run is paired with pgbench running the same transaction's SQL on the same database
 * (bench/payment-*.pgbench.sql). Every run pays orders nobody has paid, made in bulk before it.
 */
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../src/server/db/adapter";
import { prepareDatabase } from "../src/server/db/prepare";
import { nairobiDate } from "../src/server/time";
import { load, median, medianRun, type Run } from "./load";
import { signUpClients } from "./orders";
import { onEachDatabase, pgbench, rowsIn, upkeep } from "./pgbench";
import { signInDirector, startBenchApp } from "./scratch";

const CLIENTS = Number(process.env.BENCH_PAYMENT_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
const AMOUNT = 2500;
/** Orders made for each run, per second of it: more than either database pays, so none is paid twice. */
const ORDERS_PER_SECOND = { PGlite: 800, PostgreSQL: 3000 } as Record<string, number>;
/**
 * Each prompt's callback token is this and its order's id: long enough for the route's token rule (20
 * characters at least). bench/payment-mpesa.pgbench.sql spells it too.
 */
const TOKEN_PREFIX = "bench-callback-token-";

type PaymentPath = "staff" | "mpesa";

interface PaymentRow {
  kind: string;
  path: PaymentPath;
  urithi: Run;
  pgbenchTps: number | null;
  /** Orders the runs paid, and the invoices issued for them: one each. */
  paid: number;
  invoiced: number;
  /** Audit rows written per staff payment (none for Daraja's callback: nobody signs in to send it). */
  auditPerPayment: number;
}

/**
 * `count` unpaid one-line orders of KES 2,500, spread over the bench clients, as placed orders are: with
 * `prompts`, each with an M-Pesa prompt in flight (the payment Daraja's callback settles). Answers the
 * first order's id; the ids run on from it.
 */
async function unpaidOrders(database: Database, count: number, prompts: boolean): Promise<number> {
  return database.tx(async (db) => {
    const [made] = await rowsOf<{ first: number; last: number }>(
      db,
      sql`with clients as (
            select row_number() over (order by id) - 1 as k, id, customer_id, email, phone
            from users where email like 'bench-client-%'
          ), item as (
            select id from inventory_items where is_active and tax_type is not null order by id limit 1
          ), placed as (
            insert into orders (order_number, source, customer_id, client_user_id, customer_name, customer_email,
                                customer_phone, customer_location, order_type, status, total_amount_kes, currency,
                                payment_method, payment_status, delivery_address, order_date, created_by,
                                created_at, updated_at)
            select 'ORD-2026-' || lpad(nextval('order_number_seq')::text, 6, '0'), 'client', c.customer_id, c.id,
                   'Bench Client', c.email, c.phone, 'Nakuru', 'sperm', 'pending', ${AMOUNT}, 'KES',
                   ${prompts ? "mpesa" : "bank"}, ${prompts ? "pending" : "unpaid"}::payment_status, 'Nakuru', now(),
                   c.id, now(), now()
            from generate_series(0, ${count - 1}) g
            join clients c on c.k = g % (select count(*) from clients)
            order by g
            returning id
          ), lined as (
            insert into order_lines (order_id, inventory_item_id, product_name, breed, quantity, unit_price_kes,
                                     line_total_kes)
            select placed.id, item.id, 'Bench Semen', 'Friesian', 1, ${AMOUNT}, ${AMOUNT} from placed, item
          )
          select min(id)::int as first, max(id)::int as last from placed`,
    );
    const { first, last } = made!;
    if (last - first + 1 !== count) throw new Error(`the ${count} bench orders' ids are not consecutive`);
    if (prompts) {
      await db.execute(sql`
        insert into payments (order_id, method, amount_kes, status, phone, callback_token, merchant_request_id,
                              checkout_request_id, created_at, updated_at)
        select id, 'mpesa', ${AMOUNT}, 'pending', '+254700000000', ${TOKEN_PREFIX}::text || id, 'bench-' || id,
               'ws_CO_bench_' || id, now(), now()
        from orders where id between ${first} and ${last}`);
    }
    return first;
  });
}

/** The requests that pay orders `first`… in turn: a staff member's payment, or Daraja's callback. */
function payingRequests(path: PaymentPath, first: number, count: number) {
  const today = nairobiDate(new Date());
  return Array.from({ length: count }, (_, i) => {
    const id = first + i;
    if (path === "staff") {
      return {
        path: `/api/orders/${id}/payments`,
        body: JSON.stringify({ method: "bank", amountKes: AMOUNT, reference: `BENCH-${id}`, date: today }),
      };
    }
    const item = (Name: string, Value: string | number) => ({ Name, Value });
    return {
      path: `/api/payments/mpesa/callback/${TOKEN_PREFIX}${id}`,
      body: JSON.stringify({
        Body: {
          stkCallback: {
            MerchantRequestID: `bench-${id}`,
            CheckoutRequestID: `ws_CO_bench_${id}`,
            ResultCode: 0,
            ResultDesc: "The service request is processed successfully.",
            CallbackMetadata: {
              Item: [
                item("Amount", AMOUNT),
                item("MpesaReceiptNumber", `SKE${id}`),
                item("PhoneNumber", 254700000000),
              ],
            },
          },
        },
      }),
    };
  });
}

async function benchPath(
  kind: string,
  database: Database,
  url: string | null,
  port: number,
  path: PaymentPath,
  staff: { id: number; cookie: string },
): Promise<PaymentRow> {
  const perRun = SECONDS * (ORDERS_PER_SECOND[kind] ?? 800);
  const runs: Run[] = [];
  const tps: number[] = [];
  /** The app's batches: pgbench's orders are paid too, but these figures are the app's. */
  const batches: number[] = [];
  const [audited] = await rowsIn<{ id: number }>(
    database,
    sql`select coalesce(max(id), 0)::int as id from audit_events`,
  );
  for (let i = 0; i < PAIRS; i++) {
    if (url) {
      const first = await unpaidOrders(database, perRun, path === "mpesa");
      await upkeep(database);
      const script = path === "staff" ? "payment-staff.pgbench.sql" : "payment-mpesa.pgbench.sql";
      tps.push(
        await pgbench(
          url,
          script,
          { first_order: first, clients: CLIENTS, staff: staff.id, n: 0 },
          CLIENTS,
          SECONDS,
        ),
      );
    }
    const first = await unpaidOrders(database, perRun, path === "mpesa");
    batches.push(first);
    await upkeep(database);
    runs.push(
      await load(port, "", {
        connections: CLIENTS,
        seconds: SECONDS,
        cookie: path === "staff" ? staff.cookie : "",
        method: "POST",
        requests: payingRequests(path, first, perRun),
        accept: [path === "staff" ? 201 : 200],
      }),
    );
  }
  const ranges = sql.join(
    batches.map((first) => sql`o.id between ${first} and ${first + perRun - 1}`),
    sql` or `,
  );
  const [check] = await rowsIn<{ paid: number; invoiced: number; audit: number }>(
    database,
    sql`select count(*) filter (where o.payment_status = 'paid')::int as paid,
               count(d.id)::int as invoiced,
               (select count(*)::int from audit_events
                where id > ${audited!.id} and request_id is distinct from 'pgbench') as audit
        from orders o left join tax_documents d on d.order_id = o.id and d.kind = 'invoice'
        where ${ranges}`,
  );
  return {
    kind,
    path,
    urithi: medianRun(runs),
    pgbenchTps: tps.length > 0 ? median(tps) : null,
    paid: check!.paid,
    invoiced: check!.invoiced,
    auditPerPayment: check!.paid > 0 ? check!.audit / check!.paid : 0,
  };
}

async function benchKind(kind: string, database: Database, url: string | null): Promise<PaymentRow[]> {
  await prepareDatabase(database, { seedDemo: true, now: new Date() });
  const app = await startBenchApp(database, url ? { DATABASE_URL: url } : {});
  const port = (app.server.address() as AddressInfo).port;
  await signUpClients(port, CLIENTS);
  const cookie = await signInDirector(port);
  const [director] = await rowsIn<{ id: number }>(
    database,
    sql`select id from users where email = 'director1@urithi.co.ke'`,
  );
  const staff = { id: director!.id, cookie };
  const rows: PaymentRow[] = [];
  for (const path of ["staff", "mpesa"] as const) {
    rows.push(await benchPath(kind, database, url, port, path, staff));
  }
  await app.close();
  return rows;
}

export async function benchPayments(): Promise<PaymentRow[]> {
  return (await onEachDatabase("payments", benchKind)).flat();
}

export function printPayments(rows: PaymentRow[]): void {
  console.log(
    `\nPayments that settle an order, each issuing its tax invoice (queued for eTIMS) and the client's messages in its transaction: ${CLIENTS} connections, ${SECONDS} s runs, medians of ${PAIRS} (PostgreSQL runs interleaved with pgbench running the same transaction's SQL, bench/payment-*.pgbench.sql).\n`,
  );
  console.log(
    "| payment | database | answers/s | p95 ms | p99 ms | CPU ms/answer | pgbench tps | ratio to pgbench | orders paid | invoices issued | audit rows per payment |",
  );
  console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  const names = { staff: "staff (POST /api/orders/:id/payments)", mpesa: "M-Pesa callback" };
  for (const r of rows) {
    const ratio = r.pgbenchTps ? `${((r.urithi.rps / r.pgbenchTps) * 100).toFixed(0)}%` : "—";
    console.log(
      `| ${names[r.path]} | ${r.kind} | ${r.urithi.rps.toFixed(0)} | ${r.urithi.p95.toFixed(1)} | ${r.urithi.p99.toFixed(1)} | ${r.urithi.cpuMs.toFixed(2)} | ${r.pgbenchTps?.toFixed(0) ?? "—"} | ${ratio} | ${r.paid} | ${r.invoiced} | ${r.auditPerPayment.toFixed(1)} |`,
    );
  }
}
