import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { desktop, newPage, screenshot, signInAsClientInKiswahili, signInAsStaff } from "./support/browser";
import {
  createClientAccount,
  nairobiDay,
  placeClientOrder,
  shipClientOrder,
  uniqueMobile,
  uniqueTag,
} from "./support/fixtures";
import { startServer } from "./support/global-setup";
import { browser } from "./support/session";

const narrow = { width: 360, height: 740 };

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

      await inseminate(page, zawadi, 18, "bought");
      const served = page.getByTestId("cow-events").locator("li").first();
      expect(await served.textContent()).toMatch(/Mbegu za Holstein Friesian: .+ · kundi \S+ · 07:30/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        narrow.width,
      );
      await screenshot(page, "cow-sw-360");
      const baraka = `KE-${uniqueTag()}`;
      await page.goto("/client-herd");
      await addCow(page, baraka, "Baraka");
      await inseminate(page, baraka, 60, "other");

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

      // The farmer answers "1" as Africa's Talking delivers it: Baraka is recorded in calf, by SMS.
      const reply = await page.request.post("/api/messages/incoming?secret=urithi-demo-callbacks", {
        form: { id: `at-${uniqueTag()}`, from: `+254${mobile.slice(1)}`, to: "22384", text: "1" },
      });
      expect(await reply.json()).toEqual({ outcome: "pd_recorded" });
      await page.goto("/client-herd");
      await page.getByRole("link", { name: `Fungua ${baraka}` }).click();
      const events = page.getByTestId("cow-events");
      await events.getByText("Kupima mimba").waitFor();
      expect(await events.locator("li").first().textContent()).toContain("Ana mimba · kwa SMS");
      await screenshot(page, "cow-pd-by-sms-sw-360");
      await director.context().close();
      await page.context().close();
    } finally {
      await server.stop();
    }
  });
});
