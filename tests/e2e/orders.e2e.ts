import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  expectToast,
  holdRequests,
  launchBrowser,
  newPage,
  phone,
  screenshot,
  signInAsStaff,
} from "./support/browser";
import { createOrder } from "./support/fixtures";

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await signInAsStaff(page, "sales@urithi.co.ke");
});
afterAll(() => browser.close());

const cards = () => page.getByTestId("order-card");
const api = async (path: string) => (await page.request.get(`${baseUrl()}${path}`)).json();
const kes = (n: number) => `KSh ${new Intl.NumberFormat("en-KE").format(n)}`;

async function open() {
  await page.goto("/orders");
  await cards().first().waitFor();
}

describe("sales & orders", () => {
  it("shows the server's summary and switches revenue between KES and USD", async () => {
    await open();
    const s = await api("/api/orders/summary");
    await page.waitForFunction(
      () => document.querySelector('[data-testid="stat-Total Orders"]')?.textContent !== "–",
    );
    expect(await page.getByTestId("stat-Total Orders").textContent()).toBe(String(s.totalOrders));
    expect(await page.getByTestId("stat-Total Revenue").textContent()).toBe(kes(s.totalRevenueKes));
    expect(await page.getByTestId("stat-Pending Orders").textContent()).toBe(String(s.pendingOrders));
    expect(await page.getByTestId("stat-Delivered Orders").textContent()).toBe(String(s.deliveredOrders));
    await page.getByRole("button", { name: "USD", exact: true }).click();
    expect(await page.getByTestId("stat-Total Revenue").textContent()).toBe(
      `$${new Intl.NumberFormat("en-KE").format(s.totalRevenueUsd)}`,
    );
    expect(await cards().first().getByTestId("order-amount").textContent()).toMatch(/^\$|≈ \$/);
    await screenshot(page, "orders-desktop");
    await page.getByRole("button", { name: "KES", exact: true }).click();
  });

  it("searches by order number or customer and filters by status", async () => {
    await open();
    const all = await api("/api/orders?limit=500");
    await page.getByLabel("Search orders").fill(all[2].orderNumber);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="order-card"]').length === 1);
    await page.getByLabel("Search orders").fill("");
    await page.getByLabel("Filter by status").selectOption("approved");
    const confirmed = all.filter((o: { status: string }) => o.status === "approved").length;
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="order-card"]').length === n,
      confirmed,
    );
    expect(await cards().first().textContent()).toContain("confirmed");
    // Every status can be filtered on, rejected included.
    await page.getByLabel("Filter by status").selectOption("rejected");
    const rejected = all.filter((o: { status: string }) => o.status === "rejected").length;
    expect(rejected).toBeGreaterThan(0);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="order-card"]').length === n,
      rejected,
    );
    await page.getByLabel("Search orders").fill("no-such-customer-xyz");
    await page.getByText("No orders found").waitFor();
  });

  it("creates an order for an existing customer through the dialog", async () => {
    await open();
    await page.getByRole("button", { name: "New Order" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Create Order" }).click();
    await dialog.getByText("Choose a customer").waitFor();
    expect(await dialog.getByLabel("Customer *").getAttribute("aria-invalid")).toBe("true");
    expect(await dialog.getByText("Choose an order type").isVisible()).toBe(true);
    await dialog.getByLabel("Customer *").selectOption("Meru Livestock Clinic");
    await dialog.getByLabel("Order Type *").selectOption("sperm");
    await dialog.getByLabel("Amount (KES) *").fill("67500");
    await dialog.getByLabel("Amount (USD)").fill("450");
    await dialog.getByLabel("Expected Delivery").fill("2026-12-20");
    await screenshot(page, "orders-new-dialog", { fullPage: false });
    await dialog.getByRole("button", { name: "Create Order" }).click();
    await expectToast(page, "Order Created");
    await expectToast(page, "New order has been created successfully.");
    const first = cards().first();
    await first.getByText("Meru Livestock Clinic").waitFor();
    expect(await first.textContent()).toContain(kes(67500));
    expect(await first.textContent()).toContain("pending");
  });

  it("views, edits and deletes (cancels) an order", async () => {
    const order = await createOrder(page, { totalAmountKes: 67500 });
    await open();
    await page.getByLabel("Search orders").fill(order.orderNumber);
    const card = cards().filter({ hasText: order.orderNumber });
    await card.waitFor();
    await card.getByRole("button", { name: /^View/ }).click();
    const details = page.getByTestId("order-details");
    await details.waitFor();
    expect(await page.getByTestId("order-history").textContent()).toContain("Created by staff");
    await page.keyboard.press("Escape");

    await card.getByRole("button", { name: /^Edit/ }).click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByLabel("Customer *").inputValue()).toBe(order.customerName);
    await dialog.getByLabel("Amount (KES) *").fill("72000");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Order Updated");
    const edited = cards().filter({ hasText: kes(72000) });
    await edited.waitFor();

    await edited.getByRole("button", { name: /^Delete/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel order" }).click();
    await expectToast(page, "Order Cancelled");
    await edited.getByText("cancelled").waitFor();
    expect(await edited.getByRole("button", { name: /^Edit/ }).count()).toBe(0);
  });

  it("shows the error toast when the order cannot be created, and loading bars while loading", async () => {
    const other = await newPage(browser);
    await signInAsStaff(other, "director1@urithi.co.ke");
    const release = await holdRequests(other, "**/api/orders?*");
    await other.route("**/api/orders", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, body: "down" }) : route.continue(),
    );
    await other.goto("/orders");
    const bars = other.getByTestId("loading-bars");
    await bars.waitFor();
    expect(await bars.locator(".animate-pulse").count()).toBe(3);
    release();
    await other.getByTestId("order-card").first().waitFor();
    await other.getByRole("button", { name: "New Order" }).click();
    const dialog = other.getByRole("dialog");
    await dialog.getByLabel("Customer *").selectOption("Kiambu Dairy Farm");
    await dialog.getByLabel("Order Type *").selectOption("embryo");
    await dialog.getByLabel("Amount (KES) *").fill("85000");
    await dialog.getByRole("button", { name: "Create Order" }).click();
    await expectToast(other, "Failed to create order. Please try again.");
    await other.context().close();
  });

  it("opens the new-order dialog from the dashboard, and fits a phone", async () => {
    const small = await newPage(browser, phone);
    await signInAsStaff(small, "director1@urithi.co.ke");
    await small.getByRole("button", { name: "New Order" }).click();
    await small.waitForURL("**/orders");
    await small.getByRole("dialog").getByText("Create New Order").waitFor();
    await small.keyboard.press("Escape");
    await small.getByTestId("order-card").first().waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await screenshot(small, "orders-phone", { fullPage: false });
    await small.context().close();
  });
});
