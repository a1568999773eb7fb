import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser, newPage, signInAsStaff } from "./browser";

/**
 * The test file's Chromium, launched before its tests and closed after them: importing this module registers
 * both hooks in the importing file. `browser` and `page` are live bindings, set when the hooks have run.
 */
export let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The file's desktop page, signed in as `email` (a demo staff account) before its tests. */
export let page: Page;
export function signedInAs(email: string): void {
  beforeAll(async () => {
    page = await newPage(browser);
    await signInAsStaff(page, email);
  });
}
