import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaxDocument } from "../../../contract/invoices";
import { rowsOf } from "../../db/adapter";
import { etimsSimSales, inventoryItems, orders, taxDocuments } from "../../db/schema";
import { invariantViolations } from "../../testing/invariants";
import { pdfText } from "../../testing/pdf-text";
import {
  asUser,
  clientEmail,
  createTestApp,
  inventoryItem,
  loginAs,
  loginClient,
  secondInstance,
  staffEmails,
  type TestApp,
} from "../../testing/test-app";
import { OscuClient, type OscuRefusal } from "./oscu";
import { retryDelayMs, sendEtimsDocuments } from "./sender";

let t: TestApp;
let client: ReturnType<typeof asUser>;
let director: ReturnType<typeof asUser>;

beforeAll(async () => {
  t = await createTestApp({
    listen: true,
    env: { MAX_OPEN_UNPAID_ORDERS: "100", MAX_OPEN_UNPAID_UNITS: "100000", ETIMS_TIMEOUT_SECONDS: "2" },
  });
  client = asUser(t.app, await loginClient(t.app, clientEmail));
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
});
afterAll(() => t.close());

async function paidOrder(itemId = "SEM-JE-106") {
  const { id } = await inventoryItem(t, itemId);
  const placed = await client.post("/api/client/orders", {
    items: [{ productId: id, quantity: 1 }],
    customerLocation: "Nyeri",
    paymentMethod: "bank",
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json() as { id: number; orderNumber: string };
  const [row] = await t.database.read((db) => db.select().from(orders).where(eq(orders.id, order.id)));
  const paid = await director.post(`/api/orders/${order.id}/payments`, {
    method: "bank",
    amountKes: row!.totalAmountKes,
    reference: `EQ-${order.id}`,
    date: new Date().toISOString().slice(0, 10),
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return order;
}

const invoice = async (orderId: number) =>
  (await director.get(`/api/orders/${orderId}/invoice`)).json() as TaxDocument;
const control = (body: object) =>
  fetch(`${t.baseUrl}/etims-sim/control`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
/** Sends until nothing due is left, as the beat would. */
async function drain() {
  for (let i = 0; i < 10 && (await sendEtimsDocuments(t.ctx)) > 0; i++);
}
/** The invoice numbers KRA's side holds, in order (what a gap or a repeat would show in). */
const acceptedNumbers = () =>
  t.database.read(async (db) =>
    (await db.select({ n: etimsSimSales.invcNo }).from(etimsSimSales).orderBy(etimsSimSales.invcNo)).map(
      (r) => r.n,
    ),
  );
const expectNoGap = (numbers: (number | null)[]) => expect(numbers).toEqual(numbers.map((_, i) => i + 1));

describe("eTIMS through the real OSCU client and the simulator", () => {
  it("sends an invoice and keeps KRA's signature, receipt numbers and the QR link to the receipt check", async () => {
    const order = await paidOrder();
    expect((await invoice(order.id)).etims.status).toBe("queued");
    await drain();
    const sent = await invoice(order.id);
    expect(sent.etims).toMatchObject({
      status: "accepted",
      invoiceNumber: 1,
      receiptNumber: 1,
      lastError: null,
    });
    expect(sent.etims.signature).toMatch(/^[A-Z2-7]{16}$/);
    expect(sent.etims.internalData).toMatch(/^[A-Z2-7]{26}$/);
    expect(sent.etims.controlUnitId).toMatch(/^KRACU/);
    expect(sent.etims.qrUrl).toBe(
      `${t.baseUrl}/etims-sim/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567X00${sent.etims.signature}`,
    );
    const check = await fetch(sent.etims.qrUrl!);
    expect(await check.text()).toContain(`invoice 1 (${sent.number})`);
  });

  it("prints the invoice on A4 and as a till receipt with the SCU block, every reprint marked COPY", async () => {
    const order = await paidOrder();
    const early = await client.get(`/api/orders/${order.id}/invoice.pdf`);
    expect(early.statusCode).toBe(200);
    expect(pdfText(early.rawPayload)).toContain("Not yet signed by KRA");
    await drain();
    const sent = await invoice(order.id);
    const first = await client.get(`/api/orders/${order.id}/invoice.pdf?layout=a4`);
    expect(first.headers["content-type"]).toBe("application/pdf");
    expect(first.headers["content-disposition"]).toBe(`attachment; filename="${sent.number}.pdf"`);
    const a4 = pdfText(first.rawPayload);
    for (const words of [
      "TAX INVOICE",
      sent.number,
      "SCU information",
      sent.etims.signature!,
      sent.etims.internalData!,
      "Taxable A – Exempt",
    ]) {
      expect(a4).toContain(words);
    }
    expect(a4).not.toContain("COPY");
    const receiptPdf = (await director.get(`/api/orders/${order.id}/invoice.pdf?layout=receipt`)).rawPayload;
    const again = pdfText(receiptPdf);
    expect(again).toContain("*** COPY ***");
    expect(again).toContain(`Receipt signature: ${sent.etims.signature}`);
    expect((await client.get(`/api/orders/${order.id}/invoice.pdf?layout=letter`)).statusCode).toBe(400);
  });

  it("enforces KRA's rules: the next number, registered items in stock, bands that add up, credit notes that name a sale", async () => {
    const oscu = new OscuClient(t.config.etims);
    const [device] = await t.database.read((db) =>
      rowsOf<{ tin: string; bhf_id: string; cmc_key: string }>(db, sql`select * from etims_device`),
    );
    const headers = { tin: device!.tin, bhfId: device!.bhf_id, cmcKey: device!.cmc_key };
    const [last] = await t.database.read((db) =>
      rowsOf<{ n: number }>(db, sql`select last_invc_no as n from etims_sim_devices`),
    );
    const item = {
      itemSeq: 1,
      itemCd: "KE2NTXU0999999",
      itemClsCd: "10101500",
      itemNm: "Test straw",
      qty: 2,
      prc: 100,
      splyAmt: 200,
      taxTyCd: "A",
      taxblAmt: 200,
      taxAmt: 0,
      totAmt: 200,
    };
    const sale = (over: object) => ({
      trdInvcNo: "TEST-1",
      invcNo: last!.n + 1,
      orgInvcNo: 0,
      rcptTyCd: "S",
      totItemCnt: 1,
      taxblAmtA: 200,
      totAmt: 200,
      itemList: [item],
      ...over,
    });
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: OscuRefusal) => e.resultMsg,
      );

    expect(await refusal(oscu.saveSale(headers, sale({ invcNo: last!.n + 5 })))).toBe(
      `invcNo ${last!.n + 5} is not the next invoice number: expected ${last!.n + 1}`,
    );
    expect(await refusal(oscu.saveSale(headers, sale({})))).toBe("Item KE2NTXU0999999 is not registered");
    expect(
      await refusal(
        oscu.saveItem(headers, { itemCd: item.itemCd, itemClsCd: "10101500", taxTyCd: "B", itemTyCd: "2" }),
      ),
    ).toMatch(/classification 10101500 .* is taxed A, not B/);
    await oscu.saveItem(headers, { itemCd: item.itemCd, itemClsCd: "10101500", taxTyCd: "A", itemTyCd: "2" });
    expect(await refusal(oscu.saveSale(headers, sale({})))).toBe(
      "Item KE2NTXU0999999 has 0 in stock; 2 cannot be sold",
    );
    await oscu.saveStockMaster(headers, { itemCd: item.itemCd, rsdQty: 5 });
    expect(await refusal(oscu.saveSale(headers, sale({ taxblAmtA: 150 })))).toBe(
      "taxblAmtA is 150 but the items taxed A add up to 200",
    );
    expect(
      await refusal(oscu.saveSale(headers, sale({ rcptTyCd: "R", orgInvcNo: 999, rfdRsnCd: "06" }))),
    ).toBe("A credit note must name its original invoice: orgInvcNo 999 is not a sale");
    expect(await refusal(oscu.saveSale({ ...headers, cmcKey: "wrong" }, sale({})))).toBe(
      "It is not valid device",
    );
    // None of the refusals used the number.
    const taken = await oscu.saveSale(headers, sale({}));
    expect(taken.rcptSign).toBeTruthy();
    await t.database.tx((db) => db.execute(sql`update etims_device set last_invc_no = last_invc_no + 1`));
  });

  it("leaves a refused document's number to the next, and sends it once it is sent again", async () => {
    const before = (await acceptedNumbers()).length;
    const first = await paidOrder();
    const second = await paidOrder();
    await control({ refuseNext: "Simulated refusal: buyer PIN not found" });
    await drain();
    const refused = await invoice(first.id);
    expect(refused.etims).toMatchObject({ status: "refused", invoiceNumber: null, qrUrl: null });
    expect(refused.etims.lastError).toBe("KRA refused it (999): Simulated refusal: buyer PIN not found");
    expect((await invoice(second.id)).etims).toMatchObject({ status: "accepted", invoiceNumber: before + 1 });

    const listed = await director.get("/api/etims/documents?status=refused");
    expect(listed.json().map((d: { number: string }) => d.number)).toEqual([refused.number]);
    expect((await director.get("/api/etims/summary")).json()).toMatchObject({ refused: 1, pinSet: true });
    const resent = await director.post(`/api/etims/documents/${refused.id}/resend`, {});
    expect(resent.json()).toEqual({ resent: 1 });
    await drain();
    expect((await invoice(first.id)).etims).toMatchObject({ status: "accepted", invoiceNumber: before + 2 });
    expectNoGap(await acceptedNumbers());
  });

  it("sends again a document whose answer was lost, with its number, and KRA keeps one sale", async () => {
    const order = await paidOrder();
    await control({ silentNext: true });
    await drain();
    const lost = await invoice(order.id);
    expect(lost.etims.status).toBe("sending");
    expect(lost.etims.lastError).toMatch(/^eTIMS did not answer/);
    const [held] = await t.database.read((db) =>
      db.select().from(taxDocuments).where(eq(taxDocuments.id, lost.id)),
    );
    // Not before its wait is over; then with the same number.
    await drain();
    expect((await invoice(order.id)).etims.status).toBe("sending");
    t.clock.advance(retryDelayMs(1) + 1000);
    await drain();
    const sent = await invoice(order.id);
    expect(sent.etims).toMatchObject({ status: "accepted", invoiceNumber: held!.etimsInvcNo });
    const sales = await t.database.read((db) =>
      db.select().from(etimsSimSales).where(eq(etimsSimSales.trdInvcNo, sent.number)),
    );
    expect(sales).toHaveLength(1);
    expectNoGap(await acceptedNumbers());
  });

  it("sends a credit note as receipt type R naming its invoice's KRA number", async () => {
    const order = await paidOrder();
    await drain();
    const sale = await invoice(order.id);
    const cancelled = await director.post(`/api/orders/${order.id}/cancel`, {
      reason: "Damaged in transit",
      refund: "later",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await drain();
    const [note] = await t.database.read((db) =>
      db.select().from(taxDocuments).where(eq(taxDocuments.originalId, sale.id)),
    );
    expect(note).toMatchObject({ kind: "credit_note", etimsStatus: "accepted" });
    const [kra] = await t.database.read((db) =>
      db.select().from(etimsSimSales).where(eq(etimsSimSales.trdInvcNo, note!.number)),
    );
    expect(kra).toMatchObject({ receiptType: "R", invcNo: note!.etimsInvcNo });
  });

  it("shows KRA's reason when an item's tax type does not fit its class, and sends once a Director fixes it", async () => {
    await t.database.tx((db) =>
      db.update(inventoryItems).set({ taxType: "B" }).where(eq(inventoryItems.itemId, "EMB-GI-005")),
    );
    const order = await paidOrder("EMB-GI-005");
    await drain();
    const refused = await invoice(order.id);
    expect(refused.etims.status).toBe("refused");
    expect(refused.etims.lastError).toMatch(
      /classification 10101500 \(Live animals and their genetic material\) is taxed A, not B/,
    );
    expect(refused.lines[0]!.taxType).toBe("B");
    // A Director corrects the item and sends it again: KRA never took the refused invoice, so it is voided
    // (its number stays in the sequence) and the order is invoiced again from the corrected item.
    await t.database.tx((db) =>
      db.update(inventoryItems).set({ taxType: "A" }).where(eq(inventoryItems.itemId, "EMB-GI-005")),
    );
    expect((await director.post(`/api/etims/documents/${refused.id}/resend`, {})).json()).toEqual({
      resent: 1,
    });
    await drain();
    const reissued = await invoice(order.id);
    expect(reissued.number).not.toBe(refused.number);
    expect(reissued.lines[0]!.taxType).toBe("A");
    expect(reissued.etims.status).toBe("accepted");
    const [voided] = await t.database.read((db) =>
      db.select().from(taxDocuments).where(eq(taxDocuments.id, refused.id)),
    );
    expect(voided!.etimsStatus).toBe("voided");
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("numbers 20 concurrent payments on two instances without a gap or a repeat, here and at KRA", async () => {
    const other = await secondInstance(t);
    try {
      const otherDirector = asUser(other.app, await loginAs(other.app, staffEmails.director));
      const { id } = await inventoryItem(t, "SEM-JE-106");
      const placed = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const res = await client.post("/api/client/orders", {
            items: [{ productId: id, quantity: 1 }],
            customerLocation: "Nyeri",
            paymentMethod: "bank",
          });
          return res.json() as { id: number };
        }),
      );
      const totals = await t.database.read((db) =>
        db.select({ id: orders.id, total: orders.totalAmountKes }).from(orders),
      );
      const total = (orderId: number) => totals.find((o) => o.id === orderId)!.total;
      const paid = await Promise.all(
        placed.map((o, i) =>
          (i % 2 ? otherDirector : director).post(`/api/orders/${o.id}/payments`, {
            method: "bank",
            amountKes: total(o.id),
            reference: `CONC-${o.id}`,
            date: new Date().toISOString().slice(0, 10),
          }),
        ),
      );
      expect(paid.map((p) => p.statusCode)).toEqual(paid.map(() => 201));
      const numbers = await t.database.read((db) =>
        rowsOf<{ n: number }>(
          db,
          sql`select substring(number from 5)::int as n from tax_documents where kind = 'invoice' order by 1`,
        ),
      );
      expectNoGap(numbers.map((r) => r.n));
      // Both instances send at once: one holds the lease, and KRA's numbers stay in order.
      const otherCtx = { ...t.ctx, database: other.database };
      await Promise.all([drain(), sendEtimsDocuments(otherCtx), sendEtimsDocuments(otherCtx)]);
      await drain();
      expectNoGap(await acceptedNumbers());
      const ours = await t.database.read((db) =>
        db.select({ n: taxDocuments.etimsInvcNo, status: taxDocuments.etimsStatus }).from(taxDocuments),
      );
      const accepted = ours.filter((d) => d.status === "accepted").map((d) => d.n);
      expect(new Set(accepted).size).toBe(accepted.length);
    } finally {
      await other.close();
    }
  });
});
