import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./support/axe";
import { baseUrl, launchBrowser, phone, signInAsClient } from "./support/browser";
import { createClientAccount } from "./support/fixtures";

/** axe-core on every public and client screen, light and dark, at phone size (issue 10, part 5). */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const publicScreens = ["/", "/landing", "/client-login", "/client-signup"];
const clientScreens = ["/shop", "/cart", "/client-orders", "/client-portal", "/client-account"];

async function pageIn(theme: "light" | "dark"): Promise<Page> {
  // axe is injected as a script of the test's own, which the app's Content-Security-Policy would refuse.
  const context = await browser.newContext({ viewport: phone, baseURL: baseUrl(), bypassCSP: true });
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
