import { describe, expect, it } from "vitest";
import { kenyanMobileE164 } from "../../src/contract/primitives";
import { newPage, screenshot, signInAsClientInKiswahili, signInAsStaff } from "./support/browser";
import { createClientAccount, newestMessage, placeClientOrder, uniqueMobile } from "./support/fixtures";
import { startServer } from "./support/global-setup";
import { browser } from "./support/session";

const smallPhone = { width: 360, height: 740 };

/**
 * Holds the farmer can see (issue 39), in Kiswahili on a 360 px phone: the time left to pay, an SMS before
 * an M-Pesa hold ends, the lapsed order that says why and orders again, and an unpaid order the farmer
 * cancels. A server of its own holds M-Pesa orders for one minute and runs its jobs every 2 s.
 */
describe("an unpaid order's hold", () => {
  it("shows the time left, texts before it ends, lapses, and is ordered again; another is cancelled", async () => {
    const server = await startServer({ HOLD_MPESA_MINUTES: "1", JOBS_INTERVAL_SECONDS: "2" });
    try {
      const director = await newPage(browser, undefined, server.baseUrl);
      await signInAsStaff(director, "director1@urithi.co.ke");
      const farmer = await newPage(browser, smallPhone, server.baseUrl);
      const mobile = uniqueMobile();
      const account = await createClientAccount(farmer, { phone: mobile, language: "sw" });
      await signInAsClientInKiswahili(farmer, account.email, account.password);
      const [product] = (await (await farmer.request.get("/api/catalogue")).json()) as { itemId: string }[];
      const order = await placeClientOrder(farmer, product!.itemId, "mpesa");

      await farmer.goto(`/order-success?id=${order.id}`);
      await farmer
        .getByTestId("hold-left")
        .getByText("Imebaki dakika 1 za kulipa", { exact: false })
        .waitFor();
      await screenshot(farmer, "hold-left-sw-360", { fullPage: false });
      const sms = await newestMessage(director, kenyanMobileE164(mobile)!, "hold_ending");
      expect(sms).toContain(`Agizo ${order.orderNumber} limeshikiliwa kwa dakika 1 zaidi`);

      // The hold runs out: the page says the order ended and why, in Kiswahili, and offers it again.
      await expect
        .poll(
          async () => {
            await farmer.reload();
            return farmer.getByTestId("lapsed-order").isVisible();
          },
          { timeout: 90_000, interval: 3_000 },
        )
        .toBe(true);
      const lapsed = farmer.getByTestId("lapsed-order");
      await lapsed.getByRole("heading", { name: "Agizo hili limeghairiwa" }).waitFor();
      await lapsed.getByText("Malipo hayakufika kwa wakati", { exact: false }).waitFor();
      expect(await farmer.getByText("Agizo limetumwa!").count()).toBe(0);
      await screenshot(farmer, "order-lapsed-sw-360", { fullPage: false });
      await lapsed.getByRole("button", { name: "Agiza tena" }).click();
      await farmer.waitForURL("**/cart");
      await farmer.getByTestId("cart-item").getByText(product!.itemId, { exact: false }).waitFor();

      // A bank-transfer order the farmer changes their mind about.
      const bank = await placeClientOrder(farmer, product!.itemId, "bank");
      await farmer.goto(`/order-success?id=${bank.id}`);
      await farmer.getByRole("button", { name: "Ghairi agizo" }).click();
      await screenshot(farmer, "order-cancel-ask-sw-360", { fullPage: false });
      await farmer.getByRole("button", { name: "Ndiyo, ghairi" }).click();
      await farmer
        .getByTestId("lapsed-order")
        .getByRole("heading", { name: "Agizo hili limeghairiwa" })
        .waitFor();
      const seen = await (await farmer.request.get(`/api/client/orders/${bank.id}`)).json();
      expect(seen.status).toBe("cancelled");
      await farmer.context().close();
      await director.context().close();
    } finally {
      await server.stop();
    }
    // A minute's hold runs out inside the test.
  }, 300_000);
});
