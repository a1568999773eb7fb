import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAfricasTalking } from "../../src/server/testing/fake-africas-talking";
import {
  allRowsShown,
  desktop,
  expectToast,
  launchBrowser,
  newPage,
  orderFromCart,
  phone,
  screenshot,
  signInAsClient,
  signInAsStaff,
} from "./support/browser";
import { createClientAccount, uniqueTag } from "./support/fixtures";
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

describe("the messages page", () => {
  it("shows the SMS and email a client order produced, sent; a Director resends one that failed", async () => {
    const client = await newPage(browser, phone, server.baseUrl);
    await signInAsClient(client);
    // The provider refuses the first text for good, as it does an unreachable number.
    at.failNext({ statusCode: 403, status: "InvalidPhoneNumber" });
    const orderNumber = await orderFromCart(client, "SEM-BO-104", "Bank Transfer");

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

    // The cards count each status as the server does (the dispatcher may move one between reads: ask again).
    await expect
      .poll(async () => {
        const { counts } = await (
          await director.request.get(`${server.baseUrl}/api/messages/summary`)
        ).json();
        await director.reload();
        await director.getByTestId("message-row").first().waitFor();
        const shown = await director.getByTestId("stat-Sent").textContent();
        const sent = (await (await director.request.get(`${server.baseUrl}/api/messages/summary`)).json())
          .counts.sent;
        return sent === counts.sent && shown === Number(sent).toLocaleString("en-KE");
      })
      .toBe(true);
    expect(await director.getByTestId("stat-Failed").textContent()).toMatch(/^\d[\d,]*$/);

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

describe("a client's choice of SMS or email", () => {
  it("is made on the account page with the mobile number, in Kiswahili too, and kept", async () => {
    const page = await newPage(browser, phone, server.baseUrl);
    const account = await createClientAccount(page);
    await signInAsClient(page, account.email, account.password);
    await page.goto("/client-account");
    // The account page has other forms (the KRA PIN's) with their own Save.
    const choices = (name: string) => page.getByRole("form", { name });
    const card = page.getByRole("group", { name: /How we tell you about your orders/ });
    await card.getByLabel("SMS and email").waitFor();
    expect(await card.getByLabel("SMS and email").isChecked()).toBe(true);
    await card.getByLabel("SMS", { exact: true }).check();
    const mobile = page.getByLabel("Mobile number for SMS");
    expect(await mobile.inputValue()).toBe("+254722123456");
    await mobile.fill("0733");
    await choices("Messages from Urithi").getByRole("button", { name: "Save" }).click();
    await page.getByText("Enter a Kenyan mobile number like 0712 345 678").waitFor();
    await mobile.fill("0733 000 111");
    await choices("Messages from Urithi").getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Your choices are saved.");
    await page.reload();
    expect(await page.getByLabel("SMS", { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel("Mobile number for SMS").inputValue()).toBe("+254733000111");
    // The language switch sits in the header on a wide screen (in the menu on a phone).
    await page.setViewportSize(desktop);
    await page.getByRole("combobox", { name: "Language" }).selectOption("sw");
    await page.getByRole("heading", { name: "Ujumbe kutoka Urithi" }).waitFor();
    await page.setViewportSize(phone);
    await page.getByLabel("Barua pepe", { exact: true }).check();
    await choices("Ujumbe kutoka Urithi").getByRole("button", { name: "Hifadhi" }).click();
    await expectToast(page, "Chaguo zako zimehifadhiwa.");
    await page.getByRole("heading", { name: "Ujumbe kutoka Urithi" }).scrollIntoViewIfNeeded();
    await screenshot(page, "message-choice-sw-phone", { fullPage: false });
    const me = await (await page.request.get(`${server.baseUrl}/api/auth/me`)).json();
    expect(me.user).toMatchObject({ notifyBy: "email", language: "sw", phone: "+254733000111" });
  });

  it("gives staff the number their storage alarms go to", async () => {
    const page = await newPage(browser, desktop, server.baseUrl);
    await signInAsStaff(page, "logistics@urithi.co.ke");
    await page.goto("/account");
    await page.getByText("Storage alarms are texted to this number.").waitFor();
    expect(await page.getByLabel("SMS and email").count()).toBe(0);
    await page.getByLabel("Mobile number for SMS").fill("0711 222 333");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Your choices are saved.");
    await screenshot(page, "account-messaging-staff-desktop", { fullPage: false });
  });
});

describe("storage alarms by SMS", () => {
  it("texts staff about a critical tank again and again until someone acknowledges it", async () => {
    // Alarms repeat every 2 seconds here instead of 30 minutes, so the repeat can be watched.
    const fast = await startServer({ JOBS_INTERVAL_SECONDS: "1", ALARM_REPEAT_SECONDS: "2" });
    try {
      const page = await newPage(browser, desktop, fast.baseUrl);
      await signInAsStaff(page, "director1@urithi.co.ke");
      // The demo data's own alarms are acknowledged first, so this tank's texts are the only ones coming.
      const open = await (
        await page.request.get(`${fast.baseUrl}/api/storage/alerts?view=open&limit=100`)
      ).json();
      for (const a of open as { id: number }[]) {
        const ack = await page.request.post(`${fast.baseUrl}/api/storage/alerts/${a.id}/acknowledge`, {
          data: { note: "Seen in the demo data" },
        });
        expect(ack.status()).toBe(200);
      }
      await page.goto("/storage");
      const name = `Eldoret-${uniqueTag()}`;
      await page.getByRole("button", { name: "Add Unit" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Name *").fill(name);
      await dialog.getByLabel("Location *").fill("Eldoret Satellite Store");
      await dialog.getByLabel("Temperature now (°C)").fill("-130");
      await dialog.getByLabel("Full depth (cm)").fill("55");
      await dialog.getByRole("button", { name: "Add Unit" }).click();
      await expectToast(page, "Storage unit added");

      const messages = await newPage(browser, desktop, fast.baseUrl);
      await signInAsStaff(messages, "director1@urithi.co.ke");
      await messages.goto("/messages");
      await messages.getByLabel("Filter by channel").selectOption("sms");
      const alarms = messages.getByTestId("message-row").filter({ hasText: `${name} is at -130°C` });
      // Two Directors and the lab technician, then the same three again: a second round.
      await alarms.nth(5).waitFor({ timeout: 20_000 });
      await alarms.first().getByText("Storage alarm").waitFor();
      await screenshot(messages, "messages-alarm-desktop");

      const alert = page
        .getByRole("region", { name: /Alerts to acknowledge/ })
        .getByRole("listitem")
        .filter({ hasText: `${name} is at -130°C` });
      await alert.getByRole("button", { name: /^Acknowledge/ }).click();
      await dialog.getByLabel("What was done").fill("Tank swapped for the spare; contents moved");
      await dialog.getByRole("button", { name: "Acknowledge" }).click();
      await expectToast(page, "Alert acknowledged");

      // Several repeat periods later there are no more rounds. Counted afresh once acknowledged: the list
      // on screen was read before, and rounds went on until the acknowledgement.
      const alarmsNow = async () => {
        await messages.reload();
        await messages.getByLabel("Filter by channel").selectOption("sms");
        await alarms.first().waitFor();
        await allRowsShown(messages);
        return alarms.count();
      };
      const acknowledgedAt = await alarmsNow();
      await messages.waitForTimeout(6_000);
      const settled = await alarmsNow();
      expect(settled).toBeLessThanOrEqual(acknowledgedAt + 3);
      await messages.waitForTimeout(5_000);
      expect(await alarmsNow()).toBe(settled);
    } finally {
      await fast.stop();
    }
  });
});
