import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../../db/adapter";
import { t, withTestApp } from "../../testing/app-session";
import { invariantViolations } from "../../testing/invariants";
import {
  asUser,
  clientEmail,
  inventoryItem,
  loginAs,
  loginClient,
  staffEmails,
} from "../../testing/test-app";
import { lastDays } from "../../time";
import { bookedByBucket, bookedStatuses } from "./figures";

withTestApp();

/** Every summary table as stored (shards summed, empty rows left out), to compare with a rebuild. */
const totals = () =>
  t.database.read(async (db) => {
    const rows = (query: ReturnType<typeof sql>) => rowsOf<unknown>(db, query);
    return {
      days: await rows(sql`
        select day::text as day, status::text as status, sum(orders)::int as orders,
               sum(total_kes)::bigint::text as total, sum(paid_kes)::bigint::text as paid
        from order_day_totals group by 1, 2
        having sum(orders) <> 0 or sum(total_kes) <> 0 or sum(paid_kes) <> 0
        order by 1, 2`),
      months: await rows(sql`
        select month::text as month, status::text as status, sum(orders)::int as orders,
               sum(total_kes)::bigint::text as total, sum(paid_kes)::bigint::text as paid
        from order_month_totals group by 1, 2
        having sum(orders) <> 0 or sum(total_kes) <> 0 or sum(paid_kes) <> 0
        order by 1, 2`),
      statuses: await rows(sql`
        select status::text as status, sum(orders)::int as orders, sum(total_kes)::bigint::text as total
        from order_status_totals group by 1 having sum(orders) <> 0 order by 1`),
      products: await rows(sql`
        select day::text as day, product_name, units::text, revenue_kes::text from booked_product_day_totals
        where units <> 0 or revenue_kes <> 0 order by 1, 2`),
      productMonths: await rows(sql`
        select month::text as month, product_name, units::text, revenue_kes::text from booked_product_month_totals
        where units <> 0 or revenue_kes <> 0 order by 1, 2`),
      customers: await rows(sql`
        select day::text as day, customer_id, orders, revenue_kes::text from booked_customer_day_totals
        where orders <> 0 or revenue_kes <> 0 order by 1, 2`),
      customerMonths: await rows(sql`
        select month::text as month, customer_id, orders, revenue_kes::text from booked_customer_month_totals
        where orders <> 0 or revenue_kes <> 0 order by 1, 2`),
      income: await rows(sql`
        select day::text as day, currency::text, sum(net_amount)::text as net from income_day_totals
        group by 1, 2 having sum(net_amount) <> 0 order by 1, 2`),
      stock: await rows(sql`
        select day::text as day, inventory_item_id, stock_delta::text from stock_day_totals
        where stock_delta <> 0 order by 1, 2`),
      openInvoices: await rows(sql`select invoice_id, customer_id, open_kes from open_invoices order by 1`),
      customersOwing: await rows(sql`
        select customer_id, open_kes::text, invoices from customer_open_totals where invoices <> 0 order by 1`),
      owedByDay: await rows(sql`
        select day::text as day, open_kes::text, invoices from open_invoice_day_totals where invoices <> 0 order by 1`),
      shipments: await rows(sql`
        select status::text as status, shipments from shipment_status_totals where shipments <> 0 order by 1`),
    };
  });

