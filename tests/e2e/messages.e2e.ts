import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAfricasTalking } from "../../src/server/testing/fake-africas-talking";
import {
  desktop,
  expectToast,
  launchBrowser,
  newPage,
  phone,
  screenshot,
  signInAsClient,
  signInAsStaff,
} from "./support/browser";
import { type RunningServer, startServer } from "./support/global-setup";

const AT = { username: "urithi", apiKey: "e2e-at-key-0123456789" };

let browser: Browser;
let server: RunningServer;
let at: Awaited<ReturnType<typeof startFakeAfricasTalking>>;

beforeAll(async () => {
  browser = await launchBrowser();
  at = await startFakeAfricasTalking(AT);
  // Its own server, sending SMS through Africa's Talking (the fake), email kept in the database.
  server = await startServer({
    AT_USERNAME: AT.username,
    AT_API_KEY: AT.apiKey,
    AT_API_URL: at.url,
    JOBS_INTERVAL_SECONDS: "1",
  });
});
afterAll(async () => {
  await browser.close();
  await server.stop();
  await at.close();
});

async function placeBankOrder(page: Page) {
  await page.goto("/shop");
  await page.getByLabel("Search products").fill("Boran Semen");
  await page
    .getByTestId("product-card")
    .filter({ hasText: "Boran Semen" })
    .first()
    .getByRole("button", { name: "Add to Cart" })
    .click();
  await page.goto("/cart");
  await page.getByLabel("Delivery address *").fill("Ol Kalou, Nyandarua");
  await page.getByLabel("Bank Transfer").check();
  await page.getByRole("button", { name: "Place Order" }).click();
  await page.waitForURL(/\/order-success\?id=\d+$/);
  return (await page.getByTestId("order-number").textContent())!;
}

describe("the messages page", () => {
  it("shows the SMS and email a client order produced, sent; a Director resends one that failed", async () => {
    const client = await newPage(browser, phone, server.baseUrl);
    await signInAsClient(client);
    // The provider refuses the first text for good, as it does an unreachable number.
    at.failNext({ statusCode: 403, status: "InvalidPhoneNumber" });
    const orderNumber = await placeBankOrder(client);

    const director = await newPage(browser, desktop, server.baseUrl);
    await signInAsStaff(director, "director1@urithi.co.ke");
    await director.getByRole("link", { name: "Messages" }).click();
    await director.waitForURL("**/messages");
    await director.getByRole("heading", { name: "Messages", exact: true }).waitFor();
    const rows = director.getByTestId("message-row").filter({ hasText: "+254" });
    const received = director.getByTestId("message-row").filter({ hasText: "Order received" });
    await received.first().waitFor();
    // Bank details and order received, by SMS and email, and approvers' emails: all for this order.
    await director.getByTestId("message-row").filter({ hasText: "Bank details" }).first().waitFor();
    await director.getByTestId("message-row").filter({ hasText: "Awaiting approval" }).first().waitFor();

    // One SMS failed for good; the rest went out.
    const failed = director
      .getByTestId("message-row")
      .filter({ hasText: "Failed" })
      .filter({ hasText: "+254" });
    await failed.first().waitFor({ timeout: 15_000 });
    await failed
      .first()
      .getByText(/InvalidPhoneNumber/)
      .waitFor();
    await director.getByLabel("Filter by status").selectOption("sent");
    await rows.first().waitFor();
    await screenshot(director, "messages-desktop");

    await director.getByLabel("Filter by status").selectOption("failed");
    const view = failed.first().getByRole("button", { name: /View message/ });
    const resent = (await view.getAttribute("aria-label"))!;
    await failed.first().getByRole("button", { name: "Resend" }).click();
    await expectToast(director, "Message queued to send again");
    await director.getByLabel("Filter by status").selectOption("all");
    await director.getByLabel("Filter by channel").selectOption("sms");
    // The dispatcher takes it up again within seconds, and this time the provider accepts it.
    const again = director
      .getByTestId("message-row")
      .filter({ has: director.getByRole("button", { name: resent, exact: true }) });
    await again.getByText("Sent", { exact: true }).waitFor({ timeout: 15_000 });
    expect(await again.getByText(/InvalidPhoneNumber/).count()).toBe(0);

    // The message itself, as the farmer reads it.
    await received
      .first()
      .getByRole("button", { name: /View message/ })
      .click();
    const dialog = director.getByRole("dialog");
    await dialog.getByText(`we have received order ${orderNumber}`, { exact: false }).waitFor();
    await dialog.getByText("Sent", { exact: true }).first().waitFor();
    await screenshot(director, "messages-details-desktop");
    await director.keyboard.press("Escape");

    // The provider got each text once, the resent one included.
    const texts = at.delivered.filter((d) => d.message.includes(orderNumber));
    expect(texts.map((d) => d.message.slice(0, 40)).sort()).toEqual(
      [...new Set(texts.map((d) => d.message.slice(0, 40)))].sort(),
    );
    expect(texts.some((d) => d.message.includes("we have received order"))).toBe(true);

    const small = await newPage(browser, phone, server.baseUrl);
    await signInAsStaff(small, "director1@urithi.co.ke");
    await small.goto("/messages");
    await small.getByTestId("message-row").first().waitFor();
    await screenshot(small, "messages-phone", { fullPage: false });
  });

  it("is not in a Sales Manager's menu, and the address says they may not open it", async () => {
    const sales = await newPage(browser, desktop, server.baseUrl);
    await signInAsStaff(sales, "sales@urithi.co.ke");
    expect(await sales.getByRole("link", { name: "Messages" }).count()).toBe(0);
    await sales.goto("/messages");
    await sales.getByRole("heading", { name: "Access restricted" }).waitFor();
  });
});
