import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectToast, newPage, phone, screenshot, signInAsClient, signInAsStaff } from "./support/browser";
import { createClientAccount } from "./support/fixtures";
import { browser } from "./support/session";

/**
 * Money on an order that will not be delivered is paid back (or knowingly left to refund), the client is
 * told, and the stock goes back (issue 36, "money settles").
 */

interface Placed {
  id: number;
  orderNumber: string;
  totalAmountKes: number;
}

/** A client order of `quantity` Jersey straws placed as the client on `client`, paid in full by bank. */
async function paidOrder(client: Page, director: Page, quantity: number): Promise<Placed> {
  const products = await (await client.request.get("/api/shop/products")).json();
  const product = products.find((p: { name: string; inStock: number }) => p.name === "Jersey Semen");
  const placed = await client.request.post("/api/client/orders", {
    data: {
      items: [{ productId: product.id, quantity }],
      customerLocation: "Kapsabet",
      paymentMethod: "bank",
    },
  });
  expect(placed.status()).toBe(201);
  const order = { ...(await placed.json()), totalAmountKes: product.price * quantity } as Placed;
  const paid = await director.request.post(`/api/orders/${order.id}/payments`, {
    data: {
      method: "bank",
      amountKes: order.totalAmountKes,
      reference: `EFT-${order.id}`,
      date: new Date().toISOString().slice(0, 10),
    },
  });
  expect(paid.status()).toBe(201);
  return order;
}

const jerseyInStock = async (page: Page) =>
  (await (await page.request.get("/api/shop/products")).json()).find(
    (p: { name: string }) => p.name === "Jersey Semen",
  ).inStock as number;

