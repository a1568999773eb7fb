import { describe, expect, it } from "vitest";
import { baseUrl, expectToast, newPage, screenshot, signInAsStaff } from "./support/browser";
import { uniqueTag } from "./support/fixtures";
import { browser } from "./support/session";

/**
 * Breeding outcomes (issue 36): the breed list is the catalogue's, a calving is final unless corrected with
 * a reason, and the record keeps every change with who made it.
 */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe("breeding outcomes", () => {
  it("offers the catalogue's breeds, and corrects a calving with a reason kept in the history", async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, "lab@urithi.co.ke");
    await page.goto("/breeding");
    await page.getByRole("button", { name: "Add Breeding Record" }).click();
    const dialog = page.getByRole("dialog");
    await expect
      .poll(() => dialog.getByLabel("Breed").locator("option").allTextContents())
      .toEqual(expect.arrayContaining(["Boran", "Guernsey", "Holstein", "Friesian"]));
    await page.keyboard.press("Escape");

    const animalId = `COR-${uniqueTag().toUpperCase()}`;
    const created = await page.request.post(`${baseUrl()}/api/breeding-records`, {
      data: {
        animalId,
        animalName: "Nyambura",
        breedType: "Boran",
        serviceType: "AI",
        serviceDate: daysAgo(260),
        technician: "Dr. Sarah Wanjiku",
        geneticMaterial: "SEM-BO-230",
      },
    });
    expect(created.status()).toBe(201);
    await page.getByLabel("Search breeding records").fill(animalId);
    const row = page.getByTestId("breeding-row").filter({ hasText: animalId });
    await row.waitFor();
    await row.getByLabel(`Status of ${animalId}`).selectOption("calved");
    await dialog.getByLabel("Calving date").fill(daysAgo(2));
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Record status updated");
    // Calved is final on the row: only a correction with a reason changes it.
    await row.getByText("calved").waitFor();
    expect(await row.getByLabel(`Status of ${animalId}`).count()).toBe(0);

    await row.getByRole("button", { name: `View ${animalId}` }).click();
    const history = dialog.getByTestId("breeding-history");
    await history.getByText(/Breeding → Calved/).waitFor();
    await dialog.getByRole("button", { name: "Correct outcome" }).click();
    await dialog.getByLabel("Outcome").selectOption("pregnant");
    await dialog.getByLabel("Pregnancy diagnosis date").fill(daysAgo(200));
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Say why the outcome is corrected").waitFor();
    await dialog.getByLabel("Why it is corrected *").fill("The calving was another cow's");
    await screenshot(page, "breeding-correct-desktop", { fullPage: false });
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Record status updated");
    // No longer calved, so the row's status select is back, at Pregnant.
    await expect.poll(() => row.getByLabel(`Status of ${animalId}`).inputValue()).toBe("pregnant");
    await row.getByRole("button", { name: `View ${animalId}` }).click();
    await history.getByText(/Calved → Pregnant/).waitFor();
    await history.getByText("Correction: The calving was another cow's").waitFor();
    expect(await history.textContent()).toContain("Faith Achieng");
    await screenshot(page, "breeding-history-desktop", { fullPage: false });
    await page.context().close();
  });
});
