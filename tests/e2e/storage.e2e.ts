import { describe, expect, it } from "vitest";
import { expectToast, newPage, phone, screenshot, signInAsStaff } from "./support/browser";
import { createTank, uniqueTag } from "./support/fixtures";
import { browser } from "./support/session";

describe("cryo storage", () => {
  it("records an LN2 level, a temperature and a refill on a phone", async () => {
    const page = await newPage(browser, phone);
    await signInAsStaff(page, "lab@urithi.co.ke");
    const tank = await createTank(page);
    // From the phone menu, as a technician in the store room would.
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("link", { name: "Cryo Storage", exact: true }).click();
    await page.waitForURL("**/storage");
    const card = page.getByTestId(`tank-${tank.name}`);
    await card.getByText("No level reading yet.").waitFor();

    // A reading is: open, type, save. The level field has focus and a number pad.
    await card.getByRole("button", { name: `Level, ${tank.name}` }).click();
    const dialog = page.getByRole("dialog");
    const levelField = dialog.getByLabel("Level");
    expect(await levelField.getAttribute("inputmode")).toBe("decimal");
    expect(await levelField.evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByRole("button", { name: "Save level" }).click();
    await dialog.getByText("Level must be a number").waitFor();
    await levelField.fill("30");
    await screenshot(page, "storage-level-phone", { fullPage: false });
    await dialog.getByRole("button", { name: "Save level" }).click();
    await expectToast(page, "Level recorded");
    await card.getByTestId("tank-level").getByText("LN2 60%").waitFor();

    await card.getByRole("button", { name: `Temperature, ${tank.name}` }).click();
    await dialog.getByLabel("Temperature (°C)").fill("-195.5");
    await dialog.getByRole("button", { name: "Save temperature" }).click();
    await expectToast(page, "Temperature recorded");
    await card.getByText("-195.5°C").waitFor();

    await card.getByRole("button", { name: `Refill, ${tank.name}` }).click();
    await dialog.getByLabel("Litres").fill("12.5");
    await dialog.getByLabel("Supplier").fill("BOC Kenya");
    await dialog.getByLabel("Level after refill (%)").fill("97");
    await dialog.getByRole("button", { name: "Save refill" }).click();
    await expectToast(page, "Refill recorded");
    await card.getByText("LN2 97%").waitFor();
    await card.getByText(/12\.5 L/).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "storage-phone", { fullPage: false });
  });

  it("adds a tank whose critical temperature a director acknowledges, off the dashboard banner", async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, "director1@urithi.co.ke");
    await page.goto("/storage");
    const name = `Kitale-${uniqueTag()}`;
    await page.getByRole("button", { name: "Add Unit" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name *").fill(name);
    await dialog.getByLabel("Location *").fill("Kitale Satellite Store");
    await dialog.getByLabel("Temperature now (°C)").fill("-141");
    await dialog.getByLabel("Full depth (cm)").fill("55");
    await dialog.getByRole("button", { name: "Add Unit" }).click();
    await expectToast(page, "Storage unit added");

    const alert = page
      .getByRole("region", { name: /Alerts to acknowledge/ })
      .getByRole("listitem")
      .filter({ hasText: `${name} is at -141°C` });
    await alert.getByText("critical", { exact: true }).waitFor();
    await page.goto("/dashboard");
    const banner = page.getByTestId("temperature-alerts");
    await banner.getByText(name).waitFor();

    await page.goto("/storage");
    await alert.waitFor();
    await page.getByTestId("tank-LN2-Tank-C").getByTestId("tank-level").waitFor();
    await screenshot(page, "storage-desktop");
    await alert.getByRole("button", { name: /^Acknowledge/ }).click();
    await dialog.getByRole("button", { name: "Acknowledge" }).click();
    await dialog.getByText("Say what was done (at least 3 characters)").waitFor();
    await dialog.getByLabel("What was done").fill("Lid reseated; LN2 topped up from the dewar");
    await dialog.getByRole("button", { name: "Acknowledge" }).click();
    await expectToast(page, "Alert acknowledged");
    await alert.waitFor({ state: "detached" });
    const history = page
      .getByRole("listitem")
      .filter({ hasText: "Lid reseated; LN2 topped up from the dewar" });
    await history.getByText(/Acknowledged by \S+ \S+/).waitFor();
    await history.getByText("Still active").waitFor();

    await page.goto("/dashboard");
    // The body (and its banner) shows once the alerts have answered.
    await page.getByText("Quick Actions").waitFor();
    expect(await page.getByTestId("temperature-alerts").getByText(name).count()).toBe(0);
  });

  it("is in the menu only for those who look after storage", async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, "sales@urithi.co.ke");
    expect(await page.getByRole("link", { name: "Cryo Storage" }).count()).toBe(0);
    await page.goto("/storage");
    await page.getByText("Access restricted").first().waitFor();
  });
});
