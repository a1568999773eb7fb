import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readManifest } from "../../src/server/modules/backups/archive";
import { pdfImageCount } from "../../src/server/testing/pdf-text";
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
    // The summary refetches on its own beat after the list: wait for it rather than read it once.
    await expect.poll(() => page.getByTestId("stat-Last good backup").textContent()).not.toBe("None yet");
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

describe("the Settings screen's company logo", () => {
  it("lets a Director upload a logo, refuses a file that is no image, and the PDFs carry it", async () => {
    const page = await newPage(browser, desktop, server.baseUrl);
    await signInAsStaff(page, "director1@urithi.co.ke");
    await page.goto("/settings");
    const company = page.getByRole("form", { name: "Company details" });
    await company.waitFor();
    await page.getByText("No logo").waitFor();
    const upload = page.getByLabel("Upload logo");

    // A file that says it is a PNG but is not one: the server reads it and says so under the field.
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(300, 9),
    ]);
    await upload.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: broken });
    await page.getByRole("alert").filter({ hasText: "The image could not be read" }).waitFor();
    await upload.setInputFiles({ name: "logo.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    await page.getByRole("alert").filter({ hasText: "The logo must be a PNG or JPEG image" }).waitFor();

    const png = await QRCode.toBuffer("Urithi Genetics", { type: "png", width: 200 });
    await upload.setInputFiles({ name: "urithi.png", mimeType: "image/png", buffer: png });
    await expectToast(page, "Logo saved");
    const preview = page.getByRole("img", { name: "Company logo" });
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
    expect(await page.getByRole("alert").count()).toBe(0);
    await screenshot(page, "settings-logo-desktop", { fullPage: false });

    const report = await page.request.get("/api/reports/export?period=30d&type=sales");
    expect(pdfImageCount(await report.body())).toBe(1);

    const small = await newPage(browser, phone, server.baseUrl);
    await signInAsStaff(small, "director2@urithi.co.ke");
    await small.goto("/settings");
    await small.getByRole("img", { name: "Company logo" }).scrollIntoViewIfNeeded();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await screenshot(small, "settings-logo-phone", { fullPage: false });

    await page.getByRole("button", { name: "Remove logo" }).click();
    await expectToast(page, "Logo removed");
    await page.getByText("No logo").waitFor();
    const plain = await page.request.get("/api/reports/export?period=30d&type=sales");
    expect(pdfImageCount(await plain.body())).toBe(0);
  });
});
