import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  desktop,
  expectToast,
  newPage,
  phone,
  screenshot,
  signInAsClient,
  signInAsStaff,
} from "./support/browser";
import { createClientAccount, createCow, post, uniqueMobile, uniqueTag } from "./support/fixtures";
import { browser } from "./support/session";

/** A new flask on the books, made by the staff member signed in on `page`. */
const addFlask = (page: Page, serial: string) =>
  post<{ id: number }>(page, "/api/flasks", {
    serial,
    kind: "flask",
    capacityStraws: 50,
    ln2CapacityKg: 3.6,
  });

/** An item's id as staff find it in the inventory, by its code. */
async function itemId(page: Page, code: string): Promise<number> {
  const items = (await (await page.request.get(`/api/inventory?search=${code}`)).json()) as {
    id: number;
    itemId: string;
  }[];
  return items.find((i) => i.itemId === code)!.id;
}

/** Peter Kamau's user id, as the lend dialog's search finds him. */
async function technicianId(page: Page): Promise<number> {
  const res = await page.request.get("/api/flasks/holders?search=");
  const people = (await res.json()) as { id: number; name: string }[];
  return people.find((p) => p.name === "Peter Kamau")!.id;
}

/**
 * Technicians in the field (issue 40 §3): the store lends a flask with straws and takes it back weighed; a
 * technician with no signal records an insemination on his phone, and it syncs once when the signal returns.
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
    const hf = await itemId(page, "SEM-HF-101");
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

  it("records an insemination with no signal and syncs it once when the signal returns", async () => {
    // A farmer's cow with an AI visit, a flask of straws lent to Peter Kamau, and the visit given to him.
    const setup = await newPage(browser, desktop);
    const account = await createClientAccount(setup, { phone: uniqueMobile() });
    await setup.context().close();
    const farm = await newPage(browser, desktop);
    await signInAsClient(farm, account.email, account.password);
    const tag = `KE-${uniqueTag()}`;
    const cow = await createCow(farm, tag, "Imani");
    const visit = await post<{ id: number }>(farm, "/api/client/service-requests", {
      cowId: cow.id,
      kind: "ai",
      location: { county: "Kiambu", ward: "Githunguri" },
      phone: "0722 000 222",
    });
    const store = await newPage(browser, desktop);
    await signInAsStaff(store, "lab@urithi.co.ke");
    const flask = await addFlask(store, `FL-${uniqueTag()}`);
    await post(store, `/api/flasks/${flask.id}/issue`, {
      items: [{ inventoryItemId: await itemId(store, "SEM-HF-101"), quantity: 3 }],
    });
    const peter = await technicianId(store);
    await post(store, `/api/flasks/${flask.id}/lend`, {
      holderUserId: peter,
      dueOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      depositKes: 0,
      weightOutKg: 3.6,
    });
    await post(store, `/api/service-requests/${visit.id}/assign`, { technicianId: peter });
    await store.context().close();

    const field = await newPage(browser, phone);
    await signInAsStaff(field, "field@urithi.co.ke", "demo1234", "/field");
    const job = field.getByTestId("service-request").filter({ hasText: tag });
    await job.waitFor();
    await field
      .getByTestId("my-flask")
      .getByText(/: \d+ straws/)
      .waitFor();

    // The signal goes: the record is saved on the phone and waits.
    await field.context().setOffline(true);
    await job.getByRole("button", { name: "Record the insemination" }).click();
    const form = job.getByRole("form", { name: `Record the visit to ${tag}` });
    const straw = await form.locator("option", { hasText: "(3 in" }).first().getAttribute("value");
    await form.getByLabel("Straw from your flask").selectOption(straw!);
    await form.getByLabel("Body condition (1–5)").selectOption("2.75");
    await form.getByRole("button", { name: "Save the record" }).click();
    await expectToast(field, "Saved on this phone");
    await field.getByTestId("sync-status").getByText("1 record waiting to sync").waitFor();
    await screenshot(field, "field-offline-phone");

    // The signal returns: it syncs, once, and the visit is done.
    await field.context().setOffline(false);
    await field.getByTestId("sync-status").getByText("All records synced").waitFor();
    await job.waitFor({ state: "detached" });
    await screenshot(field, "field-synced-phone");
    const events = (await (await farm.request.get(`/api/client/cows/${cow.id}/events`)).json()) as {
      type: string;
      source: string;
    }[];
    expect(events.filter((e) => e.type === "insemination")).toEqual([
      expect.objectContaining({ type: "insemination", source: "technician" }),
    ]);
    await field.reload();
    await field.getByTestId("sync-status").getByText("All records synced").waitFor();
    const again = (await (await farm.request.get(`/api/client/cows/${cow.id}/events`)).json()) as unknown[];
    expect(again).toHaveLength(1);
    await field.context().close();
    await farm.context().close();
  });
});
