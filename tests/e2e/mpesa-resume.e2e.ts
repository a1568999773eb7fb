import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage, screenshot, signInAsClientInKiswahili } from "./support/browser";
import { answerPrompt, createClientAccount, placeClientOrder } from "./support/fixtures";
import { startServer } from "./support/global-setup";
import { browser } from "./support/session";

const narrow = { width: 360, height: 740 };

/**
 * A farmer of the test's own, in Kiswahili on `page`, orders a straw and taps Lipa on the order's page with
 * `mobile`: answers the order and its pay panel, showing "check your phone".
 */
async function promptFromOrderPage(page: Page, mobile: string) {
  const account = await createClientAccount(page, { language: "sw" });
  await signInAsClientInKiswahili(page, account.email, account.password);
  const { id, orderNumber } = await placeClientOrder(page, "SEM-JE-106", "mpesa");
  await page.goto(`/order-success?id=${id}`);
  const pay = page.getByTestId(`pay-${orderNumber}`);
  await pay.getByLabel("Nambari ya simu ya M-Pesa").fill(mobile);
  await pay.getByRole("button", { name: /kwa M-Pesa/ }).click();
  await pay.getByText(/Angalia simu yako/).waitFor();
  return { id, orderNumber, pay };
}

/**
 * An M-Pesa payment that survives a reload, in Kiswahili on a 360 px phone (issue 39): the page reloads while
 * the prompt is open and follows it again; a second tap says a prompt is already on the phone; Accept shows
 * paid within 5 s; a lost callback is found by "Nimeshalipa" (I have paid) at once, or by the page's own
 * polling within 15 s of the prompt.
 */
describe("an M-Pesa prompt across a reload", () => {
  it("resumes after a reload, and 'I have paid' finds a payment whose callback was lost", async () => {
    const page = await newPage(browser, narrow);
    const { id, orderNumber, pay } = await promptFromOrderPage(page, "0722 000 333");

    // The prompt took the screen and the page reloaded: the same prompt is followed, no second "Lipa".
    await page.reload();
    await pay.getByText(/Angalia simu yako/).waitFor();
    expect(await pay.getByRole("button", { name: /kwa M-Pesa/ }).count()).toBe(0);
    // A second prompt now is refused in the farmer's language.
    const again = await page.request.post(`/api/client/orders/${id}/pay`, {
      data: { method: "mpesa", phone: "0722000333" },
    });
    expect(again.status()).toBe(409);
    const [scroll] = await page.evaluate(() => [document.documentElement.scrollWidth]);
    expect(scroll).toBeLessThanOrEqual(narrow.width);
    await screenshot(page, "mpesa-resumed-sw-360");

    const handset = await newPage(browser, narrow);
    await answerPrompt(handset, orderNumber, "Accept, lose the callback");
    // The farmer taps until M-Pesa knows (it answers a query once the PIN is in; taps count at most every 5 s).
    const paid = pay.getByText("Umelipa kikamilifu. Asante!");
    for (let tap = 0; tap < 4 && !(await paid.isVisible()); tap++) {
      await pay.getByRole("button", { name: "Nimeshalipa" }).click();
      await paid.waitFor({ timeout: 6_000 }).catch(() => {});
    }
    await paid.waitFor({ timeout: 1_000 });
    await screenshot(page, "mpesa-paid-after-check-sw-360");
  });

  it("shows paid within 5 s of Accept after a reload, and within 15 s of the prompt when the callback is lost", async () => {
    const page = await newPage(browser, narrow);
    const { orderNumber, pay } = await promptFromOrderPage(page, "0722 000 555");
    await page.reload();
    await pay.getByText(/Angalia simu yako/).waitFor();
    const handset = await newPage(browser, narrow);
    const pressedAt = await answerPrompt(handset, orderNumber);
    const paid = pay.getByText("Umelipa kikamilifu. Asante!");
    await paid.waitFor({ timeout: 5_000 });
    const afterAccept = Date.now() - pressedAt;
    expect(afterAccept).toBeLessThan(5_000);

    // The callback is lost and the farmer only waits: the page's own polling asks M-Pesa and finds it.
    const other = await newPage(browser, narrow);
    const lost = await promptFromOrderPage(other, "0722 000 666");
    const promptedAt = Date.now();
    await other.reload();
    await answerPrompt(handset, lost.orderNumber, "Accept, lose the callback");
    await lost.pay.getByText("Umelipa kikamilifu. Asante!").waitFor({ timeout: 15_000 });
    const afterPrompt = Date.now() - promptedAt;
    expect(afterPrompt).toBeLessThan(15_000);
    console.info(
      `M-Pesa on the page: paid ${afterAccept} ms after Accept; lost callback found ${afterPrompt} ms after the prompt`,
    );
    await screenshot(other, "mpesa-lost-callback-found-sw-360", { fullPage: false });
  });

  it("offers 'Send a new prompt' once the first has waited its time, and sends it", async () => {
    // Prompts wait 10 s on this server's phones instead of two minutes, so the new prompt can be watched.
    const server = await startServer({ MPESA_PROMPT_SECONDS: "10" });
    try {
      const page = await newPage(browser, narrow, server.baseUrl);
      const { id, pay } = await promptFromOrderPage(page, "0722 000 444");
      const pending = async () =>
        ((await (await page.request.get(`/api/client/orders/${id}`)).json()) as { pendingPaymentId: number })
          .pendingPaymentId;
      const first = await pending();
      expect(await pay.getByRole("button", { name: "Tuma ombi jipya" }).count()).toBe(0);

      // The phone never answered: once the prompt has waited its time, a new one may be sent.
      await pay.getByRole("button", { name: "Tuma ombi jipya" }).click();
      await pay.getByRole("button", { name: /kwa M-Pesa/ }).click();
      await pay.getByText(/Angalia simu yako/).waitFor();
      await expect.poll(pending).not.toBe(first);
      await screenshot(page, "mpesa-new-prompt-sw-360");
    } finally {
      await server.stop();
    }
  });
});
