import { describe, expect, it } from "vitest";
import type { OrderSummary } from "../../src/contract/orders";
import {
  baseUrl,
  expectServerFigures,
  expectToast,
  holdRequests,
  newPage,
  openAsInstalledApp,
  phone,
  screenshot,
  signInAsStaff,
} from "./support/browser";
import { createCustomer, createOrder, createStrawItem } from "./support/fixtures";
import { browser, page, signedInAs } from "./support/session";

signedInAs("sales@urithi.co.ke");

const cards = () => page.getByTestId("order-card");
const api = async (path: string) => (await page.request.get(`${baseUrl()}${path}`)).json();
const kes = (n: number) => `KSh ${new Intl.NumberFormat("en-KE").format(n)}`;

async function open() {
  await page.goto("/orders");
  await cards().first().waitFor();
}

describe("sales & orders", () => {
  it("shows the server's summary, revenue only to finance, and switches amounts between KES and USD", async () => {
    const s = await expectServerFigures(page, open, "/api/orders/summary", (s: OrderSummary) => ({
      "stat-Total Orders": String(s.totalOrders),
      "stat-Pending Orders": String(s.pendingOrders),
      "stat-Delivered Orders": String(s.deliveredOrders),
    }));
    // Revenue is the books': the Sales Manager has no finance, so neither the figure nor its card.
    expect(s.totalRevenueKes).toBeNull();
    expect(await page.getByTestId("stat-Total Revenue").count()).toBe(0);
    await page.getByRole("button", { name: "USD", exact: true }).click();
    expect(await cards().first().getByTestId("order-amount").textContent()).toMatch(/^\$|≈ \$/);

    const director = await newPage(browser);
    await signInAsStaff(director, "director1@urithi.co.ke");
    const money = await expectServerFigures(
      director,
      async () => void (await director.goto("/orders")),
      "/api/orders/summary",
      (m: OrderSummary) => ({ "stat-Total Revenue": kes(m.totalRevenueKes ?? 0) }),
    );
    await director.getByRole("button", { name: "USD", exact: true }).click();
    expect(await director.getByTestId("stat-Total Revenue").textContent()).toBe(
      `$${new Intl.NumberFormat("en-KE").format(money.totalRevenueUsd ?? 0)}`,
    );
    await director.context().close();
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

  it("creates an order with product and service lines for a customer found by phone, holding the stock", async () => {
    // A Director: only the pricing permission may discount a line.
    const boss = await newPage(browser);
    await signInAsStaff(boss, "director1@urithi.co.ke");
    const straw = await createStrawItem(boss, 10);
    const customer = await createCustomer(boss, { phone: `+254 733 ${String(Date.now()).slice(-6)}` });
    await boss.goto("/orders");
    await boss.getByRole("button", { name: "New Order" }).click();
    const dialog = boss.getByRole("dialog");
    await dialog.getByRole("button", { name: "Create Order" }).click();
    await dialog.getByText("Choose a customer").waitFor();
    // Found by phone, kept by id.
    await dialog.getByLabel("Customer *").fill(customer.phone.slice(-6));
    await dialog.getByRole("button", { name: new RegExp(customer.name) }).click();
    await dialog.getByTestId("picked-customer").getByText(customer.name).waitFor();

    const line = dialog.getByTestId("product-line").first();
    await line.getByLabel("Product").selectOption(String(straw.id));
    await line.getByLabel("Quantity").fill("3");
    await line.getByLabel("Discount %").fill("10");
    await dialog.getByRole("button", { name: "Add service" }).click();
    const service = dialog.getByTestId("service-line").first();
    await service.getByLabel("Service", { exact: true }).selectOption("artificial_insemination");
    await service.getByLabel("What").fill("3 heifers");
    await service.getByLabel("Amount (KES)").fill("4500");
    // 3 × 2,500 less 10 % = 6,750, plus 4,500.
    await dialog.getByTestId("order-total").getByText(kes(11250)).waitFor();
    await screenshot(boss, "orders-new-dialog", { fullPage: false });
    await dialog.getByRole("button", { name: "Create Order" }).click();
    await expectToast(boss, "Order Created");
    await expectToast(boss, "New order has been created successfully.");
    const card = boss.getByTestId("order-card").filter({ hasText: customer.name });
    await card.waitFor();
    expect(await card.textContent()).toContain(kes(11250));
    const item = await (await boss.request.get(`${baseUrl()}/api/inventory/${straw.id}`)).json();
    expect(item.reservedStock).toBe(3);
    await boss.context().close();
  });

  it("says which line is short and keeps the form", async () => {
    const lab = await newPage(browser);
    await signInAsStaff(lab, "lab@urithi.co.ke");
    const straw = await createStrawItem(lab, 2);
    await lab.context().close();
    const customer = await createCustomer(page);
    await open();
    await page.getByRole("button", { name: "New Order" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Customer *").fill(customer.email!);
    await dialog.getByRole("button", { name: new RegExp(customer.name) }).click();
    // The first line stays blank (not sent); the second line's error still shows under the second line.
    await dialog.getByRole("button", { name: "Add product" }).click();
    const line = dialog.getByTestId("product-line").nth(1);
    await line.getByLabel("Product").selectOption(String(straw.id));
    await line.getByLabel("Quantity").fill("0");
    await dialog.getByRole("button", { name: "Create Order" }).click();
    await line.getByText("Quantity must be at least 1").waitFor();
    expect(
      await dialog.getByTestId("product-line").first().getByText("Quantity must be at least 1").count(),
    ).toBe(0);
    await line.getByLabel("Quantity").fill("5");
    // A Sales Manager may discount up to the limit in settings; the form says when a Director must approve.
    await dialog
      .getByTestId("discount-note")
      .getByText(/You may give up to \d+% discount/)
      .waitFor();
    await line.getByLabel("Discount %").fill("45");
    await dialog
      .getByTestId("discount-note")
      .getByText(/A 45% discount is above your \d+% limit/)
      .waitFor();
    await line.getByLabel("Discount %").fill("");
    await dialog.getByRole("button", { name: "Create Order" }).click();
    await expectToast(page, "Error");
    await page
      .getByTestId("toast")
      .getByText(/2 available, 5 requested/)
      .first()
      .waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
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
    await openAsInstalledApp(other, "/orders");
    const bars = other.getByTestId("loading-bars");
    await bars.waitFor();
    expect(await bars.locator(".animate-pulse").count()).toBe(3);
    release();
    await other.getByTestId("order-card").first().waitFor();
    await other.route("**/api/orders/itemised", (route) => route.fulfill({ status: 500, body: "down" }));
    await other.getByRole("button", { name: "New Order" }).click();
    const dialog = other.getByRole("dialog");
    await dialog.getByLabel("Customer *").fill("Kiambu Dairy");
    await dialog.getByRole("button", { name: /Kiambu Dairy Farm/ }).click();
    await dialog.getByRole("button", { name: "Add service" }).click();
    await dialog.getByTestId("service-line").getByLabel("Amount (KES)").fill("3000");
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
    await small.getByRole("dialog").getByRole("button", { name: "Add service" }).click();
    await screenshot(small, "orders-new-dialog-phone", { fullPage: false });
    expect(await small.getByRole("dialog").evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await small.keyboard.press("Escape");
    await small.getByTestId("order-card").first().waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await screenshot(small, "orders-phone", { fullPage: false });
    await small.context().close();
  });
});
