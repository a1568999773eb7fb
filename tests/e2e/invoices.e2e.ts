import { execFileSync } from "node:child_process";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  baseUrl,
  expectToast,
  newPage,
  orderFromCart,
  phone,
  screenshot,
  signInAsClient,
  signInAsStaff,
} from "./support/browser";
import { answerPrompt, createClientAccount, createStrawItem } from "./support/fixtures";
import { browser } from "./support/session";

/** Issue 37: tax invoices, credit notes, the eTIMS screen and statements, as people use them. */

const api = async (page: Page, method: "GET" | "POST", url: string, data?: unknown) => {
  const res = await page.request.fetch(`${baseUrl()}${url}`, { method, data });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
};

/** Waits for the eTIMS queue (on the outbox's beat) to take a document to `status`. */
async function etimsReaches(page: Page, path: string, status: string) {
  for (let i = 0; i < 40; i++) {
    const doc = await api(page, "GET", path);
    if (doc.etims.status === status) return doc;
    await page.waitForTimeout(500);
  }
  throw new Error(`${path} never became ${status}`);
}

/** The text of a PDF the browser downloaded by clicking `link`. */
async function downloadedText(page: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  return execFileSync("pdftotext", ["-layout", await download.path(), "-"], { encoding: "utf8" });
}

async function paidClientOrder(client: Page, director: Page, itemId: string) {
  const orderNumber = await orderFromCart(client, itemId, "Bank Transfer");
  const orders = await api(client, "GET", "/api/client/orders?limit=5");
  const order = orders.find((o: { orderNumber: string }) => o.orderNumber === orderNumber);
  await api(director, "POST", `/api/orders/${order.id}/payments`, {
    method: "bank",
    amountKes: order.totalAmountKes,
    reference: `FT-${orderNumber}`,
    date: new Date().toISOString().slice(0, 10),
  });
  return order as { id: number; orderNumber: string; totalAmountKes: number };
}

