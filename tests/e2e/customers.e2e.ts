import { describe, expect, it } from "vitest";
import type { CustomerSummary } from "../../src/contract/customers";
import {
  allRowsShown,
  baseUrl,
  expectServerFigures,
  expectToast,
  holdRequests,
  newPage,
  phone,
  screenshot,
  signInAsStaff,
} from "./support/browser";
import { createCustomer, uniqueTag } from "./support/fixtures";
import { browser, page, signedInAs } from "./support/session";

signedInAs("director1@urithi.co.ke");

const cards = () => page.getByTestId("customer-card");
const stat = (label: string) => page.getByTestId(`stat-${label}`);

async function openCustomers() {
  await page.goto("/customers");
  await cards().first().waitFor();
}

describe("customer management", () => {
  it("shows the server's figures on the four summary cards", async () => {
    // What the list shows (inactive customers too), saying how many are active.
    const summary = await expectServerFigures(
      page,
      openCustomers,
      "/api/customers/summary",
      (s: CustomerSummary) => ({
        "stat-Total Customers": String(s.allCustomers),
        "stat-Farms": String(s.farms),
        "stat-Breeders": String(s.breeders),
        "stat-Veterinarians": String(s.veterinarians),
      }),
    );
    await page.getByText(`${summary.totalCustomers} active`, { exact: true }).waitFor();
    // Drawn while the summary held still, the list has a card for each customer it counts.
    await allRowsShown(page);
    expect(await cards().count()).toBe(summary.allCustomers);
    await screenshot(page, "customers-desktop");
  });

  it("adds a customer through the dialog, after the contract's rules check the fields", async () => {
    await openCustomers();
    const before = Number(await stat("Breeders").textContent());
    await page.getByRole("button", { name: "Add Customer" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Create Customer" }).click();
    // The contract's own messages, each under its field and linked to it for screen readers.
    await dialog.getByText("Name is required").waitFor();
    expect(await dialog.getByLabel("Name *").getAttribute("aria-invalid")).toBe("true");
    expect(await dialog.getByLabel("Name *").getAttribute("aria-describedby")).toBe("customer-name-error");
    expect(await dialog.getByText("Choose a customer type").isVisible()).toBe(true);
    expect(await dialog.getByText("Email is required").isVisible()).toBe(true);
    await screenshot(page, "customers-dialog-errors", { fullPage: false });
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByLabel("Name *").fill("Ol Kalou Genetics Hub");
    await dialog.getByLabel("Type *").selectOption("breeder");
    await dialog.getByLabel("Email *").fill("not-an-email");
    await dialog.getByLabel("Phone *").fill("+254 711 222 333");
    await dialog.getByLabel("Contact Person *").fill("Ann Wambui");
    await dialog.getByLabel("Address *").fill("Ol Kalou, Nyandarua");
    await dialog.getByLabel("KRA PIN").fill("12345");
    await dialog.getByRole("button", { name: "Create Customer" }).click();
    await dialog.getByText("Enter a valid email address").waitFor();
    await dialog.getByText("A KRA PIN is a letter, 9 digits and a letter").waitFor();
    expect(await dialog.getByText("Name is required").count()).toBe(0);
    await dialog.getByLabel("Email *").fill("hub@olkalougenetics.co.ke");
    // Typed in lower case, kept as KRA writes it.
    await dialog.getByLabel("KRA PIN").fill("p051234567x");
    await screenshot(page, "customers-add-dialog");
    await dialog.getByRole("button", { name: "Create Customer" }).click();

    await expectToast(page, "Customer Created");
    await expectToast(page, "New customer has been added successfully.");
    await cards().filter({ hasText: "Ol Kalou Genetics Hub" }).getByText("KRA PIN P051234567X").waitFor();
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="stat-Breeders"]')?.textContent === String(n),
      before + 1,
    );
  });

  it("warns of a similar name while typing and refuses a second active customer with the same email", async () => {
    const tag = uniqueTag();
    const existing = await createCustomer(page, { name: `Gilgil Heifer Ranch ${tag}` });
    await openCustomers();
    await page.getByRole("button", { name: "Add Customer" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name *").fill(`Gilgil Heifers Ranch ${tag}`);
    const warning = dialog.getByRole("status").filter({ hasText: "Already on record with a similar name" });
    await warning.getByText(existing.name).waitFor();
    await dialog.getByLabel("Type *").selectOption("farm");
    await dialog.getByLabel("Email *").fill(existing.email!.toUpperCase());
    await dialog.getByLabel("Phone *").fill("+254 711 222 334");
    await dialog.getByLabel("Contact Person *").fill("Peter Njoroge");
    await dialog.getByLabel("Address *").fill("Gilgil, Nakuru");
    await screenshot(page, "customers-similar-name", { fullPage: false });
    await dialog.getByRole("button", { name: "Create Customer" }).click();
    await dialog.getByText("An active customer with this email already exists").waitFor();
    expect(await dialog.getByLabel("Email *").getAttribute("aria-invalid")).toBe("true");
    await page.keyboard.press("Escape");
  });

  it("merges a duplicate into the customer kept, and it turns inactive", async () => {
    const tag = uniqueTag();
    const keep = await createCustomer(page, { name: `Naro Moru Dairy ${tag}` });
    const dup = await createCustomer(page, { name: `Naromoru Dairy ${tag}` });
    await openCustomers();
    await page.getByLabel("Search customers").fill(tag);
    const card = cards().filter({ hasText: dup.name });
    await card.getByRole("button", { name: `Merge ${dup.name}` }).click();
    const dialog = page.getByRole("dialog");
    // The look-alike is offered first.
    const first = await dialog.getByLabel("Keep this customer *").locator("option").nth(1).textContent();
    expect(first).toBe(`${keep.name} (${keep.email})`);
    await dialog.getByLabel("Keep this customer *").selectOption(String(keep.id));
    await screenshot(page, "customers-merge", { fullPage: false });
    await dialog.getByRole("button", { name: "Merge" }).click();
    await expectToast(page, "Customers merged");
    await card.getByText("Inactive").waitFor();
    expect(await card.getByRole("button", { name: `Merge ${dup.name}` }).count()).toBe(0);
  });

  it("searches name, email and contact person without regard to case", async () => {
    const customer = await createCustomer(page);
    await openCustomers();
    const search = page.getByLabel("Search customers");
    await search.fill(customer.contactPerson.toUpperCase());
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="customer-card"]').length === 1);
    expect(await cards().first().textContent()).toContain(customer.name);
    await search.fill("kiambudairy");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="customer-card"]').length === 1);
    expect(await cards().first().textContent()).toContain("Kiambu Dairy Farm");
  });

  it("filters by type and shows the empty state with the filter hint", async () => {
    await openCustomers();
    await page.getByLabel("Filter by type").selectOption("distributor");
    // At least one card, all distributors: an empty list while the filtered page loads is not the answer.
    await page.waitForFunction(() => {
      const shown = [...document.querySelectorAll('[data-testid="customer-card"]')];
      return shown.length > 0 && shown.every((c) => c.textContent?.includes("Distributor"));
    });
    expect(await cards().count()).toBeGreaterThan(0);
    await page.getByLabel("Search customers").fill("zzz-nobody-here");
    await page.getByText("No customers found").waitFor();
    expect(await page.getByText("Try adjusting your search or filters").isVisible()).toBe(true);
  });

  it("hints at adding the first customer when there are none", async () => {
    const fresh = await newPage(browser);
    await signInAsStaff(fresh, "sales@urithi.co.ke");
    await fresh.route("**/api/customers?*", (route) => route.fulfill({ json: [] }));
    await fresh.goto("/customers");
    await fresh.getByText("No customers found").waitFor();
    expect(await fresh.getByText("Get started by adding your first customer").isVisible()).toBe(true);
    await fresh.context().close();
  });

  it("shows three pulsing bars while loading", async () => {
    const slow = await newPage(browser);
    await signInAsStaff(slow, "director1@urithi.co.ke");
    // Only the list is held; the summary goes through.
    const release = await holdRequests(slow, "**/api/customers?*");
    await slow.goto("/customers");
    const bars = slow.getByTestId("loading-bars");
    await bars.waitFor();
    expect(await bars.locator(".animate-pulse").count()).toBe(3);
    release();
    await slow.getByTestId("customer-card").first().waitFor();
    await slow.context().close();
  });

  it("shows the error toast when the server cannot create the customer", async () => {
    await openCustomers();
    await page.route("**/api/customers", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, body: "boom" }) : route.continue(),
    );
    await page.getByRole("button", { name: "Add Customer" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name *").fill("Will Fail Ltd");
    await dialog.getByLabel("Type *").selectOption("farm");
    await dialog.getByLabel("Email *").fill("fail@example.com");
    await dialog.getByLabel("Phone *").fill("0700000000");
    await dialog.getByLabel("Contact Person *").fill("Nobody");
    await dialog.getByLabel("Address *").fill("Nowhere");
    await dialog.getByRole("button", { name: "Create Customer" }).click();
    await expectToast(page, "Failed to create customer. Please try again.");
    expect(await dialog.isVisible()).toBe(true);
    await page.unroute("**/api/customers");
    await page.keyboard.press("Escape");
  });

  it("edits a customer and deletes (deactivates) it", async () => {
    const customer = await createCustomer(page);
    await openCustomers();
    await page.getByLabel("Search customers").fill(customer.name);
    const card = cards().filter({ hasText: customer.name });
    await card.waitFor();
    await card.getByRole("button", { name: /^Edit/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Phone *").fill("+254 799 000 111");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Customer Updated");
    await card.getByText("+254 799 000 111").waitFor();

    await card.getByRole("button", { name: /^Delete/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Customer Deactivated");
    await card.getByText("Inactive").waitFor();
    const stored = await (
      await page.request.get(`${baseUrl()}/api/customers?search=${encodeURIComponent(customer.name)}`)
    ).json();
    expect(stored[0].isActive).toBe(false);
  });

  it("fits a phone screen", async () => {
    const small = await newPage(browser, phone);
    await signInAsStaff(small, "director1@urithi.co.ke");
    await small.goto("/customers");
    await small.getByTestId("customer-card").first().waitFor();
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(small, "customers-phone", { fullPage: false });
    await small.context().close();
  });
});
