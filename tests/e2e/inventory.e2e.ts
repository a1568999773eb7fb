import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { InventorySummary } from "../../src/contract/inventory";
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
import { createStrawItem } from "./support/fixtures";
import { browser, page, signedInAs } from "./support/session";

signedInAs("director1@urithi.co.ke");

const cards = () => page.getByTestId("inventory-card");
const api = async (path: string) => (await page.request.get(`${baseUrl()}${path}`)).json();
const cardCount = (n: number) =>
  page.waitForFunction(
    (want) => document.querySelectorAll('[data-testid="inventory-card"]').length === want,
    n,
  );

async function open() {
  await page.goto("/genetic-inventory");
  await cards().first().waitFor();
}

describe("genetic inventory", () => {
  it("shows the server's summary and every active item", async () => {
    await expectServerFigures(page, open, "/api/inventory/summary", (s: InventorySummary) => ({
      "stat-Total Embryos": String(s.totalEmbryos),
      "stat-Sperm Doses": String(s.totalSpermDoses),
      "stat-Viable Items": String(s.viableItems),
      "stat-Storage Units": String(s.storageUnits),
    }));
    const items = await api("/api/inventory?limit=500");
    // A page of 50, and the pager says how many there are in all.
    await allRowsShown(page);
    expect(await cards().count()).toBe(Math.min(items.length, 50));
    if (items.length > 50)
      expect(await page.getByTestId("pager-range").textContent()).toBe(`Showing 1–50 of ${items.length}`);
    const first = cards().filter({ hasText: "EMB-GI-005" });
    const text = await first.textContent();
    for (const expected of [
      "Girolando",
      "Crossbreed",
      "Dairy",
      "viable",
      "URUS Genetics Brazil",
      "LN2-Tank-A",
      "KSh 95,000",
    ]) {
      expect(text).toContain(expected);
    }
    await screenshot(page, "inventory-desktop");
  });

  it("narrows by search and filters, and Clear Filters resets search, type and status only", async () => {
    await open();
    await page.getByLabel("Search inventory").fill("ol pejeta");
    await cardCount((await api("/api/inventory?search=ol%20pejeta")).length);
    await page.getByLabel("Filter by type").selectOption("embryo");
    const embryos = await api("/api/inventory?search=ol%20pejeta&type=embryo");
    expect(embryos.length).toBeGreaterThan(0);
    await cardCount(embryos.length);
    await page.getByRole("button", { name: "More Filters" }).click();
    await page.getByLabel("Filter by category").selectOption("beef");
    await cardCount((await api("/api/inventory?search=ol%20pejeta&type=embryo&category=beef")).length);
    await page.getByLabel("Filter by viability").selectOption("expired");
    await page.getByText("No inventory items found").waitFor();
    await page.getByRole("button", { name: "Clear Filters" }).click();
    expect(await page.getByLabel("Search inventory").inputValue()).toBe("");
    expect(await page.getByLabel("Filter by type").inputValue()).toBe("all");
    expect(await page.getByLabel("Filter by viability").inputValue()).toBe("all");
    expect(await page.getByLabel("Filter by category").inputValue()).toBe("beef");
    const beef = await api("/api/inventory?category=beef");
    await cardCount(beef.length);
    await page.getByLabel("Filter by category").selectOption("all");
    await page.getByLabel("Low stock only").check();
    const low = await api("/api/inventory?lowStock=true");
    await cardCount(low.length);
    await page.getByLabel("Low stock only").uncheck();
  });

  it("downloads the filtered list as CSV", async () => {
    await open();
    await page.getByLabel("Filter by type").selectOption("sperm");
    await page.getByLabel("Search inventory").fill("sahiwal");
    const sahiwal = (await api("/api/inventory?type=sperm&search=sahiwal")).map(
      (i: { itemId: string }) => i.itemId,
    );
    expect(sahiwal).toEqual(expect.arrayContaining(["SEM-SA-103", "SEM-SA-107"]));
    await cardCount(sahiwal.length);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^genetic-inventory-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8")
      .trim()
      .split("\r\n");
    expect(csv[0]).toMatch(/^"Item ID","Type","Breed"/);
    expect(
      csv
        .slice(1)
        .map((l) => l.split(",")[0]!.replaceAll('"', ""))
        .sort(),
    ).toEqual([...sahiwal].sort());
  });

  it("adds an item through the dialog and shows it in the list", async () => {
    await open();
    await page.getByRole("button", { name: "Add Item" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Item ID *").fill("EMB-BO-077");
    await dialog.getByLabel("Type *").selectOption("embryo");
    await dialog.getByLabel("Breed *").fill("Boran");
    await dialog.getByLabel("Supplier *").fill("Laikipia Boran Ranch");
    await dialog.getByLabel("Stock (units) *").fill("0");
    await dialog.getByLabel("Price per unit (KES) *").fill("72000");
    await dialog.getByLabel("Category *").selectOption("beef");
    await dialog.getByLabel("Origin *").selectOption("Kenya");
    await dialog.getByLabel("Storage unit").selectOption({ label: "LN2-Tank-C (Eldoret Satellite Store)" });
    await dialog.getByLabel("Storage location *").fill("Canister 8, Goblet B");
    await dialog.getByRole("button", { name: "Add Item" }).click();
    // Stock must be a positive whole number: the browser stops the form first.
    expect(
      await dialog
        .getByLabel("Stock (units) *")
        .evaluate((el: HTMLInputElement) => el.validity.rangeUnderflow),
    ).toBe(true);
    await dialog.getByLabel("Stock (units) *").fill("9");
    await dialog.getByLabel("Suitable regions (comma-separated)").fill("Northern, Eastern");
    await dialog.getByLabel("Description", { exact: true }).fill("Boran embryos for dry rangeland.");
    await dialog.getByLabel("Description in Kiswahili").fill("Viinitete vya Boran kwa malisho kame.");
    await screenshot(page, "inventory-add-dialog", { fullPage: false });
    await dialog.getByRole("button", { name: "Add Item" }).click();
    await expectToast(page, "Item Added");
    await page.getByLabel("Search inventory").fill("EMB-BO-077");
    await cardCount(1);
    expect(await cards().first().textContent()).toContain("Laikipia Boran Ranch");
    // What a client reading Kiswahili is shown for it.
    const [product] = await (await page.request.get(`${baseUrl()}/api/catalogue?search=EMB-BO-077`)).json();
    expect(product).toMatchObject({
      description: "Boran embryos for dry rangeland.",
      descriptionSw: "Viinitete vya Boran kwa malisho kame.",
    });
  });

  it("reserves stock for a customer and the available count drops", async () => {
    await open();
    await page.getByLabel("Search inventory").fill("SEM-GI-105");
    await cardCount(1);
    const card = cards().first();
    const before = Number(await card.getByTestId("available").textContent());
    await card.getByRole("button", { name: "Reserve" }).click();
    const dialog = page.getByRole("dialog");
    await dialog
      .getByLabel("Customer *")
      .selectOption({ label: "Coast Cattle Breeders (hello@coastcattle.co.ke)" });
    await dialog.getByLabel("Quantity *").fill(String(before + 1));
    await dialog.getByText(`Enter a whole number from 1 to ${before}`).waitFor();
    expect(await dialog.getByRole("button", { name: "Reserve" }).isDisabled()).toBe(true);
    await dialog.getByLabel("Quantity *").fill("15");
    await dialog.getByRole("button", { name: "Reserve" }).click();
    await expectToast(page, "Stock Reserved");
    await page.waitForFunction(
      (n) =>
        document.querySelector('[data-testid="inventory-card"] [data-testid="available"]')?.textContent ===
        String(n),
      before - 15,
    );
    expect(await card.getByTestId("reserved").textContent()).not.toBe("0");
    const [item] = await api("/api/inventory?search=SEM-GI-105");
    expect(item.availableStock).toBe(before - 15);
  });

  it("shows the full record with stock history and a QR label, also from a scanned ?item link", async () => {
    const [item] = await api("/api/inventory?search=SEM-GI-105");
    await page.goto(`/genetic-inventory?item=${item.id}`);
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Gir (SEM-GI-105)").waitFor();
    await dialog.getByTestId("qr-label").locator("svg").waitFor();
    const history = dialog.getByTestId("stock-history");
    expect(await history.textContent()).toContain("Reserved");
    expect(await history.textContent()).toContain("Received");
    await screenshot(page, "inventory-details", { fullPage: false });

    // Its batches, soonest expiry first; a new one is received with its collection, expiry and motility.
    const batches = dialog.getByTestId("batches");
    const before = await batches.locator("tbody tr").count();
    expect(before).toBeGreaterThan(0);
    const form = dialog.getByRole("form", { name: "Receive a batch" });
    await form.getByLabel("Batch code").fill("L9");
    await form.getByLabel("Units received").fill("6");
    await form.getByLabel("Post-thaw motility (%)").fill("140");
    await form.getByLabel("Collected on").fill("2026-10-01");
    await form.getByLabel("Use by").fill("2031-10-01");
    await form.getByRole("button", { name: "Receive batch" }).click();
    await form.getByText("Motility is 0 to 100 %").waitFor();
    await form.getByLabel("Post-thaw motility (%)").fill("62");
    await form.getByRole("button", { name: "Receive batch" }).click();
    await expectToast(page, "Batch received");
    const row = batches.locator("tbody tr", { hasText: "L9" });
    await row.waitFor();
    expect(await row.textContent()).toContain("62%");
    expect(await batches.locator("tbody tr").count()).toBe(before + 1);
    expect((await api("/api/inventory?search=SEM-GI-105"))[0].currentStock).toBe(item.currentStock + 6);
    await screenshot(page, "inventory-batches", { fullPage: false });
  });

  it("records a physical count and a write-off, each with its reason in the stock history, on a phone", async () => {
    const small = await newPage(browser, phone);
    await signInAsStaff(small, "lab@urithi.co.ke");
    const straw = await createStrawItem(small, 12);
    await small.goto(`/genetic-inventory?item=${straw.id}`);
    const dialog = small.getByRole("dialog");
    const stock = dialog.getByRole("region", { name: "Correct stock" });
    await stock.getByLabel("Counted on hand").fill("11");
    await stock.getByRole("button", { name: "Record count" }).click();
    await stock.getByText("Say why the count differs").waitFor();
    await stock.getByLabel("Why it differs").fill("One straw cracked in the goblet");
    // One of 12 is over 5 %: the count waits for a second person, and says so before it is sent.
    expect(await stock.getByTestId("count-difference").textContent()).toBe(
      "1 fewer (KSh 2,500) than the books. Over 5% or KSh 10,000: a second person must confirm it before stock moves.",
    );
    await stock.getByRole("button", { name: "Record count" }).click();
    await expectToast(small, "Count awaits a second person");
    await stock
      .getByTestId("pending-count")
      .getByText("You counted it: another person must confirm it.")
      .waitFor();
    expect(await stock.getByRole("button", { name: "Confirm count" }).count()).toBe(0);
    const boss = await newPage(browser);
    await signInAsStaff(boss, "director1@urithi.co.ke");
    await boss.goto(`/genetic-inventory?item=${straw.id}`);
    await boss.getByRole("dialog").getByRole("button", { name: "Confirm count" }).click();
    await expectToast(boss, "Count confirmed");
    await boss.context().close();
    await small.goto(`/genetic-inventory?item=${straw.id}`);
    const history = dialog.getByTestId("stock-history");
    await history.getByText("Count: One straw cracked in the goblet (confirmed by").waitFor();

    await stock.getByRole("tab", { name: "Write off" }).click();
    await stock.getByLabel("Units").fill("2");
    // Its value at list price is said before it is confirmed.
    expect(await stock.getByTestId("write-off-value").textContent()).toBe(
      `2 × ${straw.itemId} at KSh 2,500: KSh 5,000 written off`,
    );
    await stock.getByLabel("Reason").selectOption("failed_quality_check");
    await stock.getByRole("button", { name: /^Write off/ }).click();
    await expectToast(small, "Stock written off");
    await history.getByText("Failed quality check").waitFor();
    expect(await history.locator("tr").filter({ hasText: "Written off" }).textContent()).toContain("-2");
    await dialog.getByText("9 / 0 (9 available)").waitFor();

    // Details are corrected in their own form; the stock stays what the movements say.
    await dialog.getByRole("button", { name: "Edit details" }).click();
    const form = small.getByRole("dialog", { name: `Edit ${straw.itemId}` });
    // The lab corrects details; the list price is a Director's.
    const price = form.getByLabel("Price per unit (KES) *");
    expect(await price.getAttribute("readonly")).not.toBeNull();
    await form.getByText("Only a Director may change a list price").waitFor();
    await form.getByLabel("Storage location *").fill("Canister 5, Goblet B");
    expect(await form.getByLabel("Stock (units) *").count()).toBe(0);
    // The bull's proof is typed figures with units, not free text.
    await form.getByLabel("Bull name").fill("Timau Mpya");
    await form.getByLabel("Semen type").selectOption("sexed");
    await form.getByLabel("Female purity (%)").fill("92");
    await form.getByLabel("Milk PTA (kg)").fill("950");
    await form.getByLabel("Reliability (%)").fill("140");
    await form.getByLabel("A2A2").check();
    await form.getByRole("button", { name: "Save Changes" }).click();
    await form.getByText("Reliability is 0 to 99 %").waitFor();
    await form.getByLabel("Reliability (%)").fill("74");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(small, "Item Updated");
    const saved = (await (await small.request.get(`${baseUrl()}/api/inventory/${straw.id}`)).json()).genetics;
    expect(saved).toMatchObject({
      bullName: "Timau Mpya",
      semenType: "sexed",
      femalePurityPct: 92,
      milkKg: 950,
      reliabilityPct: 74,
      a2a2: true,
      polled: false,
    });
    await dialog.getByText(/Canister 5, Goblet B/).waitFor();
    // The record fits the phone: nothing pushes the dialog sideways.
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await screenshot(small, "inventory-stock-correction-phone", { fullPage: false });
    await small.context().close();
  });

  it("shows six placeholder cards while loading, and fits a phone", async () => {
    const small = await newPage(browser, phone);
    await signInAsStaff(small, "lab@urithi.co.ke");
    const release = await holdRequests(small, "**/api/inventory?*");
    await small.goto("/genetic-inventory");
    const loading = small.getByTestId("inventory-loading");
    await loading.waitFor();
    expect(await loading.locator("> *").count()).toBe(6);
    release();
    await small.getByTestId("inventory-card").first().waitFor();
    // A lab technician adds items but does not sell: no Reserve buttons.
    expect(await small.getByRole("button", { name: "Reserve" }).count()).toBe(0);
    expect(await small.getByRole("button", { name: "Add Item" }).count()).toBe(1);
    expect(await small.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await screenshot(small, "inventory-phone", { fullPage: false });
    await small.context().close();
  });
});
