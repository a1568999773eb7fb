import { describe, expect, it } from "vitest";
import { desktop, expectToast, newPage, phone, screenshot, signInAsStaff } from "./support/browser";
import {
  farmerWithCow,
  inseminateOffline,
  lendStrawsToPeter,
  staffItemId,
  technicianId,
} from "./support/field";
import { post, uniqueTag } from "./support/fixtures";
import { browser } from "./support/session";

/**
 * Technicians in the field (issue 40 §3): the store lends a flask with straws and takes it back weighed; a
 * record made offline against a cow the farm changed meanwhile comes back as a conflict the technician sees
 * (dispatch.e2e.ts has the offline record that syncs once).
 */
describe("technicians in the field", () => {
  it("lends a flask with its LN2 weight and takes it back, its straws back in stock", async () => {
    const page = await newPage(browser, desktop);
    await signInAsStaff(page, "lab@urithi.co.ke");
    await page.goto("/flasks");
    const serial = `LN2-${uniqueTag()}`;
    await page.getByRole("button", { name: "Add a flask" }).click();
    let dialog = page.getByRole("dialog");
    await dialog.getByLabel("Serial number").fill(serial);
    await dialog.getByLabel("Holds (straws)").fill("50");
    await dialog.getByLabel("LN2 charge (kg)").fill("3.6");
    await dialog.getByRole("button", { name: "Add" }).click();
    await expectToast(page, "Flask added");
    const row = page.getByTestId("flask-row").filter({ hasText: serial });

    await row.getByRole("button", { name: "Issue straws" }).click();
    dialog = page.getByRole("dialog");
    const hf = await staffItemId(page, "SEM-HF-101");
    await dialog.getByLabel("Semen").selectOption(String(hf));
    await dialog.getByLabel("Straws").fill("2");
    await dialog.getByRole("button", { name: "Issue" }).click();
    await expectToast(page, "Straws issued");
    await row.getByText("2 / 50").waitFor();

    await row.getByRole("button", { name: "Lend" }).click();
    dialog = page.getByRole("dialog");
    const peter = await technicianId(page);
    await dialog.getByLabel("Lend to").selectOption(String(peter));
    await dialog.getByLabel("Deposit (KES)").fill("5000");
    await dialog.getByLabel("Weight out (kg)").fill("3.6");
    await dialog.getByRole("button", { name: "Lend" }).click();
    await expectToast(page, "Flask lent");
    await row.getByText(/Peter Kamau, due/).waitFor();
    await screenshot(page, "flasks-lent-desktop");

    await row.getByRole("button", { name: "Return" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Weight back (kg)").fill("2.2");
    await dialog.getByRole("button", { name: "Record return" }).click();
    await expectToast(page, "Flask returned");
    await row.getByText("0 / 50").waitFor();
    await row.getByRole("button", { name: "History" }).click();
    const history = page.getByTestId("flask-history");
    await history
      .getByTestId("flask-loan")
      .getByText(/Peter Kamau: out .+ at 3\.6 kg, .+; back .+ at 2\.2 kg \(1\.4 kg of LN2 used\)/)
      .waitFor();
    await history.getByText(/returned to the store 2 × SEM-HF-101/).waitFor();
    await screenshot(page, "flask-history-desktop");
    await page.context().close();

    const small = await newPage(browser, phone);
    await signInAsStaff(small, "lab@urithi.co.ke");
    await small.goto("/flasks");
    await small.getByTestId("flask-row").filter({ hasText: serial }).waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await screenshot(small, "flasks-phone");
    await small.context().close();
  });

  it("shows a record the farm changed meanwhile as not recorded, then records a calving on the visit", async () => {
    // A farmer's cow with an AI visit, given to Peter Kamau, who has a flask of straws.
    const { farm, tag, cow } = await farmerWithCow(browser, "Imani");
    const visit = await post<{ id: number }>(farm, "/api/client/service-requests", {
      cowId: cow.id,
      kind: "ai",
      location: { county: "Kiambu", ward: "Githunguri" },
      phone: "0722 000 222",
    });
    const store = await newPage(browser, desktop);
    await signInAsStaff(store, "lab@urithi.co.ke");
    const flask = await lendStrawsToPeter(store);
    await post(store, `/api/service-requests/${visit.id}/assign`, {
      technicianId: await technicianId(store),
    });

    const field = await newPage(browser, phone);
    await signInAsStaff(field, "field@urithi.co.ke", "demo1234", "/field");
    const job = field.getByTestId("service-request").filter({ hasText: tag });
    await job.waitFor();
    // The farmer renames her after the phone loaded the job; the technician records with no signal.
    const renamed = await farm.request.patch(`/api/client/cows/${cow.id}`, { data: { name: "Imani Bora" } });
    expect(renamed.ok()).toBe(true);
    await inseminateOffline(field, job, tag, flask.serial);
    await field.context().setOffline(false);
    await field.getByTestId("sync-status").getByText("All records synced").waitFor();
    const conflicts = field.getByTestId("field-conflicts");
    await conflicts
      .getByText(/insemination for Imani Bora .+ was changed on the farm since your phone loaded her/)
      .waitFor();
    await screenshot(field, "field-conflict-phone");
    await conflicts.getByRole("button", { name: "Dismiss" }).click();
    await conflicts.waitFor({ state: "detached" });
    expect(await (await farm.request.get(`/api/client/cows/${cow.id}/events`)).json()).toEqual([]);

    // The visit is still open. She calved meanwhile: he records it, and the calf joins the herd.
    await job.getByRole("button", { name: "Record the insemination" }).click();
    const form = job.getByRole("form", { name: `Record the visit to ${tag}` });
    await form.getByLabel("What you did").selectOption("calving");
    await form.getByLabel("How it went").selectOption("assisted");
    await form.getByLabel("The calf").selectOption("female");
    await form.getByLabel("Calf's ear tag").fill(`${tag}-C`);
    await screenshot(field, "field-calving-phone");
    await form.getByRole("button", { name: "Save the record" }).click();
    await field.getByTestId("sync-status").getByText("All records synced").waitFor();
    await job.waitFor({ state: "detached" });
    const herd = (await (await farm.request.get("/api/client/cows")).json()) as { tag: string }[];
    expect(herd.map((c) => c.tag)).toContain(`${tag}-C`);

    // The board shows the visit done.
    await store.goto("/dispatch?status=done&county=Kiambu");
    await store.getByTestId("service-request").filter({ hasText: tag }).waitFor();
    await store.context().close();
    await field.context().close();
    await farm.context().close();
  });
});
