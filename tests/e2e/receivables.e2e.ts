import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgedReceivables } from "../../src/contract/statements";
import { desktop, launchBrowser, newPage, phone, screenshot, signInAsStaff } from "./support/browser";
import { createCustomer, createStrawItem, post } from "./support/fixtures";
import { type RunningServer, startServer } from "./support/global-setup";

/**
 * Aged receivables on the Financial screen (issue 42): fifty customers to a page, the largest debt first,
 * with the totals over every customer who owes, paged apart from the transactions below it.
 */
let browser: Browser;
let server: RunningServer;
let page: Page;
// A server of its own: the customers these tests make owing would fill other files' one-page lists.
beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({});
  page = await newPage(browser, desktop, server.baseUrl);
  await signInAsStaff(page, "director1@urithi.co.ke");
});
afterAll(async () => {
  await browser.close();
  await server.stop();
});

const aged = async (query: string) =>
  (await (
    await page.request.get(`${server.baseUrl}/api/receivables/aged${query}`)
  ).json()) as AgedReceivables;

/**
 * A straw sold to `customerId` on credit and invoiced, the order approved by another Director than the one
 * who placed it, as the business requires. Its id and total.
 */
async function invoicedSale(seller: Page, approver: Page, customerId: number, inventoryItemId: number) {
  const order = await post<{ id: number; totalAmountKes: number }>(seller, "/api/orders/itemised", {
    customerId,
    lines: [{ inventoryItemId, quantity: 1 }],
  });
  await post(approver, `/api/orders/${order.id}/approve`, { estimatedDays: 3, onCredit: true });
  await post(approver, `/api/orders/${order.id}/invoice`, {});
  return order;
}

/** `count` calls of `make`, five at a time. */
async function inFives(count: number, make: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < count; i += 5) await Promise.all(Array.from({ length: Math.min(5, count - i) }, make));
}

async function approverPage(): Promise<Page> {
  const approver = await newPage(browser, desktop, server.baseUrl);
  await signInAsStaff(approver, "director2@urithi.co.ke");
  return approver;
}

/** The Total column of the rows on screen, in KES. */
const totalsShown = async (card: ReturnType<Page["getByTestId"]>) =>
  (await card.locator("tbody tr td:last-child").allTextContents()).map((t) =>
    Number(t.replace(/[^\d]/g, "")),
  );

describe("aged receivables", () => {
  it("pages through the customers who owe, largest debt first, with the totals over all of them", async () => {
    // More than one page of customers who owe, whatever other tests left.
    const missing = Math.max(0, 51 - (await aged("?limit=1")).customerCount);
    const item = await createStrawItem(page, missing + 5);
    const approver = await approverPage();
    await inFives(missing, async () =>
      invoicedSale(page, approver, (await createCustomer(page)).id, item.id),
    );

    await page.goto("/financial");
    const card = page.getByTestId("aged-receivables");
    const pager = card.getByRole("navigation", { name: "Aged receivables pages" });
    const range = pager.getByTestId("pager-range");
    await range.getByText(/^Showing 1–50 of /).waitFor();
    const count = Number((await range.textContent())!.split(" of ")[1]!.replace(/,/g, ""));
    expect(count).toBeGreaterThanOrEqual(51);
    expect(await card.getByRole("link").count()).toBe(50);
    const first = await totalsShown(card);
    expect(first).toEqual([...first].sort((a, b) => b - a));
    await card.getByText("All customers").waitFor();
    await pager.scrollIntoViewIfNeeded();
    await screenshot(page, "aged-receivables-desktop", { fullPage: false });

    await pager.getByRole("button", { name: "Next" }).click();
    await range.getByText(/^Showing 51–/).waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.get("agedPage")).toBe("2");
    // The transactions below keep their own first page.
    expect(url.searchParams.has("page")).toBe(false);
    const second = await totalsShown(card);
    expect(second.length).toBeGreaterThan(0);
    expect(Math.max(...second)).toBeLessThanOrEqual(Math.min(...first));
    // The totals are over every customer, on every page.
    await card.getByText("All customers").waitFor();

    // Back to the first page, and a reload keeps the page chosen.
    await pager.getByRole("button", { name: "Previous" }).click();
    await range.getByText(/^Showing 1–50 of /).waitFor();
    expect(new URL(page.url()).searchParams.has("agedPage")).toBe(false);
    await pager.getByRole("button", { name: "Next" }).click();
    await range.getByText(/^Showing 51–/).waitFor();
    await page.reload();
    await card
      .getByRole("navigation", { name: "Aged receivables pages" })
      .getByText(/^Showing 51–/)
      .waitFor();

    const small = await newPage(browser, phone, server.baseUrl);
    await signInAsStaff(small, "director1@urithi.co.ke");
    await small.goto("/financial");
    await small.getByTestId("aged-receivables").getByText("All customers").waitFor();
    await small.getByRole("navigation", { name: "Aged receivables pages" }).scrollIntoViewIfNeeded();
    await screenshot(small, "aged-receivables-phone", { fullPage: false });
  });

  it("pages a statement's entries, each with the balance after it, to the closing balance", async () => {
    // 26 sales, each invoiced and then paid: 52 entries, more than one page.
    const customer = await createCustomer(page);
    const item = await createStrawItem(page, 30);
    const approver = await approverPage();
    await inFives(26, async () => {
      const sale = await invoicedSale(page, approver, customer.id, item.id);
      await post(approver, `/api/orders/${sale.id}/payments`, {
        method: "bank",
        amountKes: sale.totalAmountKes - 100,
        reference: `FT-${sale.id}`,
        date: new Date().toISOString().slice(0, 10),
      });
    });

    await page.goto(`/customers/${customer.id}/statement`);
    const pager = page.getByRole("navigation", { name: "Statement entries pages" });
    await pager.getByTestId("pager-range").getByText("Showing 1–50 of 52").waitFor();
    const rows = page.getByTestId("statement-entries").locator("tbody tr");
    expect(await rows.count()).toBe(50);
    await screenshot(page, "statement-pages-desktop", { fullPage: false });
    await pager.getByRole("button", { name: "Next" }).click();
    await pager.getByTestId("pager-range").getByText("Showing 51–52 of 52").waitFor();
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    expect(await rows.count()).toBe(2);
    // What is still owed: KSh 100 on each of the 26 sales, the last entry's balance and the closing one.
    const owed = "KSh 2,600";
    expect(await rows.last().locator("td").last().textContent()).toBe(owed);
    await page.getByTestId("statement-figures").getByText(owed).waitFor();

    const small = await newPage(browser, phone, server.baseUrl);
    await signInAsStaff(small, "director1@urithi.co.ke");
    await small.goto(`/customers/${customer.id}/statement?page=2`);
    await small.getByTestId("pager-range").getByText("Showing 51–52 of 52").waitFor();
    await screenshot(small, "statement-pages-phone");
  });
});
