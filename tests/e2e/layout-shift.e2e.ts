import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desktop, holdRequests, launchBrowser, newPage, signInAsStaff } from "./support/browser";

/** Sums layout shifts not caused by input, as Lighthouse's CLS does, from the page's own observer. */
const watchShifts = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!e.hadRecentInput) w.__cls += e.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
const cls = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);

describe("nothing jumps while a screen's data arrives", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("keeps the staff login form still when the demo accounts arrive late", async () => {
    const page = await newPage(browser, desktop);
    await watchShifts(page);
    const release = await holdRequests(page, "**/api/auth/demo-accounts");
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    await page.waitForTimeout(300);
    release();
    await page.getByRole("heading", { name: "Demo accounts" }).waitFor();
    await page.waitForTimeout(300);
    expect(await cls(page)).toBeLessThanOrEqual(0.05);
    await page.context().close();
  });

  it("keeps the dashboard still when the temperature alerts arrive after everything else", async () => {
    const page = await newPage(browser, desktop);
    await signInAsStaff(page, "director1@urithi.co.ke");
    await watchShifts(page);
    const release = await holdRequests(page, "**/api/alerts/temperature");
    await page.reload();
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await page.waitForTimeout(1_000);
    release();
    await page.getByTestId("temperature-alerts").waitFor();
    await page.getByTestId("sales-trend-chart").locator("svg").first().waitFor();
    await page.waitForTimeout(500);
    expect(await cls(page)).toBeLessThanOrEqual(0.05);
    await page.context().close();
  });
});
