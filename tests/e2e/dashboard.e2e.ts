import { describe, expect, it } from "vitest";
import type { DashboardMetrics } from "../../src/contract/dashboard";
import {
  baseUrl,
  holdRequests,
  newPage,
  openAsInstalledApp,
  phone,
  screenshot,
  signInAsStaff,
} from "./support/browser";
import { browser, page, signedInAs } from "./support/session";

signedInAs("director1@urithi.co.ke");

const api = async (path: string) => (await page.request.get(`${baseUrl()}${path}`)).json();
const metricValue = (label: string) =>
  page.getByTestId(`metric-${label}`).getByTestId("metric-value").textContent();
const metricChange = (label: string) =>
  page.getByTestId(`metric-${label}`).getByTestId("metric-change").textContent();

describe("dashboard", () => {
  it("shows the server's metrics, alerts, recent orders, inventory, storage and breeding figures", async () => {
    // Other files' orders move the stock and the revenue while this reads them (one server for every file):
    // the screen must show the server's figures as they stood at some load.
    const shown = async () => ({
      inventory: (await metricValue("Total Inventory"))?.replace(/\D/g, ""),
      revenue: (await metricValue("Monthly Revenue"))?.replace(/\D/g, ""),
      successRate: await metricValue("Success Rate"),
      customers: await metricValue("Active Customers"),
      growth: await metricChange("Active Customers"),
    });
    const expected = (m: DashboardMetrics) => ({
      inventory: String(m.totalInventory),
      revenue: String(m.monthlyRevenue),
      successRate: `${m.successRate}%`,
      customers: String(m.activeCustomers),
      growth: `${m.customerGrowth > 0 ? "+" : ""}${m.customerGrowth}%`,
    });
    // The pair is what a timeout reports, so a wrong figure shows beside the server's.
    await expect
      .poll(
        async () => {
          await page.goto("/dashboard");
          await page.getByTestId("metric-Total Inventory").waitFor();
          return { shown: await shown(), server: expected(await api("/api/dashboard/metrics")) };
        },
        { timeout: 60_000, interval: 500 },
      )
      .toSatisfy((pair) => JSON.stringify(pair.shown) === JSON.stringify(pair.server));

    const alerts = await api("/api/alerts/temperature");
    const banner = page.getByTestId("temperature-alerts");
    const critical = alerts.find((a: { alertStatus: string }) => a.alertStatus === "critical");
    // Other tests add tanks of their own: read the seeded ones by name.
    expect(await banner.getByRole("alert").filter({ hasText: critical.storageUnit }).textContent()).toContain(
      `${critical.storageUnit} is at ${critical.temperature}°C, above the optimal range`,
    );
    expect(await banner.getByRole("status").filter({ hasText: "LN2-Tank-B" }).textContent()).toContain(
      "Temperature monitoring",
    );
    // LN2 level and refill alerts sit beside them, with the way to where they are acknowledged.
    const tank = page
      .getByTestId("tank-alerts")
      .getByRole("status")
      .filter({ hasText: "LN2-Tank-C was due a refill" });
    await tank.getByRole("link", { name: "Open Cryo Storage" }).waitFor();

    const recent = await api("/api/orders/recent");
    const rows = page.getByTestId("recent-order");
    await rows.first().waitFor();
    expect(await rows.count()).toBe(recent.length);
    expect(await rows.first().textContent()).toContain(recent[0].orderNumber);

    const status = await api("/api/inventory/status");
    const inv = await page.getByTestId("inventory-status").textContent();
    expect(inv).toContain(`${status.embryos.toLocaleString("en-KE")} units`);
    expect(inv).toContain(`${status.sperm.toLocaleString("en-KE")} doses`);

    expect(await page.getByTestId("storage-conditions").locator("li").count()).toBe(3);
    const breeding = await api("/api/breeding/metrics");
    expect(await page.getByTestId("breeding-performance").textContent()).toContain(
      `${breeding.aiSuccessRate}%`,
    );
    await page.locator(".recharts-area-area").first().waitFor();
    await screenshot(page, "dashboard-desktop");
  });

  it("draws the sales trend from the server and follows the range select", async () => {
    await page.goto("/dashboard");
    const chart = page.getByTestId("sales-trend-chart");
    await chart.locator(".recharts-area-area").waitFor();
    expect(await chart.getAttribute("data-points")).toBe("6");
    expect(await chart.locator(".recharts-xAxis .recharts-cartesian-axis-tick").count()).toBeGreaterThan(2);
    await page.getByLabel("Sales trend range").selectOption("12m");
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sales-trend-chart"]')?.getAttribute("data-points") === "12",
    );
    const ytd = await api("/api/dashboard/sales-trend?range=ytd");
    await page.getByLabel("Sales trend range").selectOption("ytd");
    await page.waitForFunction(
      (n) =>
        document.querySelector('[data-testid="sales-trend-chart"]')?.getAttribute("data-points") ===
        String(n),
      ytd.length,
    );
  });

  it("shows four placeholder cards while the metrics load", async () => {
    const slow = await newPage(browser);
    await signInAsStaff(slow, "director1@urithi.co.ke");
    const release = await holdRequests(slow, "**/api/dashboard/metrics");
    await openAsInstalledApp(slow, "/dashboard");
    const skeleton = slow.getByTestId("metrics-loading");
    await skeleton.waitFor();
    expect(await skeleton.locator("> *").count()).toBe(4);
    release();
    await slow.getByTestId("metric-Total Inventory").waitFor();
    await slow.context().close();
  });

  it("holds the cards until each has its figures, so nothing moves under a finger", async () => {
    const slow = await newPage(browser);
    await signInAsStaff(slow, "director1@urithi.co.ke");
    // The side column's reads answer last: the quick actions below them must not show, then move.
    const inventory = await holdRequests(slow, "**/api/inventory/status");
    const ussd = await holdRequests(slow, "**/api/ussd/summary");
    await openAsInstalledApp(slow, "/dashboard");
    await slow.getByTestId("metrics-loading").waitFor();
    await slow.waitForTimeout(500);
    expect(await slow.getByRole("button", { name: "New Order" }).count()).toBe(0);
    expect(await slow.getByText("No inventory data available").count()).toBe(0);
    inventory();
    await slow.waitForTimeout(300);
    expect(await slow.getByTestId("metrics-loading").count()).toBe(1);
    ussd();
    const newOrder = slow.getByRole("button", { name: "New Order" });
    await newOrder.waitFor();
    expect(await slow.getByTestId("inventory-status").count()).toBe(1);
    expect(await slow.getByTestId("ussd-summary").count()).toBe(1);
    const before = await newOrder.boundingBox();
    await slow.waitForLoadState("networkidle");
    expect(await newOrder.boundingBox()).toEqual(before);
    await slow.context().close();
  });

  it("shows the empty-state messages when there is nothing to show", async () => {
    const empty = await newPage(browser);
    await signInAsStaff(empty, "director1@urithi.co.ke");
    await empty.route("**/api/orders/recent", (r) => r.fulfill({ json: [] }));
    await empty.route("**/api/storage/conditions", (r) => r.fulfill({ json: [] }));
    await empty.route("**/api/dashboard/metrics", (r) => r.fulfill({ status: 500, body: "down" }));
    await empty.route("**/api/inventory/status", (r) => r.fulfill({ status: 500, body: "down" }));
    await empty.route("**/api/breeding/metrics", (r) => r.fulfill({ status: 500, body: "down" }));
    await openAsInstalledApp(empty, "/dashboard");
    for (const text of [
      "No metrics data available",
      "No recent orders found",
      "No inventory data available",
      "No storage condition data available",
      "No breeding metrics data available",
    ]) {
      await empty.getByText(text).waitFor();
    }
    await empty.context().close();
  });

  it("quick actions open the new-order and add-customer dialogs and the reports screen", async () => {
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Add Customer" }).click();
    await page.waitForURL("**/customers");
    await page.getByRole("dialog").getByText("Add New Customer").waitFor();
    await page.keyboard.press("Escape");
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Generate Report" }).click();
    await page.waitForURL("**/reports");
  });

  it.each([
    [
      "director1@urithi.co.ke",
      ["New Order", "Scan QR Code", "Generate Report", "Add Customer", "Record LN2 Level", "Shipments"],
    ],
    ["scientist@urithi.co.ke", ["Scan QR Code", "Generate Report", "Record LN2 Level"]],
    ["sales@urithi.co.ke", ["New Order", "Scan QR Code", "Generate Report", "Add Customer"]],
    ["lab@urithi.co.ke", ["Scan QR Code", "Record LN2 Level"]],
    ["logistics@urithi.co.ke", ["Scan QR Code", "Shipments"]],
  ])("offers %s only quick actions that work", async (email, expected) => {
    const own = await newPage(browser);
    await signInAsStaff(own, email);
    const actions = own
      .getByRole("heading", { name: "Quick Actions" })
      .locator("xpath=../..")
      .getByRole("button");
    await actions.first().waitFor();
    expect(await actions.allTextContents()).toEqual(expected);
    for (const label of expected) {
      await own.goto("/dashboard");
      await own.getByRole("button", { name: label }).click();
      if (label === "Scan QR Code" || label === "New Order" || label === "Add Customer") {
        await own.getByRole("dialog").waitFor();
      } else {
        await own.waitForURL((url) => url.pathname !== "/dashboard");
        await own.getByRole("heading", { level: 1 }).waitFor();
      }
      expect(await own.getByText("Access restricted").count()).toBe(0);
    }
    // Orders beyond the five are on a screen only order staff may open.
    await own.goto("/dashboard");
    await own.getByTestId("recent-order").first().waitFor();
    const viewAll = await own.getByRole("link", { name: "View All" }).count();
    expect(viewAll).toBe(email.startsWith("lab") ? 0 : 1);
    await own.context().close();
  });

  it("scans (types) a label code and opens that inventory item", async () => {
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Scan QR Code" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Label code").fill("nope-123");
    await dialog.getByRole("button", { name: "Open" }).click();
    await dialog.getByText("No inventory item has the code nope-123").waitFor();
    await dialog.getByLabel("Label code").fill("sem-ay-102");
    await dialog.getByRole("button", { name: "Open" }).click();
    await page.waitForURL(/\/genetic-inventory\?item=\d+/);
  });

  it("reads a cane label with the camera and opens the tank map at what the cane holds", async () => {
    const lab = await newPage(browser);
    // A camera and a barcode reader that sees the cane label: what a phone held over the tank would give.
    const [where] = await (await page.request.get(`${baseUrl()}/api/storage/locate?q=SEM-AY-102`)).json();
    const cane = where.positions[0].label as string;
    await lab.addInitScript((label) => {
      const canvas = document.createElement("canvas");
      canvas.width = 64;
      canvas.height = 48;
      const paint = () => canvas.getContext("2d")?.fillRect(0, 0, 64, 48);
      Object.defineProperty(navigator, "mediaDevices", {
        value: {
          getUserMedia: async () => {
            const stream = canvas.captureStream(10);
            setInterval(paint, 50);
            return stream;
          },
        },
      });
      (window as unknown as { BarcodeDetector: unknown }).BarcodeDetector = class {
        async detect() {
          return [{ rawValue: label }];
        }
      };
    }, cane);
    await signInAsStaff(lab, "lab@urithi.co.ke");
    await lab.goto("/dashboard");
    await lab.getByRole("button", { name: "Scan QR Code" }).click();
    await lab.getByRole("dialog").getByRole("button", { name: "Use camera" }).click();
    await lab.waitForURL(new RegExp(`/storage\\?view=map&find=${cane}$`));
    const found = lab.getByTestId("whereabouts").filter({ hasText: "SEM-AY-102" });
    await found.getByText(cane).first().waitFor();
    expect(await lab.getByLabel("Where is").inputValue()).toBe(cane);
    // A tank's label finds everything on its canes.
    const tank = cane.split("-")[0]!;
    const inTank = await (await lab.request.get(`${baseUrl()}/api/storage/locate?q=${tank}`)).json();
    expect(inTank.length).toBeGreaterThan(1);
    expect(
      inTank.every((w: { positions: { label: string }[] }) =>
        w.positions.some((p) => p.label.startsWith(`${tank}-`)),
      ),
    ).toBe(true);
    await lab.context().close();
  });

  it("fits a phone screen", async () => {
    const small = await newPage(browser, phone);
    await signInAsStaff(small, "director1@urithi.co.ke");
    await small.getByTestId("metric-Total Inventory").waitFor();
    await small.locator(".recharts-area-area").first().waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await screenshot(small, "dashboard-phone");
    await small.context().close();
  });

  it("shows a Sales Manager no money and no storage temperatures", async () => {
    const sales = await newPage(browser);
    await signInAsStaff(sales, "sales@urithi.co.ke");
    await sales.getByTestId("metric-Total Inventory").waitFor();
    await sales.getByTestId("metric-Active Customers").waitFor();
    expect(await sales.getByTestId("metric-Monthly Revenue").count()).toBe(0);
    expect(await sales.getByTestId("sales-trend-chart").count()).toBe(0);
    expect(await sales.getByTestId("temperature-alerts").count()).toBe(0);
    await screenshot(sales, "dashboard-sales-manager");
    await sales.context().close();
  });
});
