import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order } from "../../src/contract/orders";
import {
  baseUrl,
  desktop,
  drawnElementsKept,
  errorsOf,
  launchBrowser,
  newPage,
  openDrawing,
  phone,
  screenshot,
  signInAsStaff,
  untilStaffScreensDrawn,
} from "./support/browser";
import { createCustomer, createOrder } from "./support/fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/**
 * From now on, after each change to the page (a render React committed), notes what `probe` reads off it: a
 * JS expression, as a string so the TypeScript loader adds no helpers the page lacks.
 */
const noteCommits = (page: Page, probe: string) =>
  page.evaluate(`(() => {
    window.__commits = [];
    new MutationObserver(() => window.__commits.push(${probe})).observe(document.body, {
      childList: true,
      subtree: true,
    });
  })()`);
const commits = <T>(page: Page) => page.evaluate("window.__commits") as Promise<T[]>;

/** How many order cards each commit showed, from the first that showed any, each change once. */
const cardCounts = async (page: Page) =>
  (await commits<number>(page)).filter((n, i, all) => n > 0 && n !== all[i - 1]);

const menuLink = (page: Page, path: string) =>
  page.locator(`nav[aria-label="Main"] a[href="${path}"]`).filter({ visible: true });
const ordersShown = 'document.querySelectorAll("[data-testid=order-card]").length';

/** How many orders the list's first page shows (50 at most), and whether another page follows. */
async function ordersListed(page: Page): Promise<{ shown: number; more: boolean }> {
  const res = await page.request.get("/api/orders?sort=orderDate&order=desc&limit=51&offset=0");
  const orders = (await res.json()) as Order[];
  return { shown: Math.min(orders.length, 50), more: orders.length > 50 };
}

/** A new customer with `count` orders of their own: a list longer than its first render. */
async function customerWithOrders(page: Page, count: number) {
  const customer = await createCustomer(page);
  for (let i = 0; i < count; i++) await createOrder(page, { customerName: customer.name });
  return customer;
}

async function staffPage(viewport = desktop): Promise<Page> {
  const page = await newPage(browser, viewport);
  await signInAsStaff(page, "director1@urithi.co.ke");
  await page.locator("#root:not([inert])").waitFor({ state: "attached" });
  return page;
}

describe("a staff screen paints what is on screen first", () => {
  it("shows the dashboard's figures, then draws the sales chart into its box without moving anything", async () => {
    const page = await staffPage();
    // Everything the dashboard needs is in hand (its reads, the chart's code): only rendering is left.
    await page.getByTestId("sales-trend-chart").locator(".recharts-surface").waitFor();
    await menuLink(page, "/orders").click();
    await page.getByTestId("order-amount").first().waitFor();
    await noteCommits(
      page,
      `{
        figures: !!document.querySelector("[data-testid=metric-value]"),
        chart: !!document.querySelector("[data-testid=sales-trend-chart] .recharts-surface"),
        newOrder: [...document.querySelectorAll("button")].find((b) => b.textContent.trim() === "New Order")?.getBoundingClientRect().top ?? null,
      }`,
    );
    await menuLink(page, "/dashboard").click();
    await page.getByTestId("sales-trend-chart").locator(".recharts-surface").waitFor();
    await page.waitForTimeout(300);
    const seen = await commits<{ figures: boolean; chart: boolean; newOrder: number | null }>(page);
    const first = seen.find((c) => c.figures);
    expect(first).toMatchObject({ chart: false });
    expect(first!.newOrder).not.toBeNull();
    expect(seen.at(-1)).toEqual({ ...first, chart: true });
    await page.context().close();
  });

  it("renders a long order list's first twelve orders, then the rest and the pager", async () => {
    const page = await staffPage();
    const customer = await customerWithOrders(page, 13);
    const firstPage = await ordersListed(page);

    await noteCommits(page, ordersShown);
    await menuLink(page, "/orders").click();
    await page
      .getByTestId("order-amount")
      .nth(firstPage.shown - 1)
      .waitFor();
    await page.waitForTimeout(300);
    let counts = await cardCounts(page);
    expect(counts).toEqual([12, firstPage.shown]);
    if (firstPage.more) await page.getByRole("navigation", { name: "orders pages" }).waitFor();

    // A search opens a list of its own: the customer's thirteen orders, twelve first.
    await noteCommits(page, ordersShown);
    await page.getByLabel("Search orders").fill(customer.name);
    await expect.poll(() => page.getByTestId("order-card").count()).toBe(13);
    await page.waitForTimeout(300);
    counts = await cardCounts(page);
    expect(counts.slice(counts.indexOf(12))).toEqual([12, 13]);
    await screenshot(page, "first-paint-orders-desktop");
    await page.context().close();
  });

  it("is drawn by the server with the list's first twelve orders; the browser takes them over and adds the rest", async () => {
    const page = await staffPage();
    await customerWithOrders(page, 13);
    expect(await untilStaffScreensDrawn(page.context(), 15)).toBe(true);
    const errors = errorsOf(page);
    const takeOver = await openDrawing(page, "/orders", page.getByTestId("order-card").first());
    expect(await page.getByTestId("order-card").count()).toBe(12);
    await takeOver();
    const { shown } = await ordersListed(page);
    await expect.poll(() => page.getByTestId("order-card").count()).toBe(shown);
    expect(await drawnElementsKept(page)).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("on a phone, in Kiswahili, the order list comes whole after its first orders", async () => {
    const page = await staffPage(phone);
    await page.context().addCookies([{ name: "urithi_lang", value: "sw", url: baseUrl() }]);
    await page.context().addInitScript(`localStorage.setItem("urithi:language", "sw")`);
    await page.goto("/dashboard");
    await page.locator("#root:not([inert])").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await noteCommits(page, ordersShown);
    await menuLink(page, "/orders").click();
    await page.getByTestId("order-amount").nth(12).waitFor();
    await page.waitForTimeout(300);
    const counts = await cardCounts(page);
    expect(counts).toEqual([12, (await ordersListed(page)).shown]);
    expect(await page.locator("html").getAttribute("lang")).toBe("sw");
    await screenshot(page, "first-paint-orders-phone-sw", { fullPage: false });
    await page.context().close();
  });
});
