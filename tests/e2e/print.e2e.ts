import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, phone, screenshot, signInAsClient, signInAsStaff } from "./support/browser";
import { createClientAccount } from "./support/fixtures";

/** A new client with one order placed through the API the checkout uses; answers its id and number. */
async function clientWithOrder(page: Page): Promise<{ id: number; orderNumber: string }> {
  const account = await createClientAccount(page);
  await signInAsClient(page, account.email, account.password);
  const products = await (await page.request.get("/api/shop/products")).json();
  const product = products.find((p: { inStock: number }) => p.inStock > 0);
  const res = await page.request.post("/api/client/orders", {
    data: {
      items: [{ productId: product.id, quantity: 1 }],
      deliveryAddress: "Githunguri, Kiambu County",
      paymentMethod: "bank",
      currency: "KES",
    },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

/** What paper gets: the header gone, the heading there, and every text black on white. */
async function expectPrintable(page: Page, mustShow: string, name: string) {
  await page.emulateMedia({ media: "print" });
  expect(await page.getByRole("banner").isVisible()).toBe(false);
  expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
  expect(await page.getByText(mustShow).first().isVisible()).toBe(true);
  const colours = await page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter((el) => el.textContent?.trim() && el.checkVisibility())
      .map((el) => getComputedStyle(el).color),
  );
  expect(colours.length).toBeGreaterThan(5);
  expect(new Set(colours)).toEqual(new Set(["rgb(0, 0, 0)"]));
  await screenshot(page, name);
  const pdf = await page.pdf({ format: "A4" });
  expect(pdf.length).toBeGreaterThan(10_000);
}

describe("printing", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("prints an order confirmation legibly, in dark mode too", async () => {
    const page = await newPage(browser, phone);
    const order = await clientWithOrder(page);
    await page.evaluate(() => localStorage.setItem("urithi:dark-mode", "true"));
    await page.goto(`/order-success?id=${order.id}`);
    await page.getByTestId("order-number").getByText(order.orderNumber).waitFor();
    expect(await page.locator("html").getAttribute("class")).toContain("dark");
    await expectPrintable(page, order.orderNumber, "print-order-success");
    await page.context().close();
  });

  it("prints the client's order history", async () => {
    const page = await newPage(browser, phone);
    const order = await clientWithOrder(page);
    await page.goto("/client-portal");
    await page.getByText(order.orderNumber).first().waitFor();
    await expectPrintable(page, order.orderNumber, "print-order-history");
    await page.context().close();
  });
  it("prints only an item's label while its details are open", async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, "lab@urithi.co.ke");
    const [item] = await (await page.request.get("/api/inventory?search=SEM-GI-105")).json();
    await page.goto(`/genetic-inventory?item=${item.id}`);
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("qr-label").locator("svg").waitFor();
    await page.emulateMedia({ media: "print" });
    // (The dialog itself is hidden on paper, so the label is found from the page.)
    expect(await page.getByTestId("qr-label").isVisible()).toBe(true);
    expect(await page.getByText("Price per unit").isVisible()).toBe(false);
    expect(await page.getByRole("heading", { name: "Genetic Inventory", level: 1 }).isVisible()).toBe(false);
    await page.context().close();
  });
});
