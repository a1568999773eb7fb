import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  desktop,
  newPage,
  phone,
  screenshot,
  signInAsClientInKiswahili,
  signInAsStaff,
} from "./support/browser";
import { createClientAccount, placeClientOrder } from "./support/fixtures";
import { browser } from "./support/session";

/**
 * The farmer's data rights (issue 38 §5), in Kiswahili on a phone: download a copy of their data, choose
 * about marketing, read the privacy notice, delete the account; Directors see the requests.
 */
describe("data rights", () => {
  it("downloads the farmer's data, records a marketing choice, and deletes the account", async () => {
    const page = await newPage(browser, phone);
    const account = await createClientAccount(page, { language: "sw" });
    await signInAsClientInKiswahili(page, account.email, account.password);
    const { orderNumber } = await placeClientOrder(page, "SEM-JE-106", "bank");

    await page.goto("/client-account");
    await page.getByRole("heading", { name: "Data yako" }).waitFor();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Pakua data yangu" }).click();
    const file = await (await download).path();
    const files = unzipSync(new Uint8Array(readFileSync(file)));
    expect(Object.keys(files)).toContain("orders.csv");
    expect(strFromU8(files["orders.csv"]!)).toContain(orderNumber);
    expect(JSON.parse(strFromU8(files["profile.json"]!)).account.email).toBe(account.email);

    const marketing = page.getByLabel("Nitumie habari, ofa na ushauri wa ufugaji", { exact: false });
    expect(await marketing.isChecked()).toBe(false);
    await marketing.click();
    await page.getByText("Uchaguzi wako kuhusu ujumbe wa matangazo umehifadhiwa.").first().waitFor();
    await expect.poll(() => marketing.isChecked()).toBe(true);
    await screenshot(page, "my-data-sw-phone");

    // Correcting the profile: the farm's new name is kept.
    const profile = page.getByRole("form", { name: "Wasifu wako" });
    await expect.poll(() => profile.getByLabel("Jina la shamba *").inputValue()).not.toBe("");
    await profile.getByLabel("Jina la shamba *").fill("Shamba la Chebet");
    await profile.getByRole("button", { name: "Hifadhi wasifu" }).click();
    await page.getByText("Wasifu wako umehifadhiwa.").first().waitFor();
    expect(
      ((await (await page.request.get("/api/client/profile")).json()) as { farmName: string }).farmName,
    ).toBe("Shamba la Chebet");

    await page.getByRole("button", { name: "Futa akaunti yangu" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("miaka mitano", { exact: false }).waitFor();
    await dialog.getByLabel("Nenosiri lako, kuthibitisha").fill("si-hilo-kabisa");
    await dialog.getByRole("button", { name: "Futa akaunti yangu" }).click();
    await dialog.getByText("Nenosiri lako si sahihi").waitFor();
    await screenshot(page, "delete-account-sw-phone");
    await dialog.getByLabel("Nenosiri lako, kuthibitisha").fill(account.password);
    await dialog.getByRole("button", { name: "Futa akaunti yangu" }).click();
    await page.getByText("Akaunti yako imefutwa.").first().waitFor();
    await page.waitForURL((url) => url.pathname === "/");
    const again = await page.request.post("/api/client-login", {
      data: { email: account.email, password: account.password },
    });
    expect(again.status()).toBe(401);

    const director = await newPage(browser, desktop);
    await signInAsStaff(director, "director1@urithi.co.ke");
    await director.getByRole("link", { name: "Data Requests" }).click();
    await director.waitForURL("**/data-requests");
    await director.getByLabel("Filter by kind").selectOption("deletion");
    await director.getByTestId("data-request-row").first().getByText("Account deletion").waitFor();
    await screenshot(director, "data-requests-desktop");
  });

  it("shows the privacy notice in both languages, linked from signup and the landing page's footer", async () => {
    const page = await newPage(browser, phone);
    await page.goto("/client-signup");
    await page.getByRole("link", { name: "How we use your data: see our privacy notice." }).click();
    await page.waitForURL("**/privacy");
    await page.getByRole("heading", { name: "Privacy notice" }).waitFor();
    await page.getByText("five years", { exact: false }).first().waitFor();
    await screenshot(page, "privacy-en-phone");
    await page.evaluate(() => localStorage.setItem("urithi:language", "sw"));
    await page.reload();
    await page.getByRole("heading", { name: "Taarifa ya faragha" }).waitFor();
    const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    expect(scroll).toBeLessThanOrEqual(width!);
    await screenshot(page, "privacy-sw-phone");
    await page.goto("/landing");
    await page.getByRole("contentinfo").getByRole("link", { name: "Taarifa ya faragha" }).click();
    await page.waitForURL("**/privacy");
  });
});
