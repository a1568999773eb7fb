import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/adapter";
import { t, withTestApp } from "../../testing/app-session";
import { asUser, loginAs, staffEmails } from "../../testing/test-app";
import { nairobiDate } from "../../time";
import { pdfText } from "./pdf";

withTestApp();
let director: ReturnType<typeof asUser>;
beforeAll(async () => {
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
});

type O = { orderDate: string; status: string; totalAmountKes: number; amountPaidKes: number };
const DAY = 86_400_000;

describe("reports", () => {
  it("figures follow the period (the last N Nairobi days, today included): rows inside count, rows outside do not", async () => {
    const orders = (await director.get("/api/orders?limit=500")).json() as O[];
    const now = t.clock.now().getTime();
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
