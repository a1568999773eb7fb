import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { kenyanMobileE164 } from "../../src/contract/primitives";
import { newPage, screenshot, signInAsStaff } from "./support/browser";
import { newestMessage, uniqueMobile } from "./support/fixtures";
import { browser } from "./support/session";

const smallPhone = { width: 360, height: 740 };

/** Nothing on the page is wider than the phone: it never pans sideways. */
async function fitsTheScreen(page: Page): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll, page.url()).toBeLessThanOrEqual(inner);
}

/**
 * The farmer's journey (issue 39): a visitor on a 360 px phone, in Kiswahili, browses and compares without an
 * account, fills the cart, and signs up with their mobile and an SMS code; the cart is still there after.
 */
describe("a visitor without an account", () => {
  it("browses, compares and fills the cart, then signs up by mobile and keeps the cart", async () => {
    const director = await newPage(browser);
    await signInAsStaff(director, "director1@urithi.co.ke");
    const farmer = await newPage(browser, smallPhone);
    await farmer.goto("/");
    await farmer.evaluate(() => localStorage.setItem("urithi:language", "sw"));
    await farmer.reload();
    await farmer.getByRole("heading", { level: 1, name: "Mbegu bora kwa ng'ombe wa Kenya" }).waitFor();
    await fitsTheScreen(farmer);
    await screenshot(farmer, "landing-sw-360", { fullPage: false });

    await farmer.getByRole("link", { name: "Angalia duka" }).click();
    await farmer.waitForURL("**/shop");
    // The catalogue's own Ayrshire straws (other tests add items of their own, without a bull).
    await farmer.getByLabel("Tafuta bidhaa").fill("SEM-AY");
    await farmer.waitForURL(/search=SEM-AY/);
    const cards = farmer.getByTestId("product-card");
    // The search's answer: the whole catalogue stays on screen until it comes.
    await expect.poll(() => cards.filter({ hasNotText: "SEM-AY" }).count()).toBe(0);
    await cards.nth(1).waitFor();
    await fitsTheScreen(farmer);
    await screenshot(farmer, "shop-visitor-sw-360", { fullPage: false });
    for (const i of [0, 1]) await cards.nth(i).getByLabel("Linganisha").check();
    await farmer.getByRole("link", { name: "Linganisha sasa" }).click();
    await farmer.waitForURL("**/shop/compare");
    await farmer.getByRole("button", { name: "Ongeza kwenye kikapu" }).first().click();
    await farmer.getByTestId("cart-count").waitFor();

    await farmer.goto("/cart");
    const line = farmer.getByTestId("cart-item");
    await line.first().waitFor();
    const bull = (await line.first().locator("p").first().textContent()) ?? "";
    // The line names the bull and sexed or conventional, in Kiswahili, not only "Mbegu za <breed>".
    expect(await line.first().getByTestId("line-bull").textContent()).toMatch(/, za (kawaida|jinsia)$/);
    const ask = farmer.getByTestId("sign-in-to-order");
    await ask.getByText("Ingia ili uagize").waitFor();
    await fitsTheScreen(farmer);
    await screenshot(farmer, "cart-visitor-sw-360");
    await ask.getByRole("link", { name: "Jisajili" }).click();
    await farmer.waitForURL(/\/client-signup\?next=%2Fcart$/);

    const mobile = uniqueMobile();
    await farmer.getByLabel("Namba ya simu").first().fill(mobile);
    await farmer.getByRole("button", { name: "Tuma nambari" }).click();
    const e164 = kenyanMobileE164(mobile)!;
    await farmer.getByText(`Tumetuma nambari ya tarakimu 6 kwa ${e164}`).waitFor();
    const sms = await newestMessage(director, e164, "phone_code");
    expect(sms).toMatch(/^Urithi: nambari ya kuthibitisha simu hii ni \d{6}/);
    await farmer.getByLabel("Nambari ya tarakimu 6").fill(/\b(\d{6})\b/.exec(sms)![1]!);
    await farmer.getByLabel("Jina la kwanza *").first().fill("Wanjiku");
    await farmer.getByLabel("Jina la ukoo *").first().fill("Mwangi");
    await farmer.getByLabel("Kaunti *").first().selectOption("Nyeri");
    await farmer.getByLabel("Aina ya shamba *").first().selectOption("dairy");
    await fitsTheScreen(farmer);
    await screenshot(farmer, "phone-signup-sw-360");
    await farmer.getByRole("button", { name: "Fungua akaunti yangu" }).click();

    // Signed in, back at the cart with the same line, and the checkout open.
    await farmer.waitForURL("**/cart");
    await farmer.getByTestId("cart-item").getByText(bull, { exact: true }).waitFor();
    await farmer.getByRole("button", { name: "Agiza sasa" }).waitFor();
    const me = await (await farmer.request.get("/api/auth/me")).json();
    expect(me.user).toMatchObject({
      role: "client",
      email: null,
      phone: e164,
      phoneVerified: true,
      language: "sw",
    });
    await fitsTheScreen(farmer);
    await screenshot(farmer, "cart-signed-up-sw-360");

    // With no password to give, deleting the account is confirmed by a code texted to the mobile.
    await farmer.goto("/client-account");
    await farmer.getByText("Unaingia kwa namba yako ya simu na nambari", { exact: false }).waitFor();
    expect(await farmer.getByLabel("Nenosiri la sasa").count()).toBe(0);
    await farmer.getByRole("button", { name: "Futa akaunti yangu" }).click();
    const dialog = farmer.getByRole("dialog");
    await dialog.getByText("Unaingia kwa simu yako", { exact: false }).waitFor();
    expect(await dialog.getByLabel("Nenosiri lako, kuthibitisha").count()).toBe(0);
    expect(await dialog.getByRole("button", { name: "Futa akaunti yangu" }).isDisabled()).toBe(true);
    await dialog.getByRole("button", { name: "Nitumie nambari" }).click();
    await dialog.getByText(`Tumetuma nambari ya tarakimu 6 kwa ${e164}`, { exact: false }).waitFor();
    const deletion = await newestMessage(director, e164, "deletion_code");
    expect(deletion).toMatch(/^Urithi: nambari ya KUFUTA akaunti yako ni \d{6}/);
    await fitsTheScreen(farmer);
    await screenshot(farmer, "delete-by-code-sw-360");
    await dialog.getByLabel("Nambari kutoka kwa SMS").fill(/\b(\d{6})\b/.exec(deletion)![1]!);
    await dialog.getByRole("button", { name: "Futa akaunti yangu" }).click();
    await farmer.getByText("Akaunti yako imefutwa.").first().waitFor();
    await farmer.waitForURL((url) => url.pathname === "/");
    expect((await farmer.request.get("/api/auth/me")).status()).toBe(401);
    await farmer.context().close();
    await director.context().close();
  });
});
