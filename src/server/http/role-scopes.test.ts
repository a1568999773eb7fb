import { describe, expect, it } from "vitest";
import { t, withTestApp } from "../testing/app-session";
import { asUser, loginAs, staffEmails } from "../testing/test-app";

withTestApp();

const as = async (role: keyof typeof staffEmails) => asUser(t.app, await loginAs(t.app, staffEmails[role]));

describe("role scopes (SPEC section 6)", () => {
  it("gives the Sales Manager the sales and customer reports, not stock or temperatures", async () => {
    const sales = await as("sales_manager");
    const report = (await sales.get("/api/reports?period=30d")).json();
    // The demo's last 30 days hold orders: the sales figures are there, not withheld.
    expect(report.salesReport.totalOrders).toBeGreaterThan(0);
    expect(report.customerReport).not.toBeNull();
    expect(report.inventoryReport).toBeNull();
    expect((await sales.get("/api/reports/export?type=inventory")).statusCode).toBe(403);
    expect((await sales.get("/api/reports/export?type=sales")).statusCode).toBe(200);
    expect((await sales.get("/api/alerts/temperature")).statusCode).toBe(403);
    expect((await sales.get("/api/storage/conditions")).statusCode).toBe(403);
  });

  it("shows money on the dashboard only to roles with finance", async () => {
    for (const role of [
      "sales_manager",
      "chief_scientist",
      "lab_technician",
      "logistics_coordinator",
    ] as const) {
      const user = await as(role);
      const metrics = (await user.get("/api/dashboard/metrics")).json();
      expect(metrics, role).toMatchObject({
        monthlyRevenue: null,
        monthlyRevenueUsd: null,
        revenueGrowth: null,
        ledger: null,
      });
      expect(metrics.totalInventory, role).toBeGreaterThan(0);
      expect((await user.get("/api/dashboard/sales-trend")).statusCode, role).toBe(403);
    }
    const director = await as("director");
    const metrics = (await director.get("/api/dashboard/metrics")).json();
    expect(typeof metrics.monthlyRevenue).toBe("number");
    expect(metrics.ledger).toHaveProperty("bookedKes");
    expect((await director.get("/api/dashboard/sales-trend")).statusCode).toBe(200);
  });

  it("keeps the full reports and temperatures for those whose work they are", async () => {
    const scientist = await as("chief_scientist");
    expect((await scientist.get("/api/reports")).json().inventoryReport).not.toBeNull();
    expect((await scientist.get("/api/alerts/temperature")).statusCode).toBe(200);
    const lab = await as("lab_technician");
    expect((await lab.get("/api/storage/conditions")).statusCode).toBe(200);
  });
});
