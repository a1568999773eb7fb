import { describe, expect, it } from "vitest";
import {
  desktop,
  expectToast,
  newPage,
  phone,
  screenshot,
  signInAsClientInKiswahili,
  signInAsStaff,
} from "./support/browser";
import { farmerWithCow, inseminateOffline, lendStrawsToPeter } from "./support/field";
import {
  answerPrompt,
  createClientAccount,
  createCow,
  newestMessage,
  uniqueMobile,
  uniqueTag,
} from "./support/fixtures";
import { browser } from "./support/session";

const narrow = { width: 360, height: 740 };

/**
 * AI service booking (issue 40 §2–3): a farmer asks for an inseminator in Kiswahili on a 360 px phone and
 * reads the AM–PM rule's window; the dispatcher assigns a Field Technician on /dispatch; the farmer sees who
 * is coming and gets his name and phone by SMS; the technician, with no signal, records the insemination
 * on /field, and it syncs once when the signal returns.
 */
describe("AI service booking", () => {
  it("books an inseminator, dispatches a technician, and the technician closes the visit", async () => {
    const mobile = uniqueMobile();
    const setup = await newPage(browser, desktop);
    const account = await createClientAccount(setup, { phone: mobile, language: "sw" });
    await setup.context().close();
    const farm = await newPage(browser, narrow);
    await signInAsClientInKiswahili(farm, account.email, account.password);
    const tag = `KE-${uniqueTag()}`;
    const cow = await createCow(farm, tag, "Neema");
    // The store has lent Peter Kamau a flask of straws.
    const store = await newPage(browser, desktop);
    await signInAsStaff(store, "lab@urithi.co.ke");
    const flask = await lendStrawsToPeter(store);
    await store.context().close();

    await farm.goto(`/client-herd/${cow.id}`);
    const visits = farm.getByTestId("visits");
    await visits.getByRole("button", { name: "Omba mtaalamu wa kupandisha" }).click();
    const form = farm.getByRole("form", { name: "Omba mtaalamu wa kupandisha" });
    await form.getByLabel("Huduma").selectOption("ai");
    await form.getByLabel("Ulimwona kwenye joto lini?").fill("2026-01-01T07:00");
    // The AM–PM rule says when, in plain words, from the time she was seen.
    expect(await farm.getByTestId("am-pm").textContent()).toMatch(
      /^Alionekana asubuhi, kwa hiyo apandishwe mchana wa leo: .+, 14:00–19:00\.$/,
    );
    const now = new Date(Date.now() + 3 * 3_600_000 - 30 * 60_000).toISOString().slice(0, 16);
    await form.getByLabel("Ulimwona kwenye joto lini?").fill(now);
    await form.getByLabel("Kaunti *").selectOption("Nakuru");
    await form.getByLabel("Wadi au kijiji").fill("Bahati");
    await form.getByLabel("Jinsi ya kufika shambani").fill("Nyuma ya soko la Bahati, lango la bluu");
    expect(await farm.getByTestId("visit-price").textContent()).toMatch(
      /^Bei KSh 1,500, lipa baada ya huduma\.$/,
    );
    await screenshot(farm, "visit-form-sw-360");
    await form.getByRole("button", { name: "Omba huduma" }).click();
    await expectToast(farm, "Ombi limetumwa");
    const visit = visits.getByTestId("visit").first();
    await visit.getByText("Inasubiri mtaalamu").waitFor();
    expect(await farm.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(narrow.width);

    // The dispatcher finds it under Nakuru and sends Peter Kamau.
    const board = await newPage(browser, desktop);
    await signInAsStaff(board, "scientist@urithi.co.ke");
    await board.goto("/dispatch?county=Nakuru");
    const card = board.getByTestId("service-request").filter({ hasText: tag });
    await card.waitFor();
    expect(await card.textContent()).toContain("Bahati, Nakuru");
    await screenshot(board, "dispatch-desktop");
    await card.getByRole("button", { name: "Assign" }).click();
    const dialog = board.getByRole("dialog");
    const peter = await dialog.locator("option", { hasText: "Peter Kamau" }).getAttribute("value");
    await dialog.getByLabel("Field technician").selectOption(peter!);
    await dialog.getByRole("button", { name: "Assign" }).click();
    await expectToast(board, "Technician assigned");
    await board.goto("/dispatch?status=assigned&county=Nakuru");
    await board.getByTestId("service-request").filter({ hasText: tag }).getByText("Peter Kamau").waitFor();
    const director = await newPage(browser, desktop);
    await signInAsStaff(director, "director1@urithi.co.ke");
    const sms = await newestMessage(director, `+254${mobile.slice(1)}`, "service_assigned");
    expect(sms).toMatch(
      /^Urithi: Peter Kamau, \+254 722 500 107, atakuja kumpandisha Neema tarehe .+\. Bei KSh 1,500\.$/,
    );
    await director.context().close();

    await farm.reload();
    await visits.getByText("Mtaalamu yuko njiani").waitFor();
    await visits.getByRole("link", { name: "+254 722 500 107" }).waitFor();
    await screenshot(farm, "visit-assigned-sw-360");

    // The technician, on a phone, finds the job; with no signal he records the insemination with a straw
    // from his flask, and it syncs once when the signal returns: the visit is done.
    const field = await newPage(browser, phone);
    await signInAsStaff(field, "field@urithi.co.ke", "demo1234", "/field");
    const job = field.getByTestId("service-request").filter({ hasText: tag });
    await job.waitFor();
    expect(await job.getByRole("link", { name: "Directions" }).getAttribute("href")).toContain(
      "google.com/maps",
    );
    await screenshot(field, "field-jobs-phone");
    await inseminateOffline(field, job, tag, flask.serial);
    await screenshot(field, "field-offline-phone");
    await field.context().setOffline(false);
    await field.getByTestId("sync-status").getByText("All records synced").waitFor();
    await job.waitFor({ state: "detached" });
    await field.reload();
    await field.getByTestId("sync-status").getByText("All records synced").waitFor();
    const events = (await (await farm.request.get(`/api/client/cows/${cow.id}/events`)).json()) as {
      type: string;
      source: string;
    }[];
    expect(events).toEqual([expect.objectContaining({ type: "insemination", source: "technician" })]);
    await farm.reload();
    await visits.getByText("Imekamilika").waitFor();
    await farm.getByTestId("cow-events").getByText("Kupandishwa").waitFor();
    await screenshot(farm, "visit-done-sw-360");
    // The visit is charged at its price and the M-Pesa prompt went to the visit's phone: the farmer
    // accepts it on the simulator's handset, and the visit's order is paid.
    await visits.getByRole("link", { name: "Angalia agizo na ulipe" }).click();
    await farm
      .getByText(/AI visit: Neema/)
      .first()
      .waitFor();
    const visitOrder = (await (
      await farm.request.get(farm.url().replace("/client-orders/", "/api/client/orders/"))
    ).json()) as {
      orderNumber: string;
      totalAmountKes: number;
    };
    expect(visitOrder.totalAmountKes).toBe(1500);
    const handset = await newPage(browser, narrow);
    await answerPrompt(handset, visitOrder.orderNumber);
    await handset.context().close();
    await expect
      .poll(async () => {
        const res = await farm.request.get(farm.url().replace("/client-orders/", "/api/client/orders/"));
        return ((await res.json()) as { amountPaidKes: number }).amountPaidKes;
      })
      .toBe(1500);
    await farm.reload();
    await screenshot(farm, "visit-order-paid-sw-360");
    await board.context().close();
    await field.context().close();
    await farm.context().close();
  });

  it("lets a farmer ask for a PD in English and cancel it, and shows the board at phone width", async () => {
    const { farm, tag, cow } = await farmerWithCow(browser, "Baraka");
    await farm.goto(`/client-herd/${cow.id}`);
    const visits = farm.getByTestId("visits");
    await visits.getByRole("button", { name: "Ask for an inseminator" }).click();
    const form = farm.getByRole("form", { name: "Ask for an inseminator" });
    await form.getByLabel("Visit for").selectOption("pd");
    // No county: the field says so, and nothing is sent.
    await form.getByRole("button", { name: "Ask for a visit" }).click();
    await form.getByText("Choose a county").waitFor();
    await form.getByLabel("County *").selectOption("Kiambu");
    expect(await farm.getByTestId("visit-price").textContent()).toBe(
      "Price KSh 1,000, paid after the visit.",
    );
    await form.getByRole("button", { name: "Ask for a visit" }).click();
    await visits.getByText("Waiting for a technician").waitFor();
    await screenshot(farm, "visit-requested-en-desktop");
    await visits.getByRole("button", { name: "Cancel the visit" }).click();
    await visits.getByText("Cancelled").waitFor();
    // A second one is closed by the dispatcher from the board once a technician was out.
    await visits.getByRole("button", { name: "Ask for an inseminator" }).click();
    await form.getByLabel("Visit for").selectOption("pd");
    await form.getByLabel("County *").selectOption("Kiambu");
    await form.getByRole("button", { name: "Ask for a visit" }).click();
    await visits.getByText("Waiting for a technician").waitFor();

    const board = await newPage(browser, phone);
    await signInAsStaff(board, "lab@urithi.co.ke");
    await board.goto("/dispatch?status=cancelled&county=Kiambu");
    await board
      .getByTestId("service-request")
      .filter({ hasText: tag })
      .getByText("Cancelled by the farmer")
      .waitFor();
    await board.goto("/dispatch?status=requested&county=Kiambu");
    const waiting = board.getByTestId("service-request").filter({ hasText: tag });
    await waiting.getByRole("button", { name: "Assign" }).click();
    const dialog = board.getByRole("dialog");
    const peter = await dialog.locator("option", { hasText: "Peter Kamau" }).getAttribute("value");
    await dialog.getByLabel("Field technician").selectOption(peter!);
    await dialog.getByRole("button", { name: "Assign" }).click();
    await board.goto("/dispatch?status=assigned&county=Kiambu");
    const out = board.getByTestId("service-request").filter({ hasText: tag });
    await out.getByRole("button", { name: "Mark done" }).click();
    await out.waitFor({ state: "detached" });
    await farm.reload();
    await visits.getByText("Done").waitFor();
    expect(await board.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await screenshot(board, "dispatch-phone");
    await board.context().close();
    await farm.context().close();
  });
});
