import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage, phone, screenshot, signInAsClient } from "./support/browser";
import { createClientAccount } from "./support/fixtures";
import { browser } from "./support/session";

/** The public and client screens held in one hand (issue 10, part 4: "On a phone"). */

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not on screen");
  return b;
}

/** Nothing runs off the side of the screen, so nothing is clipped or needs a sideways scroll. */
async function expectNoSidewaysScroll(page: Page) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  expect(scroll).toBeLessThanOrEqual(width!);
}

/** Every visible button and link inside `scope` is at least 44 px tall, as a finger needs. */
async function expectTappable(scope: Locator) {
  const targets = scope.locator("button, a").filter({ visible: true });
  await targets.first().waitFor();
  const count = await targets.count();
  for (let i = 0; i < count; i++) {
    const b = await box(targets.nth(i));
    const name = (await targets.nth(i).getAttribute("aria-label")) ?? (await targets.nth(i).textContent());
    expect(b.height, `"${name}" is ${b.height} px tall`).toBeGreaterThanOrEqual(44);
  }
}

describe("the landing page on a phone", () => {
  it("opens a menu with the sections and Staff Login, and its contacts can be tapped", async () => {
    const page = await newPage(browser, phone);
    await page.goto("/landing");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expectNoSidewaysScroll(page);
    const header = page.getByRole("banner");
    await expectTappable(header);
    expect(await page.getByRole("navigation", { name: "Sections" }).isVisible()).toBe(false);

    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    const links = page.getByRole("navigation", { name: "Menu" });
    for (const name of ["Services", "Breeds", "About", "Contact", "Staff Login"]) {
      expect(await links.getByRole("link", { name }).isVisible()).toBe(true);
    }
    await expectTappable(links);
    // Modal: focus starts on the first link and never reaches the page behind, which is inert.
    expect(
      await links
        .getByRole("link")
        .first()
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    expect(await page.locator("#main").getAttribute("inert")).toBe("");
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("#main")))).toBe(false);
    }
    await screenshot(page, "landing-menu-phone", { fullPage: false });
    await links.getByRole("link", { name: "Contact" }).click();
    await page.waitForURL("**/landing#contact");
    expect(await links.isVisible()).toBe(false);
    expect(await page.locator('#contact a[href="tel:+254700123456"]').isVisible()).toBe(true);
    expect(await page.locator('#contact a[href="mailto:info@urithi.co.ke"]').isVisible()).toBe(true);

    // Escape closes the menu and puts focus back on its button.
    await menu.click();
    await page.keyboard.press("Escape");
    expect(await links.isVisible()).toBe(false);
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator("#main").getAttribute("inert")).toBeNull();

    await menu.click();
    await links.getByRole("link", { name: "Staff Login" }).click();
    await page.waitForURL("**/login");
    await page.context().close();
  });
});

describe("the client screens on a phone", () => {
  it("keep the order in a bar at the bottom, toasts off the header and the assistant off the products", async () => {
    const page = await newPage(browser, phone);
    const account = await createClientAccount(page);
    await signInAsClient(page, account.email, account.password);
    await page.goto("/client-orders");
    await page.getByTestId("portal-product").first().waitFor();
    await expectNoSidewaysScroll(page);

    // The header's links are behind a menu, none clipped.
    const header = page.getByRole("banner");
    await expectTappable(header);
    await page.getByRole("button", { name: "Client menu" }).click();
    const menu = page.getByRole("navigation", { name: "Client menu" });
    for (const name of ["Shop", "Order Portal", "My Account", "Security"]) {
      const link = menu.getByRole("link", { name });
      expect(await link.isVisible()).toBe(true);
      const b = await box(link);
      expect(b.x + b.width).toBeLessThanOrEqual(phone.width);
    }
    await page.keyboard.press("Escape");

    const bar = page.getByTestId("portal-order-bar");
    await bar.getByText("Your cart is empty").waitFor();
    await expectTappable(bar);
    expect(await page.getByTestId("your-order").isVisible()).toBe(false);

    const product = page.getByTestId("portal-product").filter({ hasText: "Sahiwal Semen" }).first();
    await product.getByRole("button", { name: "Add to Cart" }).click();
    const toast = page.getByTestId("toast").filter({ hasText: "Added to Cart" });
    await toast.waitFor();
    expect(overlaps(await box(toast), await box(header))).toBe(false);
    expect(overlaps(await box(toast), await box(bar))).toBe(false);
    await screenshot(page, "client-orders-toast-phone", { fullPage: false });

    // The bar says what the order holds and opens it upwards, with Proceed.
    const summary = bar.getByRole("button", { name: /1 item · KSh/ });
    await summary.click();
    expect(await summary.getAttribute("aria-expanded")).toBe("true");
    await bar.getByRole("button", { name: /^Increase / }).click();
    await bar.getByRole("button", { name: /2 items · KSh/ }).waitFor();
    await screenshot(page, "client-orders-bar-open-phone", { fullPage: false });

    // Scrolled to the end, the last product's Add to Cart clears the bar.
    await bar.getByRole("button", { name: /2 items · KSh/ }).click();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastAdd = page.getByTestId("portal-product").last().getByRole("button", { name: "Add to Cart" });
    expect(overlaps(await box(lastAdd), await box(bar))).toBe(false);

    // The assistant opens from the bar; no button floats over the products.
    await bar.getByRole("button", { name: "Breed Assistant" }).click();
    await page.getByTestId("breed-assistant").getByText("Which region do you farm in?").waitFor();
    expect(await page.getByRole("button", { name: "Breed Assistant", exact: true }).count()).toBe(1);

    await bar.getByRole("button", { name: "Breed Assistant" }).click();
    await bar.getByRole("button", { name: /2 items · KSh/ }).click();
    await bar.getByRole("button", { name: "Proceed to Order Details" }).click();
    await page.getByText("Customer Information").waitFor();
    expect(await bar.count()).toBe(0);
    await page.context().close();
  });

  it("keep the shop's cart bar and every tap target in reach", async () => {
    const page = await newPage(browser, phone);
    const account = await createClientAccount(page);
    await signInAsClient(page, account.email, account.password);
    await expectNoSidewaysScroll(page);
    await page.getByTestId("product-card").first().getByRole("button", { name: "Add to Cart" }).click();
    const bar = page.getByTestId("cart-summary");
    await bar.getByText("1 item").waitFor();
    // The toast is measured as soon as it shows: it leaves after a few seconds, and the tap-target walk
    // below can take that long on a busy machine.
    // The cart's own toast: on a busy machine the sign-in toast may still be leaving where the bar now is.
    const toast = page.getByTestId("toast").filter({ hasText: "Added to Cart" }).first();
    await toast.waitFor();
    expect(overlaps(await box(toast), await box(page.getByRole("banner")))).toBe(false);
    expect(overlaps(await box(toast), await box(bar))).toBe(false);
    await expectTappable(page.getByRole("main"));
    await screenshot(page, "shop-phone", { fullPage: false });
    await bar.getByRole("link", { name: "View Cart" }).click();
    await page.waitForURL("**/cart");
    await expectNoSidewaysScroll(page);
    await expectTappable(page.getByRole("main"));
    await page.context().close();
  });
});
