import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectToast, launchBrowser, newPage, phone, screenshot, signInAsClient } from "./support/browser";
import { startServer } from "./support/global-setup";

// Its own server with a low ceiling, so the limit is reached by a person clicking around.
let server: { baseUrl: string; stop: () => Promise<void> };
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_PER_MINUTE: "25" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("too many requests", () => {
  it("tells the person how long to wait", async () => {
    const page = await newPage(browser, phone, server.baseUrl);
    await signInAsClient(page);
    const toast = page.getByTestId("toast").filter({ hasText: "Too Many Requests" });
    for (let i = 0; i < 20 && (await toast.count()) === 0; i++) {
      await page.goto(i % 2 ? "/client-portal" : "/shop");
      await page.waitForLoadState("networkidle");
    }
    await expectToast(page, "Too Many Requests");
    expect(await toast.textContent()).toMatch(/Please wait \d+ seconds? and try again\./);
    await screenshot(page, "rate-limited-phone", { fullPage: false });
    await page.context().close();
  });
});
