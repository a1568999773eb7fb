import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, expectToast, launchBrowser, phone, screenshot, signInAsClient } from "./support/browser";
import { createClientAccount } from "./support/fixtures";

/** A client signed in on a phone whose service worker is installed and answering. */
async function installedClient(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: phone, baseURL: baseUrl() });
  const page = await context.newPage();
  const account = await createClientAccount(page);
  await signInAsClient(page, account.email, account.password);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // The first page load was not yet under the worker; this one is, so its reads land in the worker's cache.
  await page.reload();
  await page.getByTestId("product-card").first().waitFor();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return page;
}

describe("installable and offline", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("has a manifest with the icons a phone installs", async () => {
    const context = await browser.newContext({ baseURL: baseUrl() });
    const page = await context.newPage();
    await page.goto("/landing");
    expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");
    const manifest = await (await page.request.get("/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({
      name: "Urithi – Cattle Genetics",
      display: "standalone",
      start_url: "/shop",
    });
    const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of manifest.icons as { src: string }[]) {
      const res = await page.request.get(icon.src);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toBe("image/png");
    }
    await context.close();
  });

  it("shows the saved shop offline, keeps the cart working, and refuses to order without signal", async () => {
    const page = await installedClient(browser);
    await page.context().setOffline(true);
    await page.reload();
    await page
      .getByTestId("offline-banner")
      .getByText(/You are offline/)
      .waitFor();
    const card = page
      .getByTestId("product-card")
      .filter({ has: page.getByRole("button", { name: "Add to Cart", disabled: false }) })
      .first();
    await card.getByRole("button", { name: "Add to Cart" }).click();
    await page.getByTestId("cart-count").getByText("1").waitFor();
    await screenshot(page, "offline-shop-phone", { fullPage: false });

    // A screen opened offline comes from the saved app shell.
    await page.goto("/cart");
    await page.getByTestId("cart-item").waitFor();
    await page.getByLabel("Delivery address *").fill("Githunguri, Kiambu County");
    await page.getByRole("button", { name: "Place Order" }).click();
    await expectToast(
      page,
      "Your cart is kept on this phone. Place the order when you have signal; nothing has been ordered yet.",
    );
    await screenshot(page, "offline-cart-phone", { fullPage: false });
    const cart = JSON.parse((await page.evaluate(() => localStorage.getItem("urithi:cart"))) ?? "[]");
    expect(cart).toHaveLength(1);

    await page.context().setOffline(false);
    await page.getByTestId("offline-banner").waitFor({ state: "detached" });
    const orders = await (await page.request.get("/api/client/orders")).json();
    expect(orders).toEqual([]);
    await page.context().close();
  });

  it("says so when the order cannot reach Urithi, and a retry with signal makes one order", async () => {
    const page = await installedClient(browser);
    const card = page
      .getByTestId("product-card")
      .filter({ has: page.getByRole("button", { name: "Add to Cart", disabled: false }) })
      .first();
    await card.getByRole("button", { name: "Add to Cart" }).click();
    await page.goto("/cart");
    await page.getByLabel("Delivery address *").fill("Githunguri, Kiambu County");
    // The phone thinks it has signal, but the request dies on the way.
    await page.route("**/api/client/orders", (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
    );
    await page.getByRole("button", { name: "Place Order" }).click();
    await expectToast(
      page,
      "Urithi could not be reached. Your cart is kept: tap Place Order again when you have signal, and the order will not be made twice.",
    );
    expect(page.url()).toMatch(/\/cart$/);
    await page.unroute("**/api/client/orders");
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL(/\/order-success\?id=\d+$/);
    const orders = await (await page.request.get("/api/client/orders")).json();
    expect(orders).toHaveLength(1);
    await page.context().close();
  });

  it("offers a new version when one is deployed, and reloads into it when asked", async () => {
    const page = await installedClient(browser);
    const sw = path.resolve("dist/web/sw.js");
    const original = readFileSync(sw);
    const write = (bytes: Buffer) => {
      writeFileSync(sw, bytes);
      writeFileSync(`${sw}.br`, brotliCompressSync(bytes));
      writeFileSync(`${sw}.gz`, gzipSync(bytes));
    };
    try {
      write(Buffer.concat([original, Buffer.from("\n// the next release\n")]));
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      const prompt = page.getByRole("status").filter({ hasText: "A new version of Urithi is ready." });
      await prompt.waitFor();
      // The open page keeps working on the version it started with until then.
      await page.getByTestId("product-card").first().waitFor();
      await screenshot(page, "update-prompt-phone", { fullPage: false });
      // Listening before the click: from the service worker's cache the new page can load before a wait
      // started after the click would hear it.
      const reloaded = page.waitForEvent("load");
      await prompt.getByRole("button", { name: "Reload" }).click();
      await reloaded;
      await page.getByTestId("product-card").first().waitFor();
      expect(await prompt.count()).toBe(0);
      const waiting = await page.evaluate(() =>
        navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null),
      );
      expect(waiting).toBeNull();
    } finally {
      write(original);
      await page.context().close();
    }
  });
});
