import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { desktop, newPage, screenshot, signInAsClient, signInAsStaff } from "./support/browser";
import {
  answerPrompt,
  createClientAccount,
  createStrawItem,
  placeClientOrder,
  uniqueMobile,
} from "./support/fixtures";
import { browser } from "./support/session";

const narrow = { width: 360, height: 740 };

/** Types a reply on the simulated handset and waits for the next screen. */
async function reply(handset: Page, input: string, expected: string | RegExp): Promise<string> {
  for (const key of input) await handset.getByRole("button", { name: key, exact: true }).click();
  await handset.getByRole("button", { name: "Send", exact: true }).click();
  const screen = handset.getByRole("status");
  await expect.poll(async () => (await screen.textContent()) ?? "").toMatch(expected);
  return (await screen.textContent()) ?? "";
}

/**
 * USSD (issue 41): a farmer on a feature phone re-orders in Kiswahili on /ussd-simulator, typing on its keypad;
 * accepts the M-Pesa prompt on /mpesa-simulator; and the back office shows the order paid, from USSD.
 */
describe("USSD", () => {
  it("re-orders in Kiswahili from a feature phone, is paid by M-Pesa, and shows as paid in the back office", async () => {
    const mobile = uniqueMobile();
    const director = await newPage(browser, desktop);
    await signInAsStaff(director, "director1@urithi.co.ke");
    const straw = await createStrawItem(director, 20);
    const farm = await newPage(browser, desktop);
    const account = await createClientAccount(farm, { phone: mobile, language: "sw" });
    await signInAsClient(farm, account.email, account.password);
    const first = await placeClientOrder(farm, straw.itemId, "mpesa");
    await farm.context().close();

    const handset = await newPage(browser, narrow);
    await handset.goto(`/ussd-simulator?phone=${mobile}`);
    await handset.getByRole("button", { name: "Dial *384*22#" }).click();
    const screen = handset.getByRole("status");
    await expect
      .poll(async () => (await screen.textContent()) ?? "")
      .toMatch(/^Karibu Urithi \/ Welcome to Urithi/);
    expect(await handset.locator("#count").textContent()).toBe("59 of 182 characters");
    await reply(handset, "1", /^Karibu Urithi, Achieng\n1 Agiza tena/);
    await screenshot(handset, "ussd-menu-sw-360");
    await reply(handset, "1", /^Agiza tena:\n1 Trial .+ KES 2,500\n0 Rudi$/);
    await reply(handset, "1", /Ngapi \(1-99\)\?$/);
    await reply(
      handset,
      "2",
      /^2 x Trial .+\nJumla KES 5,000\nLipa kwa M-Pesa kutoka 07\d{8}\n1 Thibitisha\n2 Ghairi$/,
    );
    await screenshot(handset, "ussd-confirm-sw-360");
    const placed = await reply(handset, "1", /Angalia simu yako kwa ombi la M-Pesa\.$/);
    const orderNumber = /Oda (ORD-\S+) ya KES 5,000 imewekwa/.exec(placed)![1]!;
    expect(orderNumber).not.toBe(first.orderNumber);
    expect(await handset.locator("#count").textContent()).toMatch(/^\d+ of 182 characters · session ended$/);
    await expect
      .poll(() => handset.getByRole("button", { name: "Send", exact: true }).isDisabled())
      .toBe(true);
    await screenshot(handset, "ussd-placed-sw-360");

    await answerPrompt(handset, orderNumber);
    await handset.context().close();

    await director.goto(`/orders?search=${orderNumber}`);
    const card = director.getByTestId("order-card").filter({ hasText: orderNumber });
    await card.getByText("· via USSD").waitFor();
    await expect
      .poll(async () => {
        await director.reload();
        return card.getByTestId("payment-status").textContent();
      })
      .toBe("Paid");
    await screenshot(director, "ussd-order-paid-desktop");
    await director.goto("/dashboard");
    const summary = director.getByTestId("ussd-summary");
    await summary.waitFor();
    expect(Number(await summary.locator("dd").first().textContent())).toBeGreaterThanOrEqual(1);
    await screenshot(director, "ussd-dashboard-desktop");
    await director.context().close();
  });

  it("lets sales staff see and clear a farmer's call-me request on the dashboard, in English at desktop width", async () => {
    const mobile = uniqueMobile();
    const setup = await newPage(browser, desktop);
    const { email } = await createClientAccount(setup, { phone: mobile, language: "en" });
    const name = `Achieng Tester ${/^farmer-(\w+)@/.exec(email)![1]}`;
    await setup.context().close();
    const handset = await newPage(browser, desktop);
    await handset.goto(`/ussd-simulator?phone=${mobile}`);
    await handset.getByRole("button", { name: "Dial *384*22#" }).click();
    await expect
      .poll(async () => (await handset.getByRole("status").textContent()) ?? "")
      .toMatch(/1 Kiswahili/);
    await reply(handset, "2", /^Welcome to Urithi, Achieng/);
    await reply(handset, "6", /^Thank you\. Our sales team will call you on 07\d{8} soon\.$/);
    await screenshot(handset, "ussd-call-me-en-desktop");
    await handset.context().close();

    const sales = await newPage(browser, desktop);
    await signInAsStaff(sales, "sales@urithi.co.ke");
    await sales.goto("/dashboard");
    const called = sales.getByRole("button", { name: `Called ${name}` });
    await called.waitFor();
    await screenshot(sales, "ussd-callbacks-desktop");
    await called.click();
    await expect.poll(() => called.count()).toBe(0);
    await sales.context().close();
  });
});
