import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./support/axe";
import { baseUrl, desktop, phone, signInAsClient, signInAsStaff } from "./support/browser";
import { createClientAccount } from "./support/fixtures";
import { browser } from "./support/session";

/**
 * axe-core on every public and client screen at phone size, and every staff screen at desktop size, light and
 * dark (issue 10, part 5). The dark theme is the `dark` class on <html>, which only the styles read, so a
 * screen is loaded once: audited in light, then in dark for colour contrast, the one rule a theme can change.
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

async function auditPage(viewport = phone): Promise<Page> {
  // axe is injected as a script of the test's own, which the app's Content-Security-Policy would refuse.
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), bypassCSP: true });
  return context.newPage();
}

/** Switches the theme as the toggle does, and waits out any colour transition it starts. */
async function setDark(page: Page, dark: boolean) {
  await page.evaluate(async (on) => {
    document.documentElement.classList.toggle("dark", on);
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
  }, dark);
}

/**
 * Opens `path`, waits for its heading and anything still loading, and adds axe's findings to `found`: every
 * WCAG rule in light mode, colour contrast in dark.
 */
async function audit(page: Page, path: string, found: Record<string, unknown>) {
  await page.goto(path);
  await page.getByRole("heading", { level: 1 }).first().waitFor({ state: "attached" });
  await page.waitForFunction(() => !document.querySelector('[role="status"][aria-label^="Loading"]'));
  const light = await seriousViolations(page);
  await setDark(page, true);
  const dark = await seriousViolations(page, ["color-contrast"]);
  await setDark(page, false);
  if (light.length > 0) found[`${path} light`] = light;
  if (dark.length > 0) found[`${path} dark`] = dark;
}

describe("accessibility", () => {
  it("finds nothing serious or critical on the public and client screens, light or dark", async () => {
    const page = await auditPage();
    const account = await createClientAccount(page);
    const found: Record<string, unknown> = {};
    for (const path of publicScreens) await audit(page, path, found);
    await signInAsClient(page, account.email, account.password);
    // A line in the cart, so the cart and the order bar are audited with content.
    await page.getByTestId("product-card").first().getByRole("button", { name: "Add to Cart" }).click();
    for (const path of clientScreens) await audit(page, path, found);
    expect(found).toEqual({});
    await page.context().close();
  });

  it.each(staffScreens)(
    "finds nothing serious or critical on %s and the staff screens after it, light or dark",
    async (...paths) => {
      const page = await auditPage(desktop);
      await signInAsStaff(page, "director1@urithi.co.ke");
      const found: Record<string, unknown> = {};
      for (const path of paths) await audit(page, path, found);
      expect(found).toEqual({});
      await page.context().close();
    },
  );

  it("sees a contrast failure in dark mode", async () => {
    // The dark audit must really see the dark theme: a grey that passes on white fails on the dark background.
    const page = await auditPage(desktop);
    await page.goto("/privacy");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.evaluate(() => {
      const probe = document.createElement("p");
      probe.id = "contrast-probe";
      probe.style.color = "#555";
      probe.textContent = "Grey text that a dark background hides";
      document.body.append(probe);
    });
    expect(await seriousViolations(page, ["color-contrast"])).toEqual([]);
    await setDark(page, true);
    const dark = await seriousViolations(page, ["color-contrast"]);
    expect(dark.flatMap((v) => v.targets)).toContain("#contrast-probe");
    await page.context().close();
  });
});

describe("a wide staff table", () => {
  it("scrolls sideways in a box that takes focus and scrolls by arrow key", async () => {
    const page = await auditPage(desktop);
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
