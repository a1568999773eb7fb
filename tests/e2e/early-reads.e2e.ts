import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  EARLY_READS_GLOBAL,
  SESSION_READ,
  staffReadsAt,
  staffReadsFor,
  staffScreenReads,
} from "../../src/contract/first-reads";
import { rolePermissions } from "../../src/contract/roles";
import { baseUrl, holdRequests, newPage, openAsInstalledApp, signInAsStaff } from "./support/browser";
import { browser } from "./support/session";

/** Each API read the page sends (path and query), in order, with the status it got. */
function apiReads(page: Page): { url: string; status?: number }[] {
  const reads: { url: string; status?: number }[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() === "GET" && url.pathname.startsWith("/api/"))
      reads.push({ url: url.pathname + url.search });
  });
  page.on("response", (response) => {
    const url = new URL(response.url());
    const read = reads.find((r) => r.url === url.pathname + url.search && r.status === undefined);
    if (read) read.status = response.status();
  });
  return reads;
}

const ordersList = staffReadsAt("/orders")[0]!.url;

/** The screen's code chunk, by the name Vite gives it (`dashboard-page-<hash>.js`). */
const screenChunk: Record<string, string> = {
  "/dashboard": "**/assets/dashboard-page-*.js",
  "/orders": "**/assets/orders-page-*.js",
  "/financial": "**/assets/financial-page-*.js",
};
const ready: Record<string, string> = {
  "/dashboard": '[data-testid="metric-value"]',
  "/orders": '[data-testid="order-amount"]',
  "/financial": '[data-testid="transaction-row"]',
};

/** What a person with `role`'s permissions has the page ask for as it opens `path`: the session, and the reads. */
const expectedReads = (path: string, role: keyof typeof rolePermissions) => [
  SESSION_READ,
  ...staffReadsFor(path, rolePermissions[role]).map((r) => r.url),
];

/**
 * Runs before the page's own scripts: notes each URL fetched while an inline script (no `src`) runs, as
 * index.html's does as the page is read; the app's own reads come from its modules, or later.
 */
const recordInlineFetches = `(() => {
  const fetch = window.fetch;
  window.askedInline = [];
  window.fetch = function (input, init) {
    const script = document.currentScript;
    if (script && !script.src) window.askedInline.push(String(input));
    return fetch.call(this, input, init);
  };
})()`;

/** Runs before the page's own scripts: notes whether a screen ever showed a loading skeleton. */
const recordSkeletons = `(() => {
  window.skeletonShown = false;
  new MutationObserver(() => {
    if (document.querySelector('[data-testid="metrics-loading"], [data-testid="loading-bars"]')) window.skeletonShown = true;
  }).observe(document, { childList: true, subtree: true });
})()`;

/**
 * The screen shows its data and every read it sent has its answer. A screen asks for its reads as it mounts,
 * before it can show any of them, so a read asked twice would be among them.
 */
async function settled(page: Page, path: string, reads: { status?: number }[]): Promise<void> {
  await page.locator(ready[path]!).first().waitFor();
  await expect.poll(() => reads.every((r) => r.status !== undefined)).toBe(true);
}

/**
 * A cold visit to the page as the installed app's worker would answer it (the server's own page carries the
 * reads' answers and starts none: tests/e2e/staff-drawn.e2e.ts), with the screen's own code held back:
 * whatever the page reads before it arrives, the inline script in index.html asked for. Once the screen
 * runs, it must take those answers and ask for none again. Without a worker, the app asks for the session.
 */
async function coldVisit(page: Page, path: string) {
  const reads = apiReads(page);
  const release = await holdRequests(page, screenChunk[path]!);
  await openAsInstalledApp(page, path);
  return { reads, release };
}

