import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./support/axe";
import { baseUrl, desktop, phone, signInAsClient, signInAsStaff } from "./support/browser";
import { createClientAccount } from "./support/fixtures";
import { browser } from "./support/session";

/**
 * axe-core on every public and client screen at phone size, and every staff screen at desktop size, light and
 * dark (issue 10, part 5).
 */

const publicScreens = [
  "/",
  "/home",
  "/shop",
  "/landing",
  "/client-login",
  "/client-signup",
  "/forgot-password",
  "/privacy",
];
const clientScreens = [
  "/shop",
  "/cart",
  "/client-orders",
  "/client-portal",
  "/client-account",
  "/client-herd",
];
// In three groups, so one test walks five screens and stays well inside its time on a busy machine.
const staffScreens = [
  ["/login", "/dashboard", "/genetic-inventory", "/customers", "/orders"],
  ["/financial", "/order-approval", "/shipping", "/breeding", "/vendors", "/data-requests"],
  ["/storage", "/reports", "/messages", "/account", "/audit", "/no-such-screen"],
];

async function pageIn(theme: "light" | "dark", viewport = phone): Promise<Page> {
  // axe is injected as a script of the test's own, which the app's Content-Security-Policy would refuse.
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), bypassCSP: true });
  if (theme === "dark") await context.addInitScript(() => localStorage.setItem("urithi:dark-mode", "true"));
  return context.newPage();
}

/** Opens `path`, waits for its heading and anything still loading, and answers axe's findings. */
async function audit(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole("heading", { level: 1 }).first().waitFor({ state: "attached" });
  await page.waitForFunction(() => !document.querySelector('[role="status"][aria-label^="Loading"]'));
  return seriousViolations(page);
}

describe.each(["light", "dark"] as const)("accessibility in %s mode", (theme) => {
  it("finds nothing serious or critical on the public and client screens", async () => {
    const page = await pageIn(theme);
    const account = await createClientAccount(page);
    const found: Record<string, unknown> = {};
    for (const path of publicScreens) {
      const violations = await audit(page, path);
      if (violations.length > 0) found[path] = violations;
    }
    await signInAsClient(page, account.email, account.password);
    // A line in the cart, so the cart and the order bar are audited with content.
    await page.getByTestId("product-card").first().getByRole("button", { name: "Add to Cart" }).click();
    for (const path of clientScreens) {
      const violations = await audit(page, path);
      if (violations.length > 0) found[path] = violations;
    }
    expect(found).toEqual({});
    await page.context().close();
  });
});

describe.each(["light", "dark"] as const)("accessibility of the back office in %s mode", (theme) => {
  it.each(staffScreens)(
    "finds nothing serious or critical on %s and the staff screens after it",
    async (...paths) => {
      const page = await pageIn(theme, desktop);
      await signInAsStaff(page, "director1@urithi.co.ke");
      const found: Record<string, unknown> = {};
      for (const path of paths) {
        const violations = await audit(page, path);
        if (violations.length > 0) found[path] = violations;
      }
      expect(found).toEqual({});
      await page.context().close();
    },
  );
});

describe("a wide staff table", () => {
  it("scrolls sideways in a box that takes focus and scrolls by arrow key", async () => {
    const page = await pageIn("light", desktop);
    await signInAsStaff(page, "director1@urithi.co.ke");
    // The box is narrowed here to make any table too wide for it.
    await page.goto("/financial");
    const box = page.locator("section:has(> table)").first();
    await box.locator("tbody tr").first().waitFor();
    await box.evaluate((el) => {
      el.style.width = "320px";
    });
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // Chromium 130+ focuses scrollers by itself; Safari and the older Chrome of many cheap phones need tabindex.
    expect(await box.getAttribute("tabindex")).toBe("0");
    await box.focus();
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await page.context().close();
  });
});
