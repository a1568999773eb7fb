import type { Browser, Locator, Page } from "playwright-core";
import { desktop, expectToast, newPage, signInAsClient } from "./browser";
import { createClientAccount, createCow, post, uniqueMobile, uniqueTag } from "./fixtures";

/** A new farmer of the test's own, signed in in English on a desktop page, with one cow named `name`. */
export async function farmerWithCow(browser: Browser, name: string) {
  const setup = await newPage(browser, desktop);
  const account = await createClientAccount(setup, { phone: uniqueMobile() });
  await setup.context().close();
  const farm = await newPage(browser, desktop);
  await signInAsClient(farm, account.email, account.password);
  const tag = `KE-${uniqueTag()}`;
  return { farm, tag, cow: await createCow(farm, tag, name) };
}

/** An item's id as staff find it in the inventory, by its code. */
export async function staffItemId(page: Page, code: string): Promise<number> {
  const res = await page.request.get(`/api/inventory?search=${code}`);
  const items = (await res.json()) as { id: number; itemId: string }[];
  return items.find((i) => i.itemId === code)!.id;
}

/** Peter Kamau's user id, as the flask lend dialog finds him. */
export async function technicianId(page: Page): Promise<number> {
  const people = (await (await page.request.get("/api/flasks/holders?search=")).json()) as {
    id: number;
    name: string;
  }[];
  return people.find((p) => p.name === "Peter Kamau")!.id;
}

/** A flask of `straws` SEM-HF-101 straws lent to Peter Kamau, by the store staff signed in on `page`. */
export async function lendStrawsToPeter(page: Page, straws = 3): Promise<{ id: number; serial: string }> {
  const serial = `FL-${uniqueTag()}`;
  const flask = await post<{ id: number }>(page, "/api/flasks", {
    serial,
    kind: "flask",
    capacityStraws: 50,
    ln2CapacityKg: 3.6,
  });
  await post(page, `/api/flasks/${flask.id}/issue`, {
    items: [{ inventoryItemId: await staffItemId(page, "SEM-HF-101"), quantity: straws }],
  });
  await post(page, `/api/flasks/${flask.id}/lend`, {
    holderUserId: await technicianId(page),
    dueOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    depositKes: 0,
    weightOutKg: 3.6,
  });
  return { id: flask.id, serial };
}

/**
 * With the phone's signal gone, records an insemination on the job with a straw from `flaskSerial`: it is
 * saved on the phone and waits. The caller brings the signal back.
 */
export async function inseminateOffline(field: Page, job: Locator, tag: string, flaskSerial: string) {
  await field.context().setOffline(true);
  await job.getByRole("button", { name: "Record the insemination" }).click();
  const form = job.getByRole("form", { name: `Record the visit to ${tag}` });
  const straw = await form
    .locator("option", { hasText: `in ${flaskSerial})` })
    .first()
    .getAttribute("value");
  await form.getByLabel("Straw from your flask").selectOption(straw!);
  await form.getByLabel("Body condition (1–5)").selectOption("2.75");
  await form.getByRole("button", { name: "Save the record" }).click();
  await expectToast(field, "Saved on this phone");
  await field.getByTestId("sync-status").getByText("1 record waiting to sync").waitFor();
}
