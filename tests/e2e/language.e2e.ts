import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, desktop, phone, screenshot, signInAsClient } from "./support/browser";
import { createClientAccount } from "./support/fixtures";
import { browser } from "./support/session";

/** Kiswahili and English (issue 10, part 3): chosen from the browser, switchable, remembered. */

/** A browser whose own language is `locale`, as a farmer's phone set to Kiswahili would be. */
async function pageIn(locale: string, viewport = phone): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), locale });
  return context.newPage();
}

const me = async (page: Page) => (await (await page.request.get(`${baseUrl()}/api/auth/me`)).json()).user;

describe("the language", () => {
  it("follows a Kiswahili phone on the first visit, switches in the header and is remembered", async () => {
    const page = await pageIn("sw-KE");
    await page.goto("/landing");
    await page.getByRole("heading", { name: "Mbegu bora kwa ng'ombe wa Kenya" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("sw");
    expect(await page.title()).toBe("Mbegu bora za ng'ombe kwa wakulima wa Kenya · Urithi");
    await page.getByRole("link", { name: "Jisajili" }).first().waitFor();
    await screenshot(page, "landing-sw-phone", { fullPage: false });
    // Added to the home screen, the app is named in Kiswahili.
    const manifest = async () => {
      const href = await page.locator('link[rel="manifest"]').getAttribute("href");
      return (await (await page.request.get(`${baseUrl()}${href}`)).json()) as { lang: string; name: string };
    };
    expect(await manifest()).toMatchObject({ lang: "sw", name: "Urithi – Vinasaba vya Ng'ombe" });

    // On the phone too, the switch is in the header, not behind the menu.
    await page.getByRole("banner").getByRole("combobox", { name: "Lugha" }).selectOption("en");
    await page.getByRole("heading", { name: "Better genetics for Kenyan herds" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await expect.poll(() => page.title()).toBe("Cattle genetics for Kenyan farms · Urithi");
    expect(await manifest()).toMatchObject({ lang: "en", name: "Urithi – Cattle Genetics" });
    await page.reload();
    await page.getByRole("heading", { name: "Better genetics for Kenyan herds" }).waitFor();
    await page.context().close();
  });

  it("says a page is missing in Kiswahili, and an error the web has no words for in its code's own", async () => {
    const page = await pageIn("sw-KE");
    await page.goto("/hakuna-ukurasa-huu");
    await page.getByRole("heading", { name: "404 Ukurasa Haupatikani" }).waitFor();
    await page.getByRole("link", { name: "Nenda kwenye ukurasa wa mwanzo" }).waitFor();
    await screenshot(page, "not-found-sw-phone", { fullPage: false });
    // A limit worded after the catalogue was: the sign-in form shows its code's words, not the English.
    await page.route("**/api/client-login", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "RATE_LIMITED", message: "A limit nobody translated yet" } }),
      }),
    );
    await page.goto("/client-login");
    await page.getByLabel("Barua pepe").first().fill("mkulima@example.co.ke");
    await page.getByLabel("Nenosiri").first().fill("mbegu-bora-2026");
    await page.getByRole("button", { name: "Ingia" }).first().click();
    await page
      .getByText("Majaribio ni mengi mno. Tafadhali subiri kidogo", { exact: false })
      .first()
      .waitFor();
    expect(await page.getByText("A limit nobody translated yet").count()).toBe(0);
    await page.context().close();
  });

  it("lets a client shop in Kiswahili and keeps the choice on the account for the next device", async () => {
    const page = await pageIn("en-KE", desktop);
    const account = await createClientAccount(page);
    await signInAsClient(page, account.email, account.password);
    expect((await me(page)).language).toBe("en");

    await page.getByRole("combobox", { name: "Language" }).selectOption("sw");
    await page.getByRole("heading", { name: "Duka", level: 1 }).waitFor();
    const card = page
      .getByTestId("product-card")
      .filter({ has: page.getByRole("button", { name: "Ongeza kwenye kikapu" }) })
      .first();
    const name = (await card.getByRole("heading").textContent()) ?? "";
    expect(name).toMatch(/^(Mbegu za|Kiinitete cha) /);
    // A product from the demo catalogue reads in Kiswahili too: name, description, features and regions.
    await page.goto("/shop?search=SEM-AY-102");
    const seeded = page.getByTestId("product-card").filter({ hasText: "SEM-AY-102" });
    await seeded.getByRole("heading", { name: "Mbegu za Ayrshire" }).waitFor();
    await seeded.getByText("Dume imara wa Ayrshire kwa mifugo ya maziwa ya maeneo ya miinuko.").waitFor();
    expect(await seeded.textContent()).not.toMatch(
      /Hardy Ayrshire|Milk yield|Heat tolerance|Breeding value|Rift Valley|Central|Semen|Embryo/,
    );
    await page.goto("/shop");
    await card.getByRole("button", { name: "Ongeza kwenye kikapu" }).click();
    await page.getByTestId("toast").getByText("Imeongezwa kwenye kikapu", { exact: true }).waitFor();
    await page.getByTestId("toast").getByText(`${name} imeongezwa kwenye kikapu`).waitFor();
    await page
      .getByTestId("cart-summary")
      .getByText(/^bidhaa 1 · KSh/)
      .waitFor();
    await page.getByRole("link", { name: "Kikapu (bidhaa 1)" }).waitFor();
    await screenshot(page, "shop-sw-desktop", { fullPage: false });
    await expect.poll(async () => (await me(page)).language).toBe("sw");

    // The cart and its checkout speak Kiswahili too.
    await page.getByRole("link", { name: "Kikapu (bidhaa 1)" }).click();
    await page.getByRole("heading", { name: "Kikapu chako", level: 1 }).waitFor();
    await page.getByLabel("Anwani ya kufikishiwa *").waitFor();
    await page.getByRole("radio", { name: /Uhamisho wa benki/ }).waitFor();
    await page.getByRole("button", { name: "Agiza sasa" }).waitFor();
    await page.getByRole("button", { name: `Ondoa ${name}` }).click();
    await page.getByTestId("toast").getByText("Imeondolewa kwenye kikapu", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Kikapu chako ni tupu" }).waitFor();

    // An order placed in Kiswahili: its confirmation, payment and tracking read in Kiswahili.
    await page.getByRole("link", { name: "Nenda dukani" }).click();
    await card.getByRole("button", { name: "Ongeza kwenye kikapu" }).click();
    await page.getByRole("link", { name: "Kikapu (bidhaa 1)" }).click();
    await page.getByRole("button", { name: "Agiza sasa" }).click();
    await page.getByRole("heading", { name: "Agizo limetumwa!" }).waitFor();
    await page.getByRole("heading", { name: "Kinachofuata" }).waitFor();
    await page.getByLabel("Nambari ya simu ya M-Pesa").waitFor();
    await screenshot(page, "order-success-sw-desktop", { fullPage: false });
    await page.getByRole("link", { name: "Fuatilia agizo hili" }).click();
    const tracked = page.getByTestId("client-order");
    await tracked.getByText("inasubiri", { exact: true }).waitFor();
    await tracked.getByText(/Siku 1-2 za kazi kuidhinishwa/).waitFor();
    await tracked.getByText("Tutakupa tarehe ya kufikishiwa tukiidhinisha agizo lako.").waitFor();

    // Another phone, set to English, signs in and reads Kiswahili: the account's choice.
    const other = await pageIn("en-KE");
    await other.goto("/client-login");
    await other.getByLabel("Email").fill(account.email);
    await other.getByLabel("Password").fill(account.password);
    await other.getByRole("button", { name: "Sign In" }).click();
    await other.waitForURL("**/shop");
    await other.getByRole("heading", { name: "Duka", level: 1 }).waitFor();
    await other.getByTestId("toast").getByText("Umeingia").waitFor();
    await other.context().close();
    await page.context().close();
  });
  it("says what is wrong with a form in Kiswahili, under the field", async () => {
    const page = await pageIn("sw-KE");
    await page.goto("/client-signup");
    await page.getByLabel("Simu *").fill("12345");
    await page.getByLabel("Nenosiri *", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Fungua akaunti" }).click();
    await page.getByText("Weka namba ya simu ya Kenya, kama 0712 345 678").waitFor();
    await page.getByText("Jina la kwanza linahitajika").waitFor();
    await page.getByText("Nenosiri liwe na herufi 6 au zaidi").waitFor();
    expect(await page.getByLabel("Simu *").getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, "signup-errors-sw-phone");
    await page.context().close();
  });
  it("has the Breed Assistant understand and answer in Kiswahili", async () => {
    const page = await pageIn("en-KE", desktop);
    const account = await createClientAccount(page);
    await signInAsClient(page, account.email, account.password);
    await page.getByRole("combobox", { name: "Language" }).selectOption("sw");
    await page.goto("/client-orders");
    await page.getByRole("button", { name: "Mshauri wa mifugo" }).click();
    const chat = page.getByTestId("breed-assistant");
    await chat.getByText("Habari! Unafuga katika eneo gani?", { exact: false }).waitFor();
    await chat.getByRole("textbox", { name: "Uliza kuhusu aina za ng'ombe" }).fill("Ninafuga katika Pwani");
    await chat.getByRole("button", { name: "Tuma" }).click();
    await chat.getByText("Kwa Pwani tunapendekeza Boran na chotara wa Zebu", { exact: false }).waitFor();
    await screenshot(page, "breed-assistant-sw-desktop", { fullPage: false });
    await page.context().close();
  });
  it("shows the client's account security in Kiswahili", async () => {
    const page = await pageIn("en-KE", desktop);
    const account = await createClientAccount(page);
    await signInAsClient(page, account.email, account.password);
    await page.getByRole("combobox", { name: "Language" }).selectOption("sw");
    await page.getByRole("heading", { name: "Duka", level: 1 }).waitFor();
    await page.goto("/client-account");
    await page.getByRole("heading", { name: "Usalama wa akaunti", level: 1 }).waitFor();
    await page.getByText("Kifaa hiki").waitFor();
    await page.getByLabel("Nenosiri jipya", { exact: true }).fill("abc");
    await page.getByRole("button", { name: "Badilisha nenosiri" }).click();
    await page.getByText("Nenosiri la sasa linahitajika").waitFor();
    await page.getByText("Nenosiri liwe na herufi 6 au zaidi").waitFor();
    await screenshot(page, "account-security-sw-desktop", { fullPage: false });
    await page.context().close();
  });
});