describe("a staff screen's first reads", () => {
  for (const path of Object.keys(staffScreenReads)) {
    it(`start with the page for ${path}, before its code arrives, and are each asked once`, async () => {
      const page = await newPage(browser);
      await signInAsStaff(page, "director1@urithi.co.ke");
      await page.context().addInitScript({ content: recordSkeletons });
      const { reads, release } = await coldVisit(page, path);
      const expected = expectedReads(path, "director");
      await expect.poll(() => reads.map((r) => r.url).sort()).toEqual([...expected].sort());
      // Answered and put in the cache while the screen's code is still on its way: its first render has its
      // data, and no skeleton shows.
      await expect.poll(() => page.evaluate(`window.${EARLY_READS_GLOBAL}?.answers?.size`)).toBe(0);
      release();
      await settled(page, path, reads);
      expect(await page.evaluate("window.skeletonShown")).toBe(false);
      // Every read the screen made was one the script had started: none twice, none besides.
      expect(reads.map((r) => r.url).sort()).toEqual([...expected].sort());
      expect(reads.filter((r) => r.status !== 200)).toEqual([]);
      await page.context().close();
    });
  }

  it("are only those the person may make, so none is refused", async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, "sales@urithi.co.ke");
    const { reads, release } = await coldVisit(page, "/dashboard");
    const expected = expectedReads("/dashboard", "sales_manager");
    expect(expected).not.toContain("/api/etims/summary");
    await expect.poll(() => reads.map((r) => r.url).sort()).toEqual([...expected].sort());
    release();
    await settled(page, "/dashboard", reads);
    expect(reads.map((r) => r.url).sort()).toEqual([...expected].sort());
    expect(reads.filter((r) => r.status !== 200)).toEqual([]);
    await page.context().close();
  });

  it("are not started for a list opened at another page, nor without a session", async () => {
    const page = await newPage(browser);
    const signedOut = apiReads(page);
    await page.goto("/orders");
    await page.waitForURL("**/login**");
    await page.getByLabel("Email").waitFor();
    // Signed out: the page says so, and no screen's read is sent to be refused.
    expect(signedOut.map((r) => r.url)).not.toContain(SESSION_READ);
    expect(signedOut.map((r) => r.url)).not.toContain(ordersList);
    await signInAsStaff(page, "director1@urithi.co.ke");
    const reads = apiReads(page);
    await page.goto("/orders?page=2");
    await settled(page, "/orders", reads);
    expect(reads.map((r) => r.url)).not.toContain(ordersList);
    expect(new Set(reads.map((r) => r.url)).size).toBe(reads.length);
    await page.context().close();
  });

  it("include the session when the installed app answered the page from its copy", async () => {
    const context = await browser.newContext({ baseURL: baseUrl() });
    const page = await context.newPage();
    await signInAsStaff(page, "director1@urithi.co.ke");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.addInitScript({ content: recordInlineFetches });
    const reads = apiReads(page);
    await page.goto("/orders");
    await settled(page, "/orders", reads);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const expected = expectedReads("/orders", "director").sort();
    expect(reads.map((r) => r.url).sort()).toEqual(expected);
    // Each was asked by index.html's inline script as the page was read, the session among them.
    expect([...((await page.evaluate("window.askedInline")) as string[])].sort()).toEqual(expected);
    await context.close();
  });

  it("are forgotten at sign-out: the next person's screen asks for its own", async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, "director1@urithi.co.ke");
    const { reads, release } = await coldVisit(page, "/dashboard");
    release();
    await page.locator(ready["/dashboard"]!).first().waitFor();
    expect(await page.evaluate(`typeof window.${EARLY_READS_GLOBAL}`)).toBe("object");
    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByRole("link", { name: "Staff Login" }).click();
    expect(await page.evaluate(`typeof window.${EARLY_READS_GLOBAL}`)).toBe("undefined");
    // The same page, signed in as someone else: the dashboard asks the server again, as them.
    const before = reads.length;
    await page.getByLabel("Email").fill("sales@urithi.co.ke");
    await page.getByLabel("Password", { exact: true }).fill("demo1234");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/dashboard");
    await settled(page, "/dashboard", reads);
    const after = reads.slice(before).map((r) => r.url);
    expect(after).toEqual(expect.arrayContaining(["/api/dashboard/metrics", "/api/orders/recent"]));
    expect(after).not.toContain("/api/etims/summary");
    expect(await page.getByTestId("metric-Monthly Revenue").count()).toBe(0);
    await page.context().close();
  });
});
