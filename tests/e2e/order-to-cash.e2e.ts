import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  baseUrl,
  expectToast,
  newPage,
  orderFromCart,
  phone,
  screenshot,
  signInAsClient,
  signInAsStaff,
} from "./support/browser";
import { answerPrompt, scanPicks } from "./support/fixtures";
import { startServer } from "./support/global-setup";
import { browser } from "./support/session";

async function ledgerFigures(page: Page) {
  const get = async (url: string) => (await page.request.get(`${baseUrl()}${url}`)).json();
  const summary = await get("/api/orders/summary");
  const financial = await get("/api/financial");
  const dashboard = await get("/api/dashboard/metrics");
  const report = await get("/api/reports?period=1y");
  const pick = (f: { bookedKes: number; receivedKes: number; outstandingKes: number }) => ({
    bookedKes: f.bookedKes,
    receivedKes: f.receivedKes,
    outstandingKes: f.outstandingKes,
  });
  return [pick(summary), pick(financial), dashboard.ledger, report.salesReport.ledger];
}

describe("order to cash", () => {
  // Four people in turn (client, phone, Director, logistics): over a minute when two files share the CPU.
  it("client pays by M-Pesa and sees Paid; a director approves; it ships and is delivered; the books agree", async () => {
    const client = await newPage(browser, phone);
    await signInAsClient(client);
    const orderNumber = await orderFromCart(client, "SEM-BO-104", "M-Pesa");
    const pay = client.getByTestId(`pay-${orderNumber}`);
    await pay.getByText("Unpaid").waitFor();
    await pay.getByLabel("M-Pesa phone number").fill("0712");
    await pay.getByRole("button", { name: /with M-Pesa/ }).click();
    await pay.getByText("Enter an M-Pesa number like 0712 345 678").waitFor();
    await pay.getByLabel("M-Pesa phone number").fill("0712 345 678");
    await pay.getByRole("button", { name: /with M-Pesa/ }).click();
    await pay.getByText(/Check your phone/).waitFor();
    await screenshot(client, "pay-mpesa-waiting-phone");
    // The prompt takes over a cheap phone and the page reloads: it follows the same prompt again.
    await client.reload();
    await pay.getByText(/Check your phone/).waitFor();
    expect(await pay.getByRole("button", { name: /with M-Pesa/ }).count()).toBe(0);

    const handset = await newPage(browser, phone);
    await answerPrompt(handset, orderNumber, "Accept (enter PIN)");
    await pay.getByText("Paid in full. Thank you!").waitFor({ timeout: 15_000 });
    await screenshot(client, "pay-mpesa-paid-phone");

    const director = await newPage(browser);
    await signInAsStaff(director, "director2@urithi.co.ke");
    await director.goto("/order-approval");
    await director.getByTestId("pending-order").filter({ hasText: orderNumber }).click();
    const details = director.getByTestId("approval-details");
    await details.getByText(orderNumber, { exact: true }).waitFor();
    expect(await details.getByTestId("payment-status").textContent()).toBe("Paid");
    await director.getByLabel("Estimated delivery *").selectOption("3");
    await screenshot(director, "approval-paid-desktop");
    await director.getByRole("button", { name: "Approve Order" }).click();
    await expectToast(director, "Order Approved");

    const logistics = await newPage(browser);
    await signInAsStaff(logistics, "logistics@urithi.co.ke");
    await logistics.goto("/shipping");
    await logistics.getByRole("button", { name: "Create Shipment" }).click();
    const dialog = logistics.getByRole("dialog");
    await dialog.getByLabel("Order *").selectOption(orderNumber);
    await dialog.getByTestId("ship-payment").getByText("Paid").waitFor();
    await logistics.waitForFunction(
      () =>
        (document.getElementById("ship-destination") as HTMLInputElement | null)?.value ===
        "Ol Kalou, Nyandarua",
    );
    await scanPicks(dialog);
    await dialog.getByRole("button", { name: "Create Shipment" }).click();
    await expectToast(logistics, "Shipment created successfully");
    const row = logistics.getByTestId("shipment-row").filter({ hasText: orderNumber });
    const status = row.getByRole("combobox");
    await status.selectOption("in_transit");
    await row.getByText("In Transit", { exact: true }).first().waitFor();
    await status.selectOption("preparing");
    await logistics
      .getByTestId("toast")
      .getByText(/cannot go back to preparing/)
      .first()
      .waitFor();
    await status.selectOption("delivered");
    await logistics.getByRole("dialog").getByLabel("Received by *").fill("Amina Njeri");
    await logistics.getByRole("dialog").getByRole("button", { name: "Mark delivered" }).click();
    await row.waitFor({ state: "detached" });
    await logistics.getByRole("tab", { name: "Delivered" }).click();
    await row.getByText("Delivered").first().waitFor();

    await client.goto("/client-orders");
    await client.getByRole("button", { name: /Track/ }).first().click();
    const tracked = client.getByTestId("tracked-order").filter({ hasText: orderNumber });
    await tracked.getByText("delivered", { exact: true }).waitFor();
    await tracked.getByText(/^Delivered on /).waitFor();
    expect(await tracked.getByTestId("payment-status").textContent()).toBe("Paid");

    const finance = await newPage(browser);
    await signInAsStaff(finance, "director1@urithi.co.ke");
    await finance.goto("/financial");
    await finance.getByText(`Payment for ${orderNumber}`).waitFor();
    const figures = await ledgerFigures(finance);
    for (const f of figures) {
      expect(f).toEqual(figures[0]);
      expect(f.receivedKes + f.outstandingKes).toBe(f.bookedKes);
    }
  });

  it("a bank-transfer order shows the bank details and is settled by staff", async () => {
    const client = await newPage(browser);
    await signInAsClient(client);
    const orderNumber = await orderFromCart(client, "SEM-SA-103", "Bank Transfer");
    const bank = client.getByTestId("bank-details");
    await bank.getByText(`Use ${orderNumber} as the reference.`, { exact: false }).waitFor();
    await screenshot(client, "pay-bank-desktop");

    const director = await newPage(browser);
    await signInAsStaff(director, "director1@urithi.co.ke");
    await director.goto("/orders");
    await director.getByLabel("Search orders").fill(orderNumber);
    const card = director.getByTestId("order-card").filter({ hasText: orderNumber });
    await card.getByRole("button", { name: /View/ }).click();
    const payments = director.getByTestId("order-payments");
    await payments.getByText("Unpaid").waitFor();
    await payments.getByLabel("Reference").fill("KCB-FT-2291");
    await payments.getByRole("button", { name: "Record payment" }).click();
    await expectToast(director, "Payment recorded");
    await payments.getByTestId("payment-status").getByText("Paid").waitFor();
    await screenshot(director, "order-payments-desktop");

    await client.goto("/client-orders");
    await client.getByRole("button", { name: /Track/ }).first().click();
    const tracked = client.getByTestId("tracked-order").filter({ hasText: orderNumber });
    expect(await tracked.getByTestId("payment-status").textContent()).toBe("Paid");
  });

  it("a cancelled M-Pesa prompt releases nothing until the hold expires, then releases the stock", async () => {
    const server = await startServer({ HOLD_MPESA_MINUTES: "1", JOBS_INTERVAL_SECONDS: "2" });
    try {
      const client = await newPage(browser, phone, server.baseUrl);
      await client.goto("/client-login");
      await client.getByLabel("Email").fill("client@urithi.co.ke");
      await client.getByLabel("Password").fill("demo1234");
      await client.getByRole("button", { name: "Sign In" }).click();
      await client.waitForURL("**/shop");
      const stock = async () =>
        (
          (await (await client.request.get(`${server.baseUrl}/api/shop/products`)).json()) as {
            itemId: string;
            inStock: number;
          }[]
        ).find((p) => p.itemId === "SEM-JE-106")!.inStock;
      const before = await stock();
      const orderNumber = await orderFromCart(client, "SEM-JE-106", "M-Pesa");
      expect(await stock()).toBe(before - 1);
      const pay = client.getByTestId(`pay-${orderNumber}`);
      await pay.getByLabel("M-Pesa phone number").fill("0722 000 111");
      await pay.getByRole("button", { name: /with M-Pesa/ }).click();
      await pay.getByText(/Check your phone/).waitFor();
      const handset = await newPage(browser, phone, server.baseUrl);
      await answerPrompt(handset, orderNumber, "Cancel");
      await pay.getByText("You cancelled the M-Pesa prompt on your phone.").waitFor({ timeout: 15_000 });
      await pay.getByRole("button", { name: "Try again" }).waitFor();
      await screenshot(client, "pay-mpesa-cancelled-phone");
      // Still held: nothing comes back until the hold runs out.
      expect(await stock()).toBe(before - 1);

      await client.goto("/client-orders");
      await client.getByRole("button", { name: /Track/ }).first().click();
      const tracked = client.getByTestId("tracked-order").filter({ hasText: orderNumber });
      for (let i = 0; i < 60 && (await stock()) !== before; i++) await client.waitForTimeout(2000);
      expect(await stock()).toBe(before);
      await client.reload();
      await client.getByRole("button", { name: /Track/ }).first().click();
      await tracked.getByText(/Payment was not received in time/).waitFor();
      await screenshot(client, "order-expired-phone");
    } finally {
      await server.stop();
    }
  }, 300_000);
});
