import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  desktop,
  newPage,
  phone,
  screenshot,
  signInAsClient,
  signInAsClientInKiswahili,
  signInAsStaff,
} from "./support/browser";
import {
  createClientAccount,
  inventoryItemId,
  nairobiDay,
  placeClientOrder,
  shipClientOrder,
  uniqueMobile,
  uniqueTag,
} from "./support/fixtures";
import { startServer } from "./support/global-setup";
import { browser } from "./support/session";

const narrow = { width: 360, height: 740 };

/** The farmers' reports a proof sheet counts ("… zimeripotiwa na wakulima"). */
const farmerReports = (text: string | null) => Number(/(\d+) zimeripotiwa na wakulima/.exec(text ?? "")?.[1]);

/** Adds a cow on /client-herd in Kiswahili as a farmer would: ear tag, breed and name. */
async function addCow(page: Page, tag: string, name: string) {
  const form = page.getByRole("form", { name: "Ongeza ng'ombe" });
  await form.getByLabel("Namba ya sikio *").fill(tag);
  await form.getByLabel("Aina *").fill("Friesian");
  await form.getByLabel("Jina").fill(name);
  await form.getByRole("button", { name: "Ongeza ng'ombe" }).click();
  await page.getByTestId("cow").filter({ hasText: tag }).waitFor();
}

/** Records an insemination `daysAgo` days back on the cow's page: with the first bought straw, or other semen. */
async function inseminate(page: Page, tag: string, daysAgo: number, straw: "bought" | "other") {
  await page.goto("/client-herd");
  await page.getByRole("link", { name: `Fungua ${tag}` }).click();
  await page.getByTestId("cow-page").waitFor();
  const form = page.getByRole("form", { name: "Rekodi kilichotokea" });
  await form.getByLabel("Kilichotokea").selectOption("insemination");
  await form.getByLabel("Tarehe").fill(nairobiDay(-daysAgo));
  if (straw === "bought") await form.getByLabel("Mbegu uliyonunua").selectOption({ index: 1 });
  else await form.getByLabel("Mbegu nyingine").fill("Dume la chama");
  await form.getByLabel("Saa").fill("07:30");
  await form.getByRole("button", { name: "Hifadhi" }).click();
  await page.getByTestId("cow-events").getByText("Kupandishwa").waitFor();
}

/**
 * The farmer's herd and the cow calendar, in Kiswahili on a 360 px phone (issue 40): a cow is added in
 * seconds, an insemination with a straw the farmer bought names its batch, the day-18 and day-60 reminders
 * reach the farmer's phone (seen on /messages), and a reply of "1" records the pregnancy check.
 */