describe("refunds", () => {
  it("rejects a paid order with a refund: the client sees it refunded and is sent the amount", async () => {
    const client = await newPage(browser, phone);
    const account = await createClientAccount(client);
    await signInAsClient(client, account.email, account.password);
    const director = await newPage(browser);
    await signInAsStaff(director, "director1@urithi.co.ke");
    const order = await paidOrder(client, director, 1);

    await director.goto("/order-approval");
    await director.getByTestId("pending-order").filter({ hasText: order.orderNumber }).click();
    await director.getByTestId("approval-details").getByText(order.orderNumber, { exact: true }).waitFor();
    await director.getByLabel("Reason, told to the client *").fill("This bull's straws are withdrawn");
    await director.getByLabel("Rejection note (staff only)").fill("Motility below 40% on thaw");
    const held = director.getByRole("group", { name: /This order holds/ });
    expect(await held.textContent()).toContain(`KSh ${order.totalAmountKes.toLocaleString("en-KE")}`);
    await director.getByLabel("Refunded by").selectOption("mpesa");
    await director.getByLabel("Reference").fill("RFD7Q2");
    await screenshot(director, "refund-on-reject-desktop", { fullPage: false });
    await director.getByRole("button", { name: "Reject Order" }).click();
    await expectToast(director, "Order Rejected");

    await client.goto("/client-orders");
    await client.getByRole("button", { name: "Track Orders" }).click();
    const tracked = client.getByTestId("tracked-order").filter({ hasText: order.orderNumber });
    await tracked.getByText("Refunded").first().waitFor();
    const card = await tracked.textContent();
    expect(card).toContain("This bull's straws are withdrawn");
    // One badge says it, and what happens next is said: the money's way back.
    expect(await tracked.getByText(/^refunded$/i).count()).toBe(1);
    expect(card).toContain("Your money has been sent back: by M-Pesa it arrives within a day");
    expect(card).not.toContain("Motility");
    await screenshot(client, "refunded-order-client-phone");

    const messages = await (await director.request.get(`/api/messages?orderId=${order.id}&limit=50`)).json();
    const refund = messages.find((m: { kind: string; channel: string }) => m.kind === "refund_sent");
    expect(refund.body).toContain(`KSh ${order.totalAmountKes.toLocaleString("en-KE")}`);
    expect(refund.body).toContain("RFD7Q2");
    await client.context().close();
    await director.context().close();
  });

  it("refunds and cancels an approved order: its stock is released and Logistics is no longer offered it", async () => {
    const client = await newPage(browser);
    const account = await createClientAccount(client);
    await signInAsClient(client, account.email, account.password);
    const director = await newPage(browser);
    await signInAsStaff(director, "director1@urithi.co.ke");
    const before = await jerseyInStock(client);
    const order = await paidOrder(client, director, 2);
    const approved = await director.request.post(`/api/orders/${order.id}/approve`, {
      data: { estimatedDays: 3 },
    });
    expect(approved.status()).toBe(200);
    expect(await jerseyInStock(client)).toBe(before - 2);

    await director.goto("/orders");
    await director.getByLabel("Search orders").fill(order.orderNumber);
    const card = director.getByTestId("order-card").filter({ hasText: order.orderNumber });
    await card.getByRole("button", { name: /^View/ }).click();
    const payments = director.getByTestId("order-payments");
    await payments.getByRole("button", { name: "Refund" }).click();
    const form = payments.getByRole("form", { name: /Refund payment/ });
    await form.getByLabel("Reason *").fill("Client changed to Ayrshire");
    await form.getByLabel("Reference").fill("EFT-BACK-9");
    await form.getByLabel(/Cancel the order too/).check();
    await screenshot(director, "refund-and-cancel-desktop", { fullPage: false });
    await form.getByRole("button", { name: "Confirm refund" }).click();
    await expectToast(director, "Payment refunded");
    await payments.getByTestId("refund-line").first().waitFor();
    expect(await payments.getByTestId("refund-line").first().textContent()).toContain(
      "Client changed to Ayrshire",
    );
    expect(await jerseyInStock(client)).toBe(before);

    const logistics = await newPage(browser);
    await signInAsStaff(logistics, "logistics@urithi.co.ke");
    await logistics.goto("/shipping");
    const listed = logistics.waitForResponse((r) => r.url().includes("readyToShip=true"));
    await logistics
      .getByRole("button", { name: /Create Shipment/ })
      .first()
      .click();
    await listed;
    const select = logistics.getByRole("dialog").getByLabel("Order *");
    await select.waitFor();
    const offered = await select.locator("option").allTextContents();
    expect(offered.some((o) => o.includes(order.orderNumber))).toBe(false);
    await client.context().close();
    await director.context().close();
    await logistics.context().close();
  });

  it("cancels a paid order with the refund left for later, and Sales & Orders lists it as to refund", async () => {
    const client = await newPage(browser);
    const account = await createClientAccount(client);
    await signInAsClient(client, account.email, account.password);
    const director = await newPage(browser, phone);
    await signInAsStaff(director, "director1@urithi.co.ke");
    const order = await paidOrder(client, director, 1);

    await director.goto("/orders");
    await director.getByLabel("Search orders").fill(order.orderNumber);
    const card = director.getByTestId("order-card").filter({ hasText: order.orderNumber });
    await card.getByRole("button", { name: /^Delete/ }).click();
    const confirm = director.getByRole("alertdialog");
    await confirm.getByRole("group", { name: /This order holds/ }).waitFor();
    await confirm.getByLabel(/Refund later/).check();
    await screenshot(director, "cancel-refund-later-phone", { fullPage: false });
    await confirm.getByRole("button", { name: "Cancel order" }).click();
    await expectToast(director, "Order Cancelled");

    await director.getByLabel("Search orders").fill("");
    await director.getByLabel("Filter by status").selectOption("refund_due");
    await director.getByTestId("order-card").filter({ hasText: order.orderNumber }).waitFor();
    const financial = await (await director.request.get("/api/financial")).json();
    expect(financial.refundDueKes).toBeGreaterThanOrEqual(order.totalAmountKes);
    await client.context().close();
    await director.context().close();
  });
});
