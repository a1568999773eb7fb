import { describe, expect, it } from "vitest";
import { desktop, newPage, phone, screenshot, signInAsStaff } from "./support/browser";
import { createCustomer } from "./support/fixtures";
import { browser } from "./support/session";

/**
 * The audit trail (issue 38 §4): a change a Director makes shows on /audit with who, what and old → new,
 * filters narrow it, the CSV carries the same rows, and the customer's History shows its own.
 */
describe("the audit trail", () => {
  it("shows a change with old and new values, filters it, exports it, and lists it in the record's History", async () => {
    const page = await newPage(browser, desktop);
    await signInAsStaff(page, "director1@urithi.co.ke");
    const customer = await createCustomer(page, { address: "Nakuru" });
    const changed = await page.request.patch(`/api/customers/${customer.id}`, {
      data: { address: "Nyahururu" },
    });
    expect(changed.status()).toBe(200);

    await page.getByRole("link", { name: "Audit Trail" }).click();
    await page.waitForURL("**/audit");
    await page.getByLabel("Filter by record").selectOption("customers");
    await page.getByLabel("Filter by action").selectOption("update");
    const row = page.getByTestId("audit-row").filter({ hasText: `Customer ${customer.id}` });
    await row.getByText("address: Nakuru → Nyahururu").waitFor();
    expect(await row.getByText("Director").count()).toBeGreaterThan(0);
    await screenshot(page, "audit-desktop");

    // A day before anything happened: nothing.
    await page.getByLabel("To date").fill("2020-01-01");
    await page.getByText("No changes match").waitFor();
    await page.getByLabel("To date").fill("");
    await row.waitFor();

    const csvHref = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    expect(csvHref).toContain("entity=customers");
    expect(csvHref).toContain("action=update");
    const csv = await (await page.request.get(csvHref!)).text();
    expect(csv).toContain(`"${customer.id}"`);
    expect(csv).toContain('address: ""Nakuru"" -> ""Nyahururu""');

    await page.goto("/customers");
    await page.getByLabel("Search customers").fill(customer.name);
    const card = page.getByTestId("customer-card").filter({ hasText: customer.name });
    await card.getByRole("button", { name: `History of ${customer.name}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("address: Nakuru → Nyahururu").waitFor();
    await dialog.getByText("Created", { exact: true }).first().waitFor();
    await screenshot(page, "audit-history-desktop");
  });

  it("reads on a phone, and is for Directors only", async () => {
    const page = await newPage(browser, phone);
    await signInAsStaff(page, "director1@urithi.co.ke");
    await page.goto("/audit?action=sign_in");
    await page.getByTestId("audit-row").first().getByText("Signed in").waitFor();
    const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    expect(scroll).toBeLessThanOrEqual(width!);
    await screenshot(page, "audit-phone");

    const sales = await newPage(browser, desktop);
    await signInAsStaff(sales, "sales@urithi.co.ke");
    expect(await sales.getByRole("link", { name: "Audit Trail" }).count()).toBe(0);
    expect((await sales.request.get("/api/audit")).status()).toBe(403);
  });
});