describe("summary tables", () => {
  it("count as booked exactly the statuses the ledger books", async () => {
    const booked = await t.database.read((db) =>
      rowsOf<{ status: string }>(
        db,
        sql`select s::text as status from unnest(enum_range(null::order_status)) s where order_is_booked(s)`,
      ),
    );
    expect(booked.map((r) => r.status).sort()).toEqual([...bookedStatuses].sort());
  });

  it("kept by triggers through orders, payments, refunds, approvals, cancellations, write-offs and edits equal a rebuild", async () => {
    const client = asUser(t.app, await loginClient(t.app, clientEmail));
    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const item = await inventoryItem(t, "SEM-HF-101");
    const placed: { id: number; total: number }[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await client.post("/api/client/orders", {
        items: [{ productId: item.id, quantity: 1 + (i % 3) }],
        deliveryAddress: "Nyahururu",
        paymentMethod: "bank",
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json();
      placed.push({ id, total: (await director.get(`/api/orders/${id}`)).json().totalAmountKes });
    }
    const day = new Date().toISOString().slice(0, 10);
    const [a, b, c, d] = placed;
    // Paid in part, paid in full and approved, approved on credit, cancelled.
    const pay = (id: number, amountKes: number) =>
      director.post(`/api/orders/${id}/payments`, {
        method: "bank",
        amountKes,
        reference: `R${id}`,
        date: day,
      });
    for (const [id, amount] of [
      [a!.id, 1000],
      [b!.id, b!.total],
    ] as const) {
      const paid = await pay(id, amount);
      expect(paid.statusCode, paid.body).toBe(201);
    }
    expect((await director.post(`/api/orders/${b!.id}/approve`, { estimatedDays: 3 })).statusCode).toBe(200);
    expect(
      (await director.post(`/api/orders/${c!.id}/approve`, { estimatedDays: 3, onCredit: true })).statusCode,
    ).toBe(200);
    expect((await director.post(`/api/orders/${d!.id}/cancel`, { refund: "later" })).statusCode).toBe(200);
    // A refund, a USD income, a write-off, and a hand edit of booked and unbooked orders' dates.
    const bPayment = (await director.get(`/api/orders/${b!.id}/payments`)).json()[0];
    expect(
      (
        await director.post(`/api/payments/${bPayment.id}/refund`, {
          amountKes: bPayment.amountKes,
          reason: "Duplicate",
          cancelOrder: false,
        })
      ).statusCode,
    ).toBe(200);
    const usd = await director.post("/api/transactions", {
      type: "income",
      amount: 120.5,
      currency: "USD",
      description: "Consultancy",
      status: "completed",
    });
    expect(usd.statusCode, usd.body).toBe(201);
    const writeOff = await asUser(t.app, await loginAs(t.app, staffEmails.lab_technician)).post(
      `/api/inventory/${item.id}/write-off`,
      { quantity: 1, reason: "damaged" },
    );
    expect(writeOff.statusCode, writeOff.body).toBe(200);
    await t.database.tx((db) =>
      db.execute(
        sql`update orders set order_date = order_date - interval '40 days' where id in (${a!.id}, ${c!.id})`,
      ),
    );
    expect(await invariantViolations(t.database)).toEqual([]);

    const incremental = await totals();
    expect(incremental.products.length).toBeGreaterThan(0);
    expect(incremental.customers.length).toBeGreaterThan(0);
    expect(incremental.income).toContainEqual(expect.objectContaining({ currency: "USD", net: "120.50" }));
    expect(incremental.stock.length).toBeGreaterThan(0);
    // B's invoice, issued when it was paid in full, is owed again since that payment was refunded.
    expect(incremental.openInvoices).toContainEqual(expect.objectContaining({ open_kes: b!.total }));
    expect(incremental.customersOwing.length).toBeGreaterThan(0);
    expect(incremental.owedByDay.length).toBeGreaterThan(0);
    await t.database.tx((db) => db.execute(sql`select rebuild_summaries()`));
    expect(await totals()).toEqual(incremental);

    // The summary endpoint reads them, and agrees with counting the orders themselves.
    const summary = (await director.get("/api/orders/summary")).json();
    const [counted] = await t.database.read((db) =>
      rowsOf<{ total: number; pending: number; booked: number }>(
        db,
        sql`
        select count(*)::int as total, (count(*) filter (where status = 'pending'))::int as pending,
               coalesce(sum(total_amount_kes) filter (where status in ('approved','processing','shipped','delivered')), 0)::int as booked
        from orders`,
      ),
    );
    expect(summary).toMatchObject({
      totalOrders: counted!.total,
      pendingOrders: counted!.pending,
      totalRevenueKes: counted!.booked,
    });
  });

  it("give the same months from the month totals as from the days, for ranges that cut months", async () => {
    const fold = (rows: Awaited<ReturnType<typeof bookedByBucket>>) => {
      const months = new Map<string, { orders: number; bookedKes: number; receivedKes: number }>();
      for (const r of rows) {
        const m = months.get(r.label.slice(0, 7)) ?? { orders: 0, bookedKes: 0, receivedKes: 0 };
        months.set(r.label.slice(0, 7), {
          orders: m.orders + r.orders,
          bookedKes: m.bookedKes + r.bookedKes,
          receivedKes: m.receivedKes + r.receivedKes,
        });
      }
      return [...months].map(([label, m]) => ({ label, ...m }));
    };
    for (const days of [90, 365, 400]) {
      const range = lastDays(t.clock.now(), days);
      const [byMonth, byDay] = await t.database.read(async (db) => [
        await bookedByBucket(db, range, "month"),
        await bookedByBucket(db, range, "day"),
      ]);
      expect(byMonth.length).toBeGreaterThan(2);
      expect(byMonth).toEqual(fold(byDay));
    }
  });
});
