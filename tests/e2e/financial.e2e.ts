import { describe, expect, it } from "vitest";
import type { FinancialSummary } from "../../src/contract/finance";
import {
  allRowsShown,
  baseUrl,
  expectServerFigures,
  expectToast,
  newPage,
  openAsInstalledApp,
  phone,
  screenshot,
  signInAsStaff,
} from "./support/browser";
import { browser, page, signedInAs } from "./support/session";

signedInAs("director2@urithi.co.ke");

const api = async (path: string) => (await page.request.get(`${baseUrl()}${path}`)).json();
const kes = (n: number) => `KSh ${new Intl.NumberFormat("en-KE", { maximumFractionDigits: 0 }).format(n)}`;
const stat = (label: string) => page.getByTestId(`stat-${label}`).textContent();

async function open() {
  await page.goto("/financial");
  await page.getByTestId("transaction-row").first().waitFor();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="stat-Total Revenue KES"]')?.textContent !== "–",
  );
}

describe("financial management", () => {
  it("shows the server's figures and the recent transactions", async () => {
    await expectServerFigures(page, open, "/api/financial", (f: FinancialSummary) => ({
      "stat-Total Revenue KES": kes(f.totalRevenue),
      "stat-Total Revenue USD": `$${new Intl.NumberFormat("en-KE").format(f.totalRevenueUsd)}`,
      "stat-Monthly Revenue": kes(f.monthlyRevenue),
      "stat-Pending Payments": kes(f.pendingPayments),
    }));
    // The first page of 50, and the next page through the pager.
    const list = await api("/api/transactions?limit=100");
    expect(list.length).toBeGreaterThan(50);
    await allRowsShown(page);
    expect(await page.getByTestId("transaction-row").count()).toBe(50);
    // With how many there are in all ("of 1,206"), as the server counts them.
    // The transactions' own pager: aged receivables above them pages apart.
    const pager = page.getByRole("navigation", { name: "transactions pages" });
    const range = (await pager.getByTestId("pager-range").textContent())!;
    expect(range).toMatch(/^Showing 1–50 of [\d,]+$/);
    expect(Number(range.split(" of ")[1]!.replace(/,/g, ""))).toBeGreaterThanOrEqual(list.length);
    await pager.getByRole("button", { name: "Next" }).click();
    await pager.getByTestId("pager-range").getByText("Showing 51–").waitFor();
    expect(await page.getByTestId("transaction-row").first().textContent()).toContain(list[50].description);
    await pager.getByRole("button", { name: "Previous" }).click();
    await pager.getByTestId("pager-range").getByText("Showing 1–50").waitFor();
    await screenshot(page, "financial-desktop");
  });

  it("asks for amount and description, then records a completed income and refreshes both lists", async () => {
    await open();
    const before = await api("/api/financial");
    await page.getByRole("button", { name: "Record Transaction" }).click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByLabel("Type").inputValue()).toBe("income");
    expect(await dialog.getByLabel("Currency").inputValue()).toBe("KES");
    await dialog.getByLabel("Amount *").fill("25000");
    await dialog.getByRole("button", { name: "Record Transaction" }).click();
    await expectToast(page, "Please fill in all required fields");
    await dialog.getByLabel("Description *").fill("AI service fee, Kericho Highlands Dairy");
    await dialog.getByLabel("Reference").fill("MPESA-RKT55XZ");
    await dialog.getByRole("button", { name: "Record Transaction" }).click();
    await expectToast(page, "Transaction recorded successfully");
    const row = page.getByTestId("transaction-row").first();
    await row.getByText("AI service fee, Kericho Highlands Dairy").waitFor();
    expect(await row.textContent()).toContain("completed");
    expect(await row.textContent()).toContain("MPESA-RKT55XZ");
    // Income recorded by hand is in the ledger's list, not in revenue: revenue is booked order value.
    expect(await stat("Total Revenue KES")).toBe(kes(before.totalRevenue));
    expect((await api("/api/financial")).totalRevenue).toBe(before.totalRevenue);
  });

  it("shows the error toast on failure and the empty state with no transactions", async () => {
    const other = await newPage(browser, phone);
    await signInAsStaff(other, "director1@urithi.co.ke");
    await other.route("**/api/transactions?*", (r) => r.fulfill({ json: [] }));
    await other.route("**/api/transactions", (r) =>
      r.request().method() === "POST" ? r.fulfill({ status: 500, body: "down" }) : r.continue(),
    );
    await openAsInstalledApp(other, "/financial");
    await other.getByText("No transactions recorded yet").waitFor();
    expect(await other.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await screenshot(other, "financial-phone", { fullPage: false });
    await other.getByRole("button", { name: "Record Transaction" }).click();
    const dialog = other.getByRole("dialog");
    await dialog.getByLabel("Amount *").fill("100");
    await dialog.getByLabel("Description *").fill("Will fail");
    await dialog.getByRole("button", { name: "Record Transaction" }).click();
    await expectToast(other, "Failed to record transaction");
    await other.context().close();
  });

  it("is not offered to roles without finance rights", async () => {
    const lab = await newPage(browser);
    await signInAsStaff(lab, "lab@urithi.co.ke");
    expect(await lab.getByRole("link", { name: "Financial Management" }).count()).toBe(0);
    await lab.goto("/financial");
    await lab.getByText("Access restricted").waitFor();
    await lab.context().close();
  });
});
