import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FIRST_ANSWERS_ID,
  type FirstAnswer,
  SESSION_READ,
  staffReadsFor,
} from "../../src/contract/first-reads";
import { rolePermissions } from "../../src/contract/roles";
import {
  baseUrl,
  desktop,
  drawnElementsKept,
  errorsOf,
  launchBrowser,
  openDrawing,
  phone,
  screenshot,
  signInAsStaff,
  untilStaffScreensDrawn,
} from "./support/browser";

let browser: Browser;
/** Each demo account's cookies, signed in once for the file. */
const sessions = new Map<string, Awaited<ReturnType<BrowserContext["storageState"]>>>();

beforeAll(async () => {
  browser = await launchBrowser();
  for (const email of ["director1@urithi.co.ke", "sales@urithi.co.ke"]) {
    const context = await browser.newContext({ baseURL: baseUrl(), serviceWorkers: "block" });
    await signInAsStaff(await context.newPage(), email);
    sessions.set(email, await context.storageState());
    await context.close();
  }
  const director = await staffContext("director1@urithi.co.ke");
  await untilStaffScreensDrawn(director, 15);
  await director.close();
});
afterAll(async () => {
  await browser.close();
});

/** The screens the server draws for staff: each one's heading and an element that shows its data. */
const screens = [
  { path: "/dashboard", heading: "Dashboard", data: '[data-testid="metric-value"]' },
  { path: "/orders", heading: "Sales & Orders", data: '[data-testid="order-amount"]' },
  { path: "/financial", heading: "Financial Management", data: '[data-testid="transaction-row"]' },
] as const;

/**
 * A context signed in as `email`, its clock in Nairobi as the office's is (the test server's is UTC): a
 * time the drawing wrote on another clock than the browser's would not be taken over.
 */
function staffContext(email: string, options: Parameters<Browser["newContext"]>[0] = {}) {
  return browser.newContext({
    baseURL: baseUrl(),
    viewport: desktop,
    serviceWorkers: "block",
    reducedMotion: "reduce",
    timezoneId: "Africa/Nairobi",
    storageState: sessions.get(email),
    ...options,
  });
}

/** Every API request the page sends, and every console error or uncaught exception (a mismatch logs one). */
function watch(page: Page): { reads: string[]; errors: string[] } {
  const reads: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) reads.push(url.pathname + url.search);
  });
  return { reads, errors: errorsOf(page) };
}

/** The answers the page carries, by URL. */
const answersIn = async (page: Page): Promise<string[]> =>
  (JSON.parse((await page.locator(`#${FIRST_ANSWERS_ID}`).textContent()) ?? "[]") as FirstAnswer[]).map(
    (a) => a.url,
  );

describe("staff screens the server draws", () => {
  it("shows each screen with its data before any script has run, at desk and phone widths", async () => {
    for (const viewport of [desktop, phone]) {
      const context = await staffContext("director1@urithi.co.ke", { viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      for (const screen of screens) {
        await page.goto(screen.path);
        expect(await page.locator("h1").textContent()).toBe(screen.heading);
        expect(await page.locator(screen.data).count()).toBeGreaterThan(0);
        expect(await page.getByRole("button", { name: "Logout" }).count()).toBe(1);
        expect(await page.title()).toBe(`${screen.heading} · Urithi`);
        await screenshot(page, `staff-drawn${screen.path.replace("/", "-")}-${viewport.width}`);
      }
      await context.close();
    }
  });

  for (const screen of screens) {
    it(`lets the browser take over ${screen.path} as drawn, asking the API for nothing`, async () => {
      const context = await staffContext("director1@urithi.co.ke");
      const page = await context.newPage();
      const { reads, errors } = watch(page);
      // Every script held: what shows meanwhile is the server's drawing.
      const data = page.locator(screen.data).first();
      const takeOver = await openDrawing(page, screen.path, data);
      const drawn = await data.textContent();
      expect(
        (await answersIn(page)).sort(),
        "the page carries the session and every read the Director's screen makes",
      ).toEqual(
        [SESSION_READ, ...staffReadsFor(screen.path, rolePermissions.director).map((r) => r.url)].sort(),
      );
      await takeOver();
      await page.waitForLoadState("networkidle");
      // The same element, kept with its text: taken over, not drawn a second time.
      expect(await drawnElementsKept(page)).toBe(1);
      expect(await data.textContent()).toBe(drawn);
      expect(reads).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("takes over a screen drawn in Kiswahili, the language the staff member chose", async () => {
    const context = await staffContext("director1@urithi.co.ke", { viewport: phone });
    await context.addCookies([{ name: "urithi_lang", value: "sw", url: baseUrl() }]);
    await context.addInitScript(`localStorage.setItem("urithi:language", "sw")`);
    const page = await context.newPage();
    const { reads, errors } = watch(page);
    const response = await page.goto("/orders", { waitUntil: "commit" });
    // Drawn in Kiswahili by the server: the page as it came, before the app could touch it.
    expect(await response!.text()).toMatch(/<html [^>]*lang="sw"[^>]*>.*<div id="root" inert>/s);
    await page.locator('[data-testid="order-amount"]').first().waitFor();
    await page.locator("#root:not([inert])").waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle");
    await screenshot(page, "staff-drawn-orders-390-sw", { fullPage: false });
    expect(reads).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("draws only what the person may see, from reads they may make", async () => {
    const context = await staffContext("sales@urithi.co.ke");
    const page = await context.newPage();
    const { reads, errors } = watch(page);
    await page.goto("/dashboard");
    await page.locator("#root:not([inert])").waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle");
    const allowed = staffReadsFor("/dashboard", rolePermissions.sales_manager).map((r) => r.url);
    expect(allowed).not.toContain("/api/etims/summary");
    expect((await answersIn(page)).sort()).toEqual([SESSION_READ, ...allowed].sort());
    expect(await page.getByTestId("metric-Monthly Revenue").count()).toBe(0);
    expect(await page.getByTestId("metric-Total Inventory").count()).toBe(1);
    expect(reads).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends a signed-out visitor to log in from the server, and leaves a list's other pages to the browser", async () => {
    const visitor = await browser.newContext({ baseURL: baseUrl() });
    const res = await visitor.request.get("/orders", { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/login");
    await visitor.close();

    const context = await staffContext("director1@urithi.co.ke");
    const page = await context.newPage();
    const { reads, errors } = watch(page);
    await page.goto("/orders?page=2");
    await page.locator('[data-testid="order-amount"]').first().waitFor();
    // Only the session came with the page; the second page's orders were asked for by the screen.
    expect(await answersIn(page)).toEqual([SESSION_READ]);
    expect(reads.some((url) => url.startsWith("/api/orders?") && url.includes("offset=50"))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
