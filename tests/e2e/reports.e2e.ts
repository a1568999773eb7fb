import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { baseUrl, newPage, phone, screenshot, signInAsStaff } from "./support/browser";
import { browser } from "./support/session";

const kes = (n: number) => `KSh ${new Intl.NumberFormat("en-KE", { maximumFractionDigits: 0 }).format(n)}`;

describe("reports and analytics", () => {
  it("the period drives the figures and every tab draws its charts from the data", async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, "director1@urithi.co.ke");
    await page.goto("/reports");
    await page.getByTestId("chart-revenue").locator(".recharts-line-curve").waitFor();
    const month = await (await page.request.get(`${baseUrl()}/api/reports?period=30d`)).json();
    expect(await page.getByTestId("stat-Total Revenue (last 30 days)").textContent()).toBe(
      kes(month.salesReport.totalRevenue),
    );
    expect(await page.getByTestId("stat-Booked Orders (last 30 days)").textContent()).toBe(
      String(month.salesReport.totalOrders),
    );
    expect(await page.getByTestId("chart-distribution").locator(".recharts-pie-sector").count()).toBe(
      month.customerReport.distribution.length,
    );
    // The axis names days as dates, and a tooltip gives money in KSh for the day under the pointer.
    // Recharts 3 draws every tick label in one layer: the y axis's are amounts ("25K"), the rest dates.
    const labels = page.getByTestId("chart-revenue").locator(".recharts-cartesian-axis-tick-value");
    await labels.first().waitFor({ state: "attached" });
    const dates = (await labels.allTextContents()).filter((l) => !/^[\d.]+[KM]?$/.test(l));
    expect(dates.length).toBeGreaterThan(3);
    for (const d of dates) expect(d).toMatch(/^\d{1,2} [A-Z][a-z]{2}$/);
    const plot = (await page.getByTestId("chart-revenue").locator(".recharts-cartesian-grid").boundingBox())!;
    await page.mouse.move(plot.x + plot.width - 4, plot.y + plot.height / 2);
    const tooltip = page.getByTestId("chart-revenue").locator(".recharts-tooltip-wrapper");
    await tooltip.getByText(/Revenue : KSh [\d,]+/).waitFor();
    expect(await tooltip.textContent()).toMatch(/\d{1,2} [A-Z][a-z]{2}/);
    await screenshot(page, "reports-desktop", { fullPage: false });

    // Each tab is drawn once and kept: coming back to one shows the same drawing, not a new one.
    await page.getByTestId("chart-revenue").evaluate((el) => el.setAttribute("data-kept", "yes"));
    await page.getByRole("tab", { name: "Customers" }).click();
    await page.getByTestId("chart-growth").locator(".recharts-line-curve").waitFor();
    expect(await page.getByTestId("chart-revenue").isVisible()).toBe(false);
    await page.getByRole("tab", { name: "Overview" }).click();
    await page.getByTestId("chart-revenue").waitFor();
    expect(await page.getByTestId("chart-revenue").getAttribute("data-kept")).toBe("yes");

    await page.getByLabel("Report period").selectOption("1y");
    const year = await (await page.request.get(`${baseUrl()}/api/reports?period=1y`)).json();
    await page.waitForFunction(
      (v) => document.querySelector('[data-testid="stat-Booked Orders (last year)"]')?.textContent === v,
      String(year.salesReport.totalOrders),
    );
    expect(year.salesReport.totalOrders).toBeGreaterThan(month.salesReport.totalOrders);

    await page.getByRole("tab", { name: "Sales" }).click();
    await page.getByTestId("chart-sales").locator(".recharts-bar-rectangle").first().waitFor();
    expect(await page.getByTestId("top-products").locator("li").count()).toBe(
      year.salesReport.topProducts.length,
    );
    await page.getByRole("tab", { name: "Inventory" }).click();
    await page.getByTestId("chart-stock").locator(".recharts-bar-rectangle").first().waitFor();
    await page.getByTestId("chart-stock").getByText("Compromised").waitFor();
    expect(await page.getByTestId("inventory-alerts").textContent()).toContain("LN2-Tank-C");
    await page.getByRole("tab", { name: "Customers" }).click();
    await page.getByTestId("chart-growth").locator(".recharts-line-curve").waitFor();
    expect(await page.getByTestId("top-customers").locator("tbody tr").count()).toBe(
      year.customerReport.topCustomers.length,
    );

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export Report" }).click(),
    ]);
    const date = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`urithi-customers-report-${date}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.length).toBeGreaterThan(1500);
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "CSV" }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`urithi-customers-report-${date}.csv`);
    const text = readFileSync((await csv.path())!, "utf8");
    expect(text).toContain('"Customer","Type","Orders","Revenue","Last order"');
    expect(text).toContain('"Farm"');
    await page.context().close();
  });

  it("shows the Chief Scientist orders and shares of units, never revenue", async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, "scientist@urithi.co.ke");
    await page.goto("/reports");
    await page.getByTestId(/^stat-Booked Orders/).waitFor();
    expect(await page.getByTestId(/^stat-Total Revenue/).count()).toBe(0);
    await page.getByText("Booked orders", { exact: true }).waitFor();
    await page.getByTestId("chart-revenue").locator(".recharts-line-curve").waitFor();
    await page.getByRole("tab", { name: "Sales" }).click();
    await page.getByTestId("chart-sales").locator(".recharts-bar-rectangle").first().waitFor();
    expect(await page.getByText("Revenue and orders", { exact: true }).count()).toBe(0);
    expect(await page.getByTestId("top-products").textContent()).not.toContain("KSh");
    await page.getByRole("tab", { name: "Customers" }).click();
    expect(await page.getByTestId("top-customers").textContent()).not.toContain("Revenue");
    await screenshot(page, "reports-no-money", { fullPage: false });
    await page.context().close();
  });

  it("shows measured conception rates per bull, embryo lot, technician, semen type and batch", async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, "scientist@urithi.co.ke");
    await page.goto("/reports");
    await page.getByRole("tab", { name: "Fertility" }).click();
    const report = page.getByTestId("fertility-report");
    const expected = await (await page.request.get(`${baseUrl()}/api/reports/fertility`)).json();
    const bulls = report.getByRole("table", { name: "By bull" });
    await bulls.locator("tbody tr").first().waitFor();
    expect(await bulls.locator("tbody tr").count()).toBe(expected.bulls.length);
    const measured = expected.bulls.find((l: { rate: number | null }) => l.rate !== null);
    const row = bulls.locator("tr", { hasText: measured.label });
    expect(await row.textContent()).toContain(`${measured.rate}% (${measured.low}–${measured.high}%)`);
    expect(await row.textContent()).toContain(
      `${measured.confirmed} confirmed · ${measured.reported} by farmers`,
    );
    await report.getByRole("table", { name: "By technician" }).getByText("Dr. Grace Muthoni").waitFor();
    await report.getByRole("table", { name: "Sexed and conventional semen" }).getByText("Sexed").waitFor();
    const batches = report.getByRole("table", { name: "By batch" });
    await batches.getByText(expected.batches[0].label).waitFor();
    expect(await batches.locator("tbody tr").count()).toBe(expected.batches.length);
    const [adgg] = await Promise.all([
      page.waitForEvent("download"),
      report.getByRole("link", { name: /Download every herd's events for ADGG/ }).click(),
    ]);
    expect(adgg.suggestedFilename()).toMatch(/^urithi-adgg-\d{4}-\d{2}-\d{2}\.zip$/);
    // Fertility is over all services, not the period: no PDF of it to export.
    expect(await page.getByRole("link", { name: "Export Report" }).count()).toBe(0);
    await screenshot(page, "reports-fertility-desktop");
    await page.context().close();
  });

  it("fits a phone", async () => {
    const page = await newPage(browser, phone);
    await signInAsStaff(page, "sales@urithi.co.ke");
    await page.goto("/reports");
    await page.getByTestId("chart-revenue").locator(".recharts-line-curve").waitFor();
    // The Sales Manager has the sales reports only: no stock tab or stock figures.
    expect(await page.getByRole("tab", { name: "Sales" }).count()).toBe(1);
    expect(await page.getByRole("tab", { name: /Inventory/ }).count()).toBe(0);
    expect(await page.getByRole("tab", { name: "Fertility" }).count()).toBe(0);
    expect(await page.getByText("Inventory Items").count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await screenshot(page, "reports-phone", { fullPage: false });
    await page.context().close();
  });
});