describe("tax invoices", () => {
  it("a client pays by M-Pesa and downloads the invoice, with KRA's QR, from My Orders", async () => {
    const client = await newPage(browser, phone);
    await signInAsClient(client);
    const orderNumber = await orderFromCart(client, "SEM-JE-106", "M-Pesa");
    const pay = client.getByTestId(`pay-${orderNumber}`);
    await pay.getByLabel("M-Pesa phone number").fill("0712 345 678");
    await pay.getByRole("button", { name: /with M-Pesa/ }).click();
    await pay.getByText(/Check your phone/).waitFor();
    const handset = await newPage(browser, phone);
    await answerPrompt(handset, orderNumber);
    await pay.getByText("Paid in full. Thank you!").waitFor({ timeout: 15_000 });
    const orders = await api(client, "GET", "/api/client/orders?limit=5");
    const order = orders.find((o: { orderNumber: string }) => o.orderNumber === orderNumber);
    const invoice = await etimsReaches(client, `/api/orders/${order.id}/invoice`, "accepted");
    expect(invoice.paymentType).toBe("06");

    await client.goto("/client-portal");
    const row = client.getByTestId("client-document").filter({ hasText: invoice.number });
    await row.getByText("Accepted by KRA").waitFor();
    await row.getByRole("button", { name: "View" }).click();
    const dialog = client.getByRole("dialog");
    await dialog.getByTestId("qr-label").locator("svg").waitFor();
    expect(await dialog.getByRole("link", { name: "Check this receipt with KRA" }).getAttribute("href")).toBe(
      invoice.etims.qrUrl,
    );
    await dialog.getByText(`Receipt signature: ${invoice.etims.signature}`).waitFor();
    await screenshot(client, "invoice-client-phone");
    const text = await downloadedText(client, () =>
      dialog.getByRole("link", { name: "Download PDF" }).click(),
    );
    expect(text).toContain("TAX INVOICE");
    expect(text).toContain(invoice.number);
    expect(text).toContain("Mobile money (06)");
    expect(text).toContain(invoice.etims.signature);

    // The same, in Kiswahili, on a desktop.
    const wide = await newPage(browser);
    await signInAsClient(wide);
    await wide.getByRole("combobox", { name: "Language" }).selectOption("sw");
    try {
      await wide.goto("/client-portal");
      const swRow = wide.getByTestId("client-document").filter({ hasText: invoice.number });
      await swRow.getByText("Imekubaliwa na KRA").waitFor();
      await swRow.getByRole("button", { name: "Angalia" }).click();
      await wide.getByRole("dialog").getByText("Sahihi ya risiti", { exact: false }).waitFor();
      await screenshot(wide, "invoice-client-sw-desktop");
    } finally {
      // The choice is kept on the account: the demo client reads English again for the other tests.
      const res = await wide.request.put(`${baseUrl()}/api/auth/language`, { data: { language: "en" } });
      expect(res.status()).toBe(200);
    }
  });

  it("a Director refunds and cancels a paid order, and the credit note appears for the Director and the client", async () => {
    const account = await createClientAccount(await newPage(browser));
    const client = await newPage(browser);
    await signInAsClient(client, account.email, account.password);
    const director = await newPage(browser);
    await signInAsStaff(director, "director1@urithi.co.ke");
    const order = await paidClientOrder(client, director, "SEM-SA-103");
    const invoice = await etimsReaches(director, `/api/orders/${order.id}/invoice`, "accepted");

    await director.goto("/orders");
    await director.getByLabel("Search orders").fill(order.orderNumber);
    await director
      .getByTestId("order-card")
      .filter({ hasText: order.orderNumber })
      .getByRole("button", { name: /View/ })
      .click();
    const documents = director.getByTestId("order-documents");
    await documents.getByText(invoice.number).waitFor();
    const payments = director.getByTestId("order-payments");
    await payments.getByRole("button", { name: "Refund" }).click();
    await payments.getByLabel("Reference").last().fill("RF-CN-1");
    await payments.getByLabel("Reason *").fill("The farm sold the herd");
    await payments.getByText("Cancel the order too").click();
    await payments.getByRole("button", { name: "Confirm refund" }).click();
    await expectToast(director, "Payment refunded");
    const note = documents.getByTestId("order-document").filter({ hasText: "Credit note" });
    await note.waitFor();
    await screenshot(director, "credit-note-order-desktop");
    const noteNumber = (await note.locator(".font-mono").textContent())!;
    expect(noteNumber).toMatch(/^CN-\d{6}$/);

    await client.goto("/client-portal");
    const row = client.getByTestId("client-document").filter({ hasText: noteNumber });
    await row.getByText(`For invoice ${invoice.number}`, { exact: false }).waitFor();
    await row.getByRole("button", { name: "View" }).click();
    await client.getByRole("dialog").getByText("The farm sold the herd").waitFor();
    await screenshot(client, "credit-note-client-desktop");
  });

  it("a Director sees KRA's reason for a refused invoice, corrects the item's tax type and sends it again", async () => {
    const director = await newPage(browser);
    await signInAsStaff(director, "director1@urithi.co.ke");
    const straw = await createStrawItem(director, 5);
    // Semen is exempt; set wrongly to 16% VAT, KRA refuses it for its class.
    const edit = async (taxLabel: string) => {
      await director.goto(`/inventory?item=${straw.id}`);
      await director.getByRole("dialog").getByRole("button", { name: "Edit details" }).click();
      const form = director.getByRole("dialog", { name: `Edit ${straw.itemId}` });
      await form.getByLabel("Tax type (eTIMS)").selectOption({ label: taxLabel });
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expectToast(director, "Item Updated");
    };
    await edit("B – VAT 16%");
    const client = await newPage(browser);
    await signInAsClient(client);
    const order = await paidClientOrder(client, director, straw.itemId);
    const refused = await etimsReaches(director, `/api/orders/${order.id}/invoice`, "refused");

    await director.goto("/etims?status=refused");
    const row = director.getByTestId("etims-document").filter({ hasText: refused.number });
    await row
      .getByTestId("etims-reason")
      .getByText(/classification 10101500 .* is taxed A, not B/)
      .waitFor();
    await screenshot(director, "etims-refused-desktop");
    const small = await newPage(browser, phone);
    await signInAsStaff(small, "director1@urithi.co.ke");
    await small.goto("/etims?status=refused");
    await small.getByTestId("etims-document").filter({ hasText: refused.number }).waitFor();
    await screenshot(small, "etims-refused-phone");

    await edit("A – Exempt");
    await director.goto("/etims?status=refused");
    await row.getByRole("button", { name: "Resend" }).click();
    await expectToast(director, `${refused.number} will be sent again`);
    const reissued = await etimsReaches(director, `/api/orders/${order.id}/invoice`, "accepted");
    expect(reissued.number).not.toBe(refused.number);
    expect(reissued.lines[0].taxType).toBe("A");
    await director.goto("/etims?status=voided");
    await director
      .getByTestId("etims-document")
      .filter({ hasText: refused.number })
      .getByTestId("etims-status")
      .getByText("Voided")
      .waitFor();
    await director.goto("/etims?status=accepted");
    await director.getByTestId("etims-document").filter({ hasText: reissued.number }).waitFor();
    await screenshot(director, "etims-accepted-desktop");
  });

  it("a client keeps their KRA PIN on the account, and the next invoice carries it", async () => {
    const account = await createClientAccount(await newPage(browser));
    const client = await newPage(browser, phone);
    await signInAsClient(client, account.email, account.password);
    await client.goto("/client-account");
    const form = client.getByRole("form", { name: "Tax details" });
    await form.getByLabel("KRA PIN").fill("12345");
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByText("A KRA PIN is a letter, 9 digits and a letter").waitFor();
    await form.getByLabel("KRA PIN").fill("p051112223q");
    await form.getByRole("button", { name: "Save" }).click();
    await expectToast(client, "Tax details");
    await screenshot(client, "tax-details-phone");
    const director = await newPage(browser);
    await signInAsStaff(director, "director1@urithi.co.ke");
    const order = await paidClientOrder(client, director, "SEM-JE-106");
    const invoice = await api(client, "GET", `/api/orders/${order.id}/invoice`);
    expect(invoice.buyerPin).toBe("P051112223Q");
    // Kiswahili, as chosen on this phone before (the switch itself is language.e2e.ts's).
    await client.evaluate(() => localStorage.setItem("urithi:language", "sw"));
    await client.goto("/client-account");
    const sw = client.getByRole("form", { name: "Maelezo ya kodi" });
    await sw.getByLabel("PIN ya KRA").fill("x");
    await sw.getByRole("button", { name: "Hifadhi" }).click();
    await sw.getByText("PIN ya KRA ni herufi moja, tarakimu 9 na herufi moja").waitFor();
    await screenshot(client, "tax-details-sw-phone");
  });

  it("a Director opens a customer's statement from aged receivables and downloads it as a PDF", async () => {
    const account = await createClientAccount(await newPage(browser));
    const client = await newPage(browser);
    await signInAsClient(client, account.email, account.password);
    const director = await newPage(browser);
    await signInAsStaff(director, "director1@urithi.co.ke");
    const order = await paidClientOrder(client, director, "SEM-JE-106");
    // Part of the money goes back without cancelling: the customer owes it again on the invoice.
    const [payment] = await api(director, "GET", `/api/orders/${order.id}/payments`);
    await api(director, "POST", `/api/payments/${payment.id}/refund`, {
      amountKes: 1000,
      method: "bank",
      reference: "RF-ST-1",
      reason: "Overcharged delivery",
      cancelOrder: false,
    });
    const me = await api(client, "GET", "/api/auth/me");
    // The customer record a client's signup made carries the farm's name.
    const farmer: string = me.user.farmName;

    await director.goto("/financial");
    const aged = director.getByTestId("aged-receivables");
    await aged.getByText("All customers").waitFor();
    // The largest debts come first, fifty to a page: turn pages until the farmer's shows.
    const range = aged.getByTestId("pager-range");
    while ((await aged.getByRole("link", { name: farmer }).count()) === 0) {
      const shown = await range.textContent();
      await aged.getByRole("button", { name: "Next" }).click();
      await director.waitForFunction(([el, before]) => el?.textContent !== before, [
        await range.elementHandle(),
        shown,
      ] as const);
      expect(director.url()).toMatch(/agedPage=\d+/);
    }
    await aged.getByRole("link", { name: farmer }).click();
    await director.waitForURL(/\/customers\/\d+\/statement$/);
    const figures = director.getByTestId("statement-figures");
    await figures.getByText("KSh 1,000").first().waitFor();
    await director.getByTestId("statement-entries").getByText("Refund").waitFor();
    await screenshot(director, "statement-desktop");
    const text = await downloadedText(director, () =>
      director.getByRole("link", { name: "Download PDF" }).click(),
    );
    expect(text).toContain("Statement of account");
    expect(text).toContain(farmer);
    expect(text).toContain("Closing balance: KSh 1,000");
    const small = await newPage(browser, phone);
    await signInAsStaff(small, "director1@urithi.co.ke");
    await small.goto(director.url().replace(baseUrl(), ""));
    await small.getByTestId("statement-entries").getByText("Refund").waitFor();
    await screenshot(small, "statement-phone");
  });
});
