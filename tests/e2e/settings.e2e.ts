import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readManifest } from "../../src/server/modules/backups/archive";
import {
  desktop,
  expectToast,
  launchBrowser,
  newPage,
  phone,
  screenshot,
  signInAsStaff,
} from "./support/browser";
import { type RunningServer, startServer } from "./support/global-setup";

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  browser = await launchBrowser();
  // Its own server, so its backups list starts empty; encrypted, with no schedule.
  server = await startServer({ BACKUP_KEY: "e2e-backup-key-0123456789" });
});
afterAll(async () => {
  await browser.close();
  await server.stop();
});

describe("the Settings screen's backups", () => {
  it("lets a Director back up now, watch it finish and download the file; other staff do not see it", async () => {
    const page = await newPage(browser, desktop, server.baseUrl);
    await signInAsStaff(page, "director1@urithi.co.ke");
    await page.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL("**/settings");
    await page.getByRole("heading", { name: "Settings", exact: true }).waitFor();
    await page.getByText("No backups yet").waitFor();
    expect(await page.getByTestId("stat-Last good backup").textContent()).toBe("None yet");
    expect(await page.getByTestId("stat-Protection").textContent()).toBe("Encrypted");
    expect(await page.getByTestId("stat-Schedule").textContent()).toBe("Off");

    await page.getByRole("button", { name: "Back up now" }).click();
    await expectToast(page, "Backup started");
    const row = page.getByTestId("backup-row").first();
    await row.getByText("Good").waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toMatch(/MB.*By a Director.*Yes/);
    expect(await page.getByTestId("stat-Last good backup").textContent()).not.toBe("None yet");
    await screenshot(page, "settings-backups-desktop");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("link", { name: "Download" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^urithi-.*-pglite\.backup$/);
    const saved = await download.path();
    const manifest = await readManifest(saved);
    expect(manifest.encryption?.algorithm).toBe("aes-256-gcm");
    expect(manifest.rowCounts.orders).toBeGreaterThan(0);
    expect(readFileSync(saved).length).toBeGreaterThan(1000);

    const small = await newPage(browser, phone, server.baseUrl);
    await signInAsStaff(small, "director2@urithi.co.ke");
    await small.goto("/settings");
    await small.getByTestId("backup-row").first().waitFor();
    await screenshot(small, "settings-backups-phone");

    const sales = await newPage(browser, desktop, server.baseUrl);
    await signInAsStaff(sales, "sales@urithi.co.ke");
    expect(await sales.getByRole("link", { name: "Settings" }).count()).toBe(0);
    await sales.goto("/settings");
    await sales.getByRole("heading", { name: "Access restricted" }).waitFor();
  });
});
