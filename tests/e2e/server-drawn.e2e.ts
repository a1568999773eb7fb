import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  drawnElementsKept,
  errorsOf,
  launchBrowser,
  openDrawing,
  phone,
  screenshot,
  signInAsClient,
} from "./support/browser";

let browser: Browser;
/** A signed-in client's cookies, for contexts that open screens as that client. */
let clientState: Awaited<ReturnType<BrowserContext["storageState"]>>;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: phone, serviceWorkers: "block" });
  await signInAsClient(await context.newPage());
  clientState = await context.storageState();
  await context.close();
});
afterAll(async () => {
  await browser.close();
});

describe("screens the server draws", () => {
  it("shows the screen before any script has run, in the visitor's language", async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: phone,
      javaScriptEnabled: false,
      storageState: clientState,
    });
    const page = await context.newPage();
    await page.goto("/client-orders");
    expect(await page.getByTestId("portal-product").count()).toBeGreaterThan(0);
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(await page.title()).toMatch(/ · Urithi$/);
    await screenshot(page, "server-drawn-orders-no-js");
    await page.goto("/shop");
    expect(await page.getByTestId("product-card").count()).toBeGreaterThan(0);

    await context.addCookies([{ name: "urithi_lang", value: "sw", url: baseUrl() }]);
    await page.goto("/landing");
    expect(await page.locator("html").getAttribute("lang")).toBe("sw");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Mbegu bora kwa ng'ombe wa Kenya",
    );
    expect(await page.title()).toBe("Mbegu bora za ng'ombe kwa wakulima wa Kenya · Urithi");
    await context.close();
  });

  it("is taken over by the browser without being drawn again, then works", async () => {
    for (const language of ["en", "sw"]) {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: phone,
        serviceWorkers: "block",
        storageState: clientState,
      });
      await context.addCookies([{ name: "urithi_lang", value: language, url: baseUrl() }]);
      await context.addInitScript(`localStorage.setItem("urithi:language", "${language}")`);
      const page = await context.newPage();
      const errors = errorsOf(page);
      // Hold the entry script, mark the drawn screen, then let the browser take it over.
      const card = page.getByTestId("product-card").first();
      const takeOver = await openDrawing(page, "/shop", card, "**/assets/index-*.js");
      await takeOver();
      // The same element, kept: hydrated, not replaced by a second drawing.
      expect(await drawnElementsKept(page)).toBe(1);
      await card
        .getByRole("button", { name: language === "en" ? "Add to Cart" : "Ongeza kwenye kikapu" })
        .click();
      await page.getByTestId("cart-count").waitFor();
      expect(errors, language).toEqual([]);
      await context.close();
    }
  });

  it("sends a signed-out visitor on an order screen to log in from the server", async () => {
    const context = await browser.newContext({ baseURL: baseUrl() });
    const res = await context.request.get("/client-orders", { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/client-login");
    await context.close();
  });

  it("takes over the landing page, the portal and the cart without a mismatch", async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: phone,
      serviceWorkers: "block",
      storageState: clientState,
    });
    const page = await context.newPage();
    const errors = errorsOf(page);
    for (const url of ["/landing", "/", "/client-portal", "/cart", "/client-orders"]) {
      await page.goto(url);
      await page.locator("#root:not([inert])").waitFor({ state: "attached" });
      await page.waitForLoadState("networkidle");
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
