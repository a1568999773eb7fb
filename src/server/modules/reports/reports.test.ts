import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { instantArray, rowsOf } from "../../db/adapter";
import { t, withTestApp } from "../../testing/app-session";
import { asUser, loginAs, staffEmails } from "../../testing/test-app";
import { coverByMonths, lastDays, monthStart, nairobiDate, nairobiDayStart } from "../../time";
import { pdfText } from "./pdf";
import { topCustomersOf, topProducts } from "./top-sellers";

withTestApp();
let director: ReturnType<typeof asUser>;
beforeAll(async () => {
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
});

type O = { orderDate: string; status: string; totalAmountKes: number; amountPaidKes: number };
const DAY = 86_400_000;

describe("reports", () => {
  it("figures follow the period (the last N Nairobi days, today included): rows inside count, rows outside do not", async () => {
    const now = t.clock.now().getTime();
    // A booked order on the day before each monthly period: inside the month its first bucket reads.
    for (const [days, k] of [
      [90, 0],
      [365, 1],
    ] as const) {
      const before = nairobiDate(new Date(now - days * DAY));
      await t.database.tx((db) =>
        db.execute(sql`update orders set order_date = ${before}::date + time '09:00' - interval '3 hours'
          where id = (select id from orders where order_is_booked(status) order by id limit 1 offset ${k})`),
      );
    }
    const orders = (await director.get("/api/orders?limit=500")).json() as O[];
    const dayOf = (iso: string) => nairobiDate(new Date(iso));
    for (const [period, days] of [
      ["7d", 7],
      ["30d", 30],
      ["90d", 90],
      ["1y", 365],
    ] as const) {
      const first = nairobiDate(new Date(now - (days - 1) * DAY));
      const inside = orders.filter((o) => dayOf(o.orderDate) >= first);
      expect(orders.some((o) => dayOf(o.orderDate) < first) || days === 365).toBe(true);
      const booked = inside.filter((o) =>
        ["approved", "processing", "shipped", "delivered"].includes(o.status),
      );
      const bookedKes = booked.reduce((s, o) => s + o.totalAmountKes, 0);
      const receivedKes = booked.reduce((s, o) => s + o.amountPaidKes, 0);
      const report = (await director.get(`/api/reports?period=${period}`)).json();
      // The same order set as revenue: cancelled and rejected orders are in neither.
      expect(report.salesReport.totalOrders).toBe(booked.length);
      expect(report.salesReport.totalRevenue).toBe(bookedKes);
      expect(report.salesReport.ledger).toEqual({
        bookedKes,
        receivedKes,
        outstandingKes: bookedKes - receivedKes,
      });
      expect(report.salesReport.series.reduce((s: number, b: { orders: number }) => s + b.orders, 0)).toBe(
        booked.length,
      );
      // Each bucket holds its own day's or month's booked orders in the period, and no others.
      const labelOf = (o: O) => (days > 30 ? dayOf(o.orderDate).slice(0, 7) : dayOf(o.orderDate));
      const expected = new Map<string, { revenue: number; orders: number }>();
      for (const o of booked) {
        const b = expected.get(labelOf(o)) ?? { revenue: 0, orders: 0 };
        expected.set(labelOf(o), { revenue: b.revenue + o.totalAmountKes, orders: b.orders + 1 });
      }
      expect(report.salesReport.series, period).toEqual(
        report.salesReport.series.map(({ label }: { label: string }) => ({
          label,
          ...(expected.get(label) ?? { revenue: 0, orders: 0 }),
        })),
      );
    }
    const year = (await director.get("/api/reports?period=1y")).json();
    const month = (await director.get("/api/reports?period=30d")).json();
    expect(year.salesReport.totalOrders).toBeGreaterThan(month.salesReport.totalOrders);
    expect(year.salesReport.series[0].label).toMatch(/^\d{4}-\d{2}$/);
    expect(month.salesReport.series[0].label).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A continuous axis: every day (or month) of the period, in order, days without orders at zero.
    const days = month.salesReport.series.map((b: { label: string }) => b.label);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe(nairobiDate(new Date(now)));
    days.slice(1).forEach((d: string, i: number) => {
      expect(Date.parse(d) - Date.parse(days[i])).toBe(DAY);
    });
    expect(year.salesReport.series[0].label).toBe(nairobiDate(new Date(now - 364 * DAY)).slice(0, 7));
    expect(year.salesReport.series.at(-1).label).toBe(nairobiDate(new Date(now)).slice(0, 7));
    expect(month.customerReport.growth.map((g: { label: string }) => g.label)).toEqual(days);
  });

  it("ranks top customers over ranges read as months less some days, as their booked orders add up, each with its last booked order in the range", async () => {
    const now = t.clock.now();
    const day = (instant: Date) => nairobiDate(instant);
    const second = (monthsBack: number) => day(new Date(monthStart(now, monthsBack).getTime() + 1.5 * DAY));
    const lastOf = (monthsBack: number) => day(new Date(monthStart(now, monthsBack - 1).getTime() - DAY / 2));
    const ranges = [
      lastDays(now, 30),
      { first: second(2), last: day(now) },
      { first: second(1), last: day(new Date(Date.parse(`${lastOf(1)}T12:00:00Z`) - 2 * DAY)) },
    ];
    // Each is read as at least one month less days outside it: what this test is for.
    const cut = ranges.filter((r) => coverByMonths(r).subtract.length > 0);
    expect(cut.length).toBeGreaterThanOrEqual(2);
    // The largest booked order moves to last month's 1st, a day the last range takes away from its month.
    await t.database.tx((db) =>
      db.execute(sql`update orders set order_date = ${`${second(1).slice(0, 8)}01`}::date + time '09:00'
        - interval '3 hours' where id = (select id from orders where order_is_booked(status)
        order by total_amount_kes desc, id limit 1)`),
    );
    // A pending order, not booked, becomes the last 30 days' top customer's latest: not its last order.
    await t.database.tx((db) =>
      db.execute(sql`update orders set status = 'pending', order_date = ${now}::timestamptz - interval '1 minute'
        where id = (select id from orders where customer_id = (
            select customer_id from orders where order_is_booked(status)
              and nairobi_day(order_date) between ${ranges[0]!.first} and ${ranges[0]!.last}
            group by customer_id order by sum(total_amount_kes) desc, customer_id limit 1)
          and order_is_booked(status) and not exists (select 1 from payments p where p.order_id = orders.id)
          and not exists (select 1 from tax_documents d where d.order_id = orders.id)
          order by total_amount_kes, id limit 1)`),
    );
    // An older booked order of the last range's top customer moves to the day after that range: past it.
    const after = ranges[2]!;
    const moved = await t.database.tx((db) =>
      rowsOf(
        db,
        sql`update orders set order_date = ${after.last}::date + 1 + time '09:00' - interval '3 hours'
          where id = (select id from orders where customer_id = (
              select customer_id from orders where order_is_booked(status)
                and nairobi_day(order_date) between ${after.first} and ${after.last}
              group by customer_id order by sum(total_amount_kes) desc, customer_id limit 1)
            and order_is_booked(status) and nairobi_day(order_date) < ${ranges[1]!.first} order by id limit 1)
          returning id`,
      ),
    );
    expect(moved).toHaveLength(1);
    let ranked = 0;
    for (const range of ranges) {
      const expected = await t.database.read((db) =>
        rowsOf<{ name: string; orders: number; revenue: number; last: number }>(
          db,
          sql`select c.name, count(*)::int as orders, sum(o.total_amount_kes)::int as revenue,
                     (extract(epoch from max(o.order_date)) * 1000)::float8 as last
              from orders o join customers c on c.id = o.customer_id
              where order_is_booked(o.status) and nairobi_day(o.order_date) between ${range.first} and ${range.last}
              group by c.id order by revenue desc, c.id limit 5`,
        ),
      );
      const top = await t.database.read((db) => topCustomersOf(db, range, 5));
      expect(
        top.map(({ name, orders, revenue, lastOrder }) => ({ name, orders, revenue, lastOrder })),
        JSON.stringify(range),
      ).toEqual(expected.map(({ last, ...c }) => ({ ...c, lastOrder: new Date(last).toISOString() })));
      ranked += expected.length;
      // The products over the same range, from their day and month totals as the customers are.
      const products = await t.database.read((db) =>
        rowsOf<{ name: string; units: number; revenue: number }>(
          db,
          sql`select l.product_name as name, sum(l.quantity)::int as units, sum(l.line_total_kes)::int as revenue
              from order_lines l join orders o on o.id = l.order_id
              where order_is_booked(o.status) and nairobi_day(o.order_date) between ${range.first} and ${range.last}
              group by 1 order by revenue desc, 1 limit 8`,
        ),
      );
      expect(await t.database.read((db) => topProducts(db, range, 8)), JSON.stringify(range)).toEqual(
        products,
      );
      ranked += products.length;
    }
    expect(ranked).toBeGreaterThan(2);
  });

  it("grows the customer count by the Nairobi day or month each customer joined, at the edges of both", async () => {
    const now = t.clock.now();
    const monthEdge = monthStart(now, 2);
    const dayEdge = nairobiDayStart(nairobiDate(new Date(now.getTime() - 5 * DAY)));
    const minute = 60_000;
    const joinedAt = [
      monthEdge.getTime() - minute,
      monthEdge.getTime(),
      dayEdge.getTime() - minute,
      dayEdge.getTime(),
    ].map((ms) => new Date(ms));
    await t.database.tx((db) =>
      db.execute(sql`insert into customers (name, type, phone, address, contact_person, created_at)
        select 'Edge Farm ' || g, 'farm', '+25470111' || g, 'Nyeri', 'Edge', at
        from unnest(${instantArray(joinedAt)}) with ordinality as j(at, g)`),
    );
    const joined = (
      await t.database.read((db) => rowsOf<{ at: Date }>(db, sql`select created_at as at from customers`))
    ).map((c) => nairobiDate(new Date(c.at)));
    for (const [period, key] of [
      ["30d", (day: string) => day],
      ["1y", (day: string) => day.slice(0, 7)],
    ] as const) {
      const { growth } = (await director.get(`/api/reports?period=${period}`)).json().customerReport;
      expect(growth, period).toEqual(
        growth.map(({ label }: { label: string }) => ({
          label,
          customers: joined.filter((day) => key(day) <= label).length,
        })),
      );
      // Each edge customer counts from its own bucket on, not from its neighbour's.
      const labels = growth.map((g: { label: string }) => g.label);
      const edge = period === "30d" ? nairobiDate(dayEdge) : nairobiDate(monthEdge).slice(0, 7);
      const at = labels.indexOf(edge);
      expect(at, period).toBeGreaterThan(0);
      expect(growth[at].customers - growth[at - 1].customers, period).toBeGreaterThanOrEqual(1);
    }
  });

  it("counts the active customers by type and those who joined in the period, inactive ones included", async () => {
    const now = t.clock.now();
    // A breeder who left within the week and a distributor who joined long ago and left.
    await t.database.tx((db) =>
      db.execute(sql`insert into customers (name, type, phone, address, contact_person, created_at, is_active)
        values ('Gone Breeder', 'breeder', '+254701112201', 'Nyeri', 'Gone', ${new Date(now.getTime() - 3 * DAY).toISOString()}::timestamptz, false),
               ('Old Distributor', 'distributor', '+254701112202', 'Nyeri', 'Old', ${new Date(now.getTime() - 400 * DAY).toISOString()}::timestamptz, false)`),
    );
    for (const [period, days] of [
      ["7d", 7],
      ["1y", 365],
    ] as const) {
      const from = nairobiDayStart(nairobiDate(new Date(now.getTime() - (days - 1) * DAY))).toISOString();
      const [counts] = await t.database.read((db) =>
        rowsOf<{ all: number; active: number; created: number }>(
          db,
          sql`select count(*)::int as all, count(*) filter (where is_active)::int as active,
                count(*) filter (where created_at >= ${from}::timestamptz)::int as created from customers`,
        ),
      );
      const types = await t.database.read((db) =>
        rowsOf<{ type: string; count: number }>(
          db,
          sql`select type, count(*)::int as count from customers where is_active group by type order by type`,
        ),
      );
      const { customerReport } = (await director.get(`/api/reports?period=${period}`)).json();
      expect(customerReport.activeCustomers, period).toBe(counts!.active);
      expect(customerReport.newCustomers, period).toBe(counts!.created);
      expect(customerReport.distribution, period).toEqual(types);
      expect(customerReport.growth.at(-1).customers, period).toBe(counts!.all);
    }
  });

  it("ranks top customers and products as the booked orders in the period add up", async () => {
    const report = (await director.get("/api/reports?period=1y")).json();
    const first = nairobiDate(new Date(t.clock.now().getTime() - 364 * DAY));
    const rows = <T>(query: ReturnType<typeof sql>) => t.database.read((db) => rowsOf<T>(db, query));
    const customers = await rows<{ name: string; orders: number; revenue: number }>(sql`
      select c.name, count(*)::int as orders, sum(o.total_amount_kes)::int as revenue
      from orders o join customers c on c.id = o.customer_id
      where order_is_booked(o.status) and nairobi_day(o.order_date) >= ${first}
      group by c.id order by revenue desc, c.id limit 5`);
    expect(customers.length).toBeGreaterThan(1);
    expect(
      report.customerReport.topCustomers.map((c: { name: string; orders: number; revenue: number }) => ({
        name: c.name,
        orders: c.orders,
        revenue: c.revenue,
      })),
    ).toEqual(customers);
    const products = await rows<{ name: string; units: number; revenue: number }>(sql`
      select l.product_name as name, sum(l.quantity)::int as units, sum(l.line_total_kes)::int as revenue
      from order_lines l join orders o on o.id = l.order_id
      where order_is_booked(o.status) and nairobi_day(o.order_date) >= ${first}
      group by 1 order by revenue desc, 1 limit 8`);
    expect(
      report.salesReport.topProducts.map((p: { name: string; units: number; revenue: number }) => ({
        name: p.name,
        units: p.units,
        revenue: p.revenue,
      })),
    ).toEqual(products);
  });

  it("defaults to 30 days and answers the fields the screen reads", async () => {
    const report = (await director.get("/api/reports")).json();
    expect(report.period).toBe("30d");
    expect(report.customerReport.activeCustomers).toBeGreaterThan(0);
    expect(report.inventoryReport.totalItems).toBeGreaterThanOrEqual(12);
    expect(report.inventoryReport.lowStockItems).toBe(report.inventoryReport.lowStock.length);
    const shares = report.salesReport.topProducts.reduce((s: number, p: { share: number }) => s + p.share, 0);
    if (report.salesReport.topProducts.length > 0) expect(shares).toBeLessThanOrEqual(100.5);
    expect(report.inventoryReport.expiringSoon.map((e: { itemId: string }) => e.itemId)).toContain(
      "EMB-GI-008",
    );
    expect(report.inventoryReport.temperature.length).toBe(2);
    expect((await director.get("/api/reports?period=2w")).statusCode).toBe(400);
  });

  it("exports a real PDF named after the report type and date", async () => {
    const res = await director.get("/api/reports/export?period=90d&type=sales");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const date = t.clock.now().toISOString().slice(0, 10);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="urithi-sales-report-${date}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(res.rawPayload.length).toBeGreaterThan(1500);
  });

  it("heads a PDF with the business's letterhead from settings and numbers every page", async () => {
    await director.put("/api/settings/company", {
      tradeName: "Urithi Genetics Ltd",
      address: "Plot 12, Kenyatta Avenue, Nakuru",
      phone: "+254 711 000 111",
      email: "office@urithi.co.ke",
    });
    const res = await director.get("/api/reports/export?period=1y&type=customers");
    const dir = mkdtempSync(path.join(tmpdir(), "urithi-report-"));
    writeFileSync(path.join(dir, "r.pdf"), res.rawPayload);
    const text = execFileSync("pdftotext", ["-layout", path.join(dir, "r.pdf"), "-"], { encoding: "utf8" });
    expect(text).toContain("Plot 12, Kenyatta Avenue, Nakuru");
    expect(text).toContain("+254 711 000 111 · office@urithi.co.ke");
    const pages = Number(
      /Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [path.join(dir, "r.pdf")], { encoding: "utf8" }))![1],
    );
    for (let n = 1; n <= pages; n++) expect(text).toContain(`Page ${n} of ${pages}`);
    // Labels, never the stored values: "Farm", not "farm".
    expect(text).toMatch(/\bFarm\b/);
    expect(text).not.toMatch(/ farm /);
  });

  it("exports the same tables as CSV, with labels, the letterhead and the period", async () => {
    const res = await director.get("/api/reports/export?period=30d&type=customers&format=csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const date = t.clock.now().toISOString().slice(0, 10);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="urithi-customers-report-${date}.csv"`,
    );
    const lines = res.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe('"Urithi Genetics Ltd"');
    expect(lines).toContain('"Customers Report"');
    expect(lines).toContain('"Type","Customers"');
    expect(lines).toContain('"Customer","Type","Orders","Revenue","Last order"');
    const types = lines
      .slice(lines.indexOf('"Type","Customers"') + 1)
      .filter((l) => /^"(Farm|farm)"/.test(l));
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((l) => l.startsWith('"Farm"'))).toBe(true);
    expect((await director.get("/api/reports/export?format=xls")).statusCode).toBe(400);
  });

  it("shows money only to roles with finance, in the report and its exports", async () => {
    const full = (await director.get("/api/reports?period=1y")).json();
    expect(full.salesReport.totalRevenue).toBeGreaterThan(0);
    for (const email of [staffEmails.sales_manager, staffEmails.chief_scientist]) {
      const staff = asUser(t.app, await loginAs(t.app, email));
      const r = (await staff.get("/api/reports?period=1y")).json();
      expect(r.salesReport).toMatchObject({ totalRevenue: null, ledger: null, averageOrderValue: null });
      expect(r.salesReport.totalOrders).toBe(full.salesReport.totalOrders);
      expect(r.salesReport.series.every((b: { revenue: unknown }) => b.revenue === null)).toBe(true);
      expect(r.salesReport.topProducts.every((p: { revenue: unknown }) => p.revenue === null)).toBe(true);
      expect(r.customerReport.topCustomers.every((c: { revenue: unknown }) => c.revenue === null)).toBe(true);
      const csv = (await staff.get("/api/reports/export?period=1y&type=sales&format=csv")).body;
      expect(csv).not.toContain("Revenue");
      expect(csv).not.toContain("KSh");
      expect(csv).toContain('"Product","Units","Share of units"');
    }
  });

  it("is for reporting roles only", async () => {
    const sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    expect((await sales.get("/api/reports")).statusCode).toBe(200);
    const lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
    expect((await lab.get("/api/reports")).statusCode).toBe(403);
    expect((await lab.get("/api/reports/export")).statusCode).toBe(403);
  });
});

describe("PDF text", () => {
  it("keeps every letter and leaves out emoji, which no font here draws", () => {
    expect(pdfText("Kĩambu Dairy – Nyeri °C é")).toBe("Kĩambu Dairy – Nyeri °C é");
    expect(pdfText("Bull 🐂 Semen 🧬 Co 👍🏽")).toBe("Bull Semen Co");
    expect(pdfText("Ферма Ольга")).toBe("Ферма Ольга");
    expect(pdfText("line\nbreak")).toBe("line break");
  });
});
