import { describe, expect, it } from "vitest";
import { expectToast, newPage, phone, screenshot, signInAsStaff } from "./support/browser";
import { createTank } from "./support/fixtures";
import { browser } from "./support/session";

/** Readings are checked, a wrong one is voided, and only a person closes an alarm (issue 36). */
describe("checked readings", () => {
  it("refuses 80 cm on a 55 cm tank, voids a wrong temperature, and keeps the critical alert until acknowledged", async () => {
    const page = await newPage(browser, phone);
    await signInAsStaff(page, "lab@urithi.co.ke");
    const tank = await createTank(page, { fullLevelCm: 55 });
    await page.goto("/storage");
    const card = page.getByTestId(`tank-${tank.name}`);
    const dialog = page.getByRole("dialog");

    await card.getByRole("button", { name: `Level, ${tank.name}` }).click();
    await dialog.getByLabel("Level").fill("80");
    await dialog.getByRole("button", { name: "Save level" }).click();
    await dialog.getByText("At most 55 cm, this tank's full depth").waitFor();
    await screenshot(page, "level-refused-phone", { fullPage: false });
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "detached" });

    const recordTemperature = async (value: string) => {
      await card.getByRole("button", { name: `Temperature, ${tank.name}` }).click();
      await dialog.getByLabel("Temperature (°C)").fill(value);
      await dialog.getByRole("button", { name: "Save temperature" }).click();
      await expectToast(page, "Temperature recorded");
    };
    await recordTemperature("-120");
    const alert = page.locator("li", { hasText: `${tank.name}` }).filter({ hasText: "Temperature:" });
    await alert.getByRole("button", { name: /^Acknowledge/ }).waitFor();
    // A wrong reading that looks normal clears the condition, but the alert stays for a person to close.
    await recordTemperature("-196");
    await alert.getByTestId("alert-cleared").waitFor();

    await card.getByRole("button", { name: `Readings, ${tank.name}` }).click();
    const list = dialog.getByTestId("readings-list").getByTestId("reading");
    // Newest first: the wrong -196, the true -120, and the tank's first reading when it was added.
    await list.nth(2).waitFor();
    const wrong = list.first();
    expect(await wrong.textContent()).toContain("-196°C");
    await wrong.getByRole("button", { name: "Void -196°C" }).click();
    await wrong.getByLabel("Why is -196°C wrong?").fill("Typed the spec sheet, not the dial");
    await wrong.getByRole("button", { name: "Void reading" }).click();
    await expectToast(page, "Reading voided");
    await wrong.getByText(/Voided by .*Typed the spec sheet, not the dial/).waitFor();
    expect(await wrong.locator(".line-through").count()).toBe(1);
    await screenshot(page, "reading-voided-phone", { fullPage: false });
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "detached" });

    await card.getByText("-120°C").waitFor();
    await alert.getByTestId("alert-cleared").waitFor({ state: "detached" });
    await alert.getByRole("button", { name: /^Acknowledge/ }).click();
    await dialog.getByLabel("What was done").fill("Lid reseated, dewar topped up");
    await dialog.getByRole("button", { name: "Acknowledge", exact: true }).click();
    await alert.waitFor({ state: "detached" });
    await page.context().close();
  });
});
