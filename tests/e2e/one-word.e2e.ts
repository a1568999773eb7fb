import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage, signInAsStaff } from "./support/browser";
import { browser } from "./support/session";

/**
 * One word per figure (issue 36): every money card on Dashboard, Financial, Sales & Orders and Reports, read
 * from the rendered pages and from the API at the same moment. A label means one figure: wherever it
 * appears it shows the same value, and revenue is booked order value everywhere.
 */

const kes = (n: number) => `KSh ${new Intl.NumberFormat("en-KE", { maximumFractionDigits: 0 }).format(n)}`;

/** The value under each stat card of the screen at `path`, by label, once none is still loading. */
async function cardsOf(page: Page, path: string, testId: "stat" | "metric"): Promise<Map<string, string>> {
  await page.goto(path);
  const cards = page.locator(testId === "stat" ? '[data-testid^="stat-"]' : '[data-testid^="metric-"]');
  await cards.first().waitFor();
  await page.waitForFunction(
    (prefix) =>
      [...document.querySelectorAll(`[data-testid^="${prefix}-"]`)].every((e) => e.textContent !== "–"),
    testId,
  );
  const found = new Map<string, string>();
  if (testId === "stat") {
    for (const card of await cards.all()) {
      const id = (await card.getAttribute("data-testid"))!;
      found.set(id.slice("stat-".length), (await card.textContent())!.trim());
    }
  } else {
    for (const card of await page
      .locator('[data-testid^="metric-"]:has([data-testid="metric-value"])')
      .all()) {
      const id = (await card.getAttribute("data-testid"))!;
      found.set(id.slice("metric-".length), (await card.getByTestId("metric-value").textContent())!.trim());
    }
  }
  return found;
}

describe("one word per figure", () => {
  it("shows each labelled money figure with one value on every screen, as the API answers it", async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, "director1@urithi.co.ke");
    const api = async (path: string) => (await page.request.get(path)).json();
    const financial = await api("/api/financial");
    const summary = await api("/api/orders/summary");
    const metrics = await api("/api/dashboard/metrics");
    const report = await api("/api/reports?period=30d");

    const screens = {
      Dashboard: await cardsOf(page, "/dashboard", "metric"),
      Financial: await cardsOf(page, "/financial", "stat"),
      "Sales & Orders": await cardsOf(page, "/orders", "stat"),
      Reports: await cardsOf(page, "/reports", "stat"),
    };
    const byLabel = new Map<string, { screen: string; value: string }[]>();
    for (const [screen, cards] of Object.entries(screens)) {
      for (const [label, value] of cards)
        byLabel.set(label, [...(byLabel.get(label) ?? []), { screen, value }]);
    }
    // The same label, the same value, wherever it is shown.
    for (const [label, shown] of byLabel) {
      expect(new Set(shown.map((s) => s.value)).size, `${label}: ${JSON.stringify(shown)}`).toBe(1);
    }
    expect(
      byLabel
        .get("Monthly Revenue")!
        .map((s) => s.screen)
        .sort(),
    ).toEqual(["Dashboard", "Financial"]);

    // And each is the API's figure: revenue is booked order value, on Financial as on Sales & Orders.
    expect(summary.totalRevenueKes).toBe(financial.totalRevenue);
    expect(metrics.monthlyRevenue).toBe(financial.monthlyRevenue);
    expect(screens.Financial.get("Total Revenue KES")).toBe(kes(financial.bookedKes));
    expect(screens["Sales & Orders"].get("Total Revenue")).toBe(kes(financial.bookedKes));
    expect(screens.Financial.get("Monthly Revenue")).toBe(kes(financial.monthlyRevenue));
    expect(screens.Financial.get("Pending Payments")).toBe(kes(financial.bookedKes - financial.receivedKes));
    expect(screens.Financial.get("Client Deposits")).toBe(kes(financial.depositsKes));
    expect(screens.Financial.get("To Refund")).toBe(kes(financial.refundDueKes));
    expect(screens["Sales & Orders"].get("Total Orders")).toBe(String(summary.totalOrders));
    expect(screens.Reports.get("Total Revenue (last 30 days)")).toBe(kes(report.salesReport.totalRevenue));
    expect(screens.Reports.get("Booked Orders (last 30 days)")).toBe(String(report.salesReport.totalOrders));
    await page.context().close();
  });
});