describe("the farmer's herd", () => {
  it("adds a cow, records a service with a bought straw, texts the calendar, and takes a PD by SMS reply", async () => {
    // Reminders may go at any hour on this server, and its jobs run every second.
    const server = await startServer({ REMINDER_HOURS: "0-24", JOBS_INTERVAL_SECONDS: "1" });
    try {
      const mobile = uniqueMobile();
      const setup = await newPage(browser, desktop, server.baseUrl);
      const account = await createClientAccount(setup, { phone: mobile, language: "sw" });
      await setup.context().close();
      const page = await newPage(browser, narrow, server.baseUrl);
      await signInAsClientInKiswahili(page, account.email, account.password);
      const order = await placeClientOrder(page, "SEM-HF-101", "bank");
      const director = await newPage(browser, desktop, server.baseUrl);
      await signInAsStaff(director, "director1@urithi.co.ke");
      await shipClientOrder(director, order);

      // A cow in well under 30 seconds, from opening the page.
      const zawadi = `KE-${uniqueTag()}`;
      const started = Date.now();
      await page.goto("/client-herd");
      await addCow(page, zawadi, "Zawadi");
      expect(Date.now() - started).toBeLessThan(30_000);
      await screenshot(page, "herd-sw-360");

      await inseminate(page, zawadi, 18, "other");
      const baraka = `KE-${uniqueTag()}`;
      await page.goto("/client-herd");
      await addCow(page, baraka, "Baraka");
      await inseminate(page, baraka, 60, "bought");
      const served = page.getByTestId("cow-events").locator("li").first();
      expect(await served.textContent()).toMatch(/Mbegu za Holstein Friesian: .+ · kundi \S+ · 07:30/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        narrow.width,
      );
      await screenshot(page, "cow-sw-360");
      // What the bull's proof sheet says before the farmer answers.
      const bull = page.getByTestId("fertility-sources");
      await page.goto(`/shop/products/${await inventoryItemId(page, "SEM-HF-101")}`);
      const reportedBefore = farmerReports(await bull.textContent());

      // The job texts both reminders of the day; the Director sees them on /messages.
      await director.goto(`/messages?search=${encodeURIComponent(`+254${mobile.slice(1)}`)}`);
      for (const [kind, words] of [
        ["Cow calendar: watch for repeat heat", "Mchunguze Zawadi kama ana joto"],
        ["Cow calendar: pregnancy check due", "Baraka apimwe mimba (PD)"],
      ] as const) {
        const row = director.getByTestId("message-row").filter({ hasText: kind });
        await row.first().waitFor({ timeout: 15_000 });
        await row
          .first()
          .getByRole("button", { name: /View message/ })
          .click();
        await director.getByRole("dialog").getByText(words, { exact: false }).waitFor();
        await director.keyboard.press("Escape");
      }
      await screenshot(director, "herd-reminders-messages-desktop");

      // The farmer answers "1" on the phone (the SMS simulator sends it through Africa's Talking's
      // incoming-message callback): Baraka is recorded in calf, by SMS.
      const handset = await newPage(browser, narrow, server.baseUrl);
      await handset.goto(`/sms-simulator?phone=${mobile}`);
      await handset.getByText(/Baraka apimwe mimba \(PD\)/).waitFor();
      await handset.getByLabel("Reply to 22384").fill("1");
      await handset.getByRole("button", { name: "Send reply" }).click();
      await handset.getByRole("status").getByText("Reply delivered: pd_recorded").waitFor();
      await handset.getByText("Urithi: Asante. Baraka amerekodiwa kuwa ana mimba.").waitFor();
      await screenshot(handset, "sms-simulator-reply-360");
      await handset.context().close();
      await page.goto("/client-herd");
      await page.getByRole("link", { name: `Fungua ${baraka}` }).click();
      const events = page.getByTestId("cow-events");
      await events.getByText("Kupima mimba").waitFor();
      expect(await events.locator("li").first().textContent()).toContain("Ana mimba · kwa SMS");
      await screenshot(page, "cow-pd-by-sms-sw-360");
      // Her service used the bull's straw: his proof sheet counts one more farmer's report.
      await page.goto(`/shop/products/${await inventoryItemId(page, "SEM-HF-101")}`);
      await expect
        .poll(async () => {
          await page.reload();
          return farmerReports(await bull.textContent());
        })
        .toBe(reportedBefore + 1);
      await screenshot(page, "proof-sheet-farmer-reports-sw-360");
      // Staff see her service among the breeding records, its outcome marked as the farmer's report.
      await director.goto(`/breeding?search=${baraka}`);
      const record = director.getByTestId("breeding-row").filter({ hasText: baraka });
      await record.getByText("Farmer report").waitFor();
      expect(await record.textContent()).toContain("pregnant");
      await screenshot(director, "breeding-farmer-report-desktop");
      await director.context().close();
      await page.context().close();
    } finally {
      await server.stop();
    }
  });

  it("imports a herd from a CSV file, naming the rows it refuses, in English at 390 px", async () => {
    const setup = await newPage(browser);
    const account = await createClientAccount(setup, { phone: uniqueMobile() });
    await setup.context().close();
    const page = await newPage(browser, phone);
    await signInAsClient(page, account.email, account.password);
    await page.goto("/client-herd");
    const file = (text: string) => ({ name: "herd.csv", mimeType: "text/csv", buffer: Buffer.from(text) });
    await page.setInputFiles("#cow-csv", file("tag,breed\nKE-1,Jersey\nKE-1,Jersey\nKE-2,\n"));
    const errors = page.getByTestId("import-errors");
    await errors.getByText("row 3: tag KE-1 is twice in the file").waitFor();
    await errors.getByText("row 4: Breed is required").waitFor();
    await screenshot(page, "herd-import-refused-en-390", { fullPage: false });
    expect(await page.getByTestId("cow").count()).toBe(0);
    await page.setInputFiles("#cow-csv", file("Tag,Name,Breed\nKE-1,Neema,Jersey\nKE-2,,Ayrshire\n"));
    await page.getByTestId("toast").getByText("2 cows added").waitFor();
    await page.getByTestId("cow").filter({ hasText: "Neema" }).waitFor();
    expect(await page.getByTestId("cow").count()).toBe(2);
    expect(await errors.count()).toBe(0);
    await page.context().close();
  });
});
