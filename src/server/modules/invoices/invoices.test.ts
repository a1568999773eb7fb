import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaxDocument } from "../../../contract/invoices";
import { rowsOf } from "../../db/adapter";
import { customers, inventoryItems, orders, taxDocuments } from "../../db/schema";
import { approveAndPrepareShipment } from "../../testing/store";
import {
  asUser,
  clientEmail,
  createTestApp,
  inventoryItem,
  loginAs,
  loginClient,
  staffEmails,
  type TestApp,
} from "../../testing/test-app";

let t: TestApp;
let client: ReturnType<typeof asUser>;
let director: ReturnType<typeof asUser>;
let logistics: ReturnType<typeof asUser>;

beforeAll(async () => {
  t = await createTestApp({ env: { MAX_OPEN_UNPAID_ORDERS: "100", MAX_OPEN_UNPAID_UNITS: "100000" } });
  client = asUser(t.app, await loginClient(t.app, clientEmail));
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
  logistics = asUser(t.app, await loginAs(t.app, staffEmails.logistics_coordinator));
});
afterAll(() => t.close());

async function clientOrder(itemId: string, quantity = 1) {
  const { id } = await inventoryItem(t, itemId);
  const res = await client.post("/api/client/orders", {
    items: [{ productId: id, quantity }],
    customerLocation: "Nyeri",
    paymentMethod: "bank",
  });
  expect(res.statusCode, res.body).toBe(201);
  const placed = res.json() as { id: number; orderNumber: string };
  const [row] = await t.database.read((db) =>
    db
      .select({ totalAmountKes: orders.totalAmountKes, customerId: orders.customerId })
      .from(orders)
      .where(eq(orders.id, placed.id)),
  );
  return { ...placed, ...row! };
}

const pay = (orderId: number, amountKes: number, reference = `EQ-${orderId}-${amountKes}`) =>
  director.post(`/api/orders/${orderId}/payments`, {
    method: "bank",
    amountKes,
    reference,
    date: new Date().toISOString().slice(0, 10),
  });

const invoiceOf = async (orderId: number, as = director) => as.get(`/api/orders/${orderId}/invoice`);
const documentsOf = (orderId: number) =>
  t.database.read((db) => db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId)));

describe("tax invoices", () => {
  it("issues one invoice when an order is paid in full, exempt semen in band A", async () => {
    const order = await clientOrder("SEM-JE-106", 2);
    expect((await invoiceOf(order.id)).statusCode).toBe(404);
    const half = Math.floor(order.totalAmountKes / 2);
    const first = await pay(order.id, half);
    expect(first.statusCode, first.body).toBe(201);
    expect((await invoiceOf(order.id)).statusCode).toBe(404);
    expect((await pay(order.id, order.totalAmountKes - half)).statusCode).toBe(201);

    const res = await invoiceOf(order.id, client);
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json() as TaxDocument;
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    expect(invoice).toMatchObject({ kind: "invoice", orderNumber: order.orderNumber, paymentType: "07" });
    expect(invoice.totalKes).toBe(order.totalAmountKes);
    const straw = await inventoryItem(t, "SEM-JE-106");
    expect(invoice.lines).toEqual([
      expect.objectContaining({ code: "SEM-JE-106", quantity: 2, taxType: "A", taxKes: 0 }),
    ]);
    // The line names the bull as sold, so two straws of one breed read apart on the invoice and at KRA.
    expect(straw.bullName).toBeTruthy();
    expect(invoice.lines[0]!.name).toContain(straw.bullName!);
    expect(invoice.lines[0]!.name).toMatch(/^Jersey Semen: .+, (conventional|sexed)$/);
    expect(invoice.bands.find((b) => b.taxType === "A")).toEqual({
      taxType: "A",
      ratePct: 0,
      taxableKes: order.totalAmountKes,
      taxKes: 0,
    });
    expect(invoice.bands.filter((b) => b.taxType !== "A").every((b) => b.taxableKes === 0)).toBe(true);
    expect(invoice.taxKes).toBe(0);
    expect(invoice.etims.status).toBe("queued");
    expect(await documentsOf(order.id)).toHaveLength(1);
  });

  it("issues the invoice when an unpaid order ships on credit, and never a second when it is paid later", async () => {
    const order = await clientOrder("SEM-HF-101");
    const shipment = await approveAndPrepareShipment(director, logistics, order);
    expect((await invoiceOf(order.id)).statusCode).toBe(404);
    const shipped = await logistics.patch(`/api/shipments/${shipment}/status`, { status: "shipped" });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const invoice = (await invoiceOf(order.id)).json() as TaxDocument;
    expect(invoice.paymentType).toBe("02");
    expect((await pay(order.id, order.totalAmountKes)).statusCode).toBe(201);
    const docs = await documentsOf(order.id);
    expect(docs.map((d) => d.number)).toEqual([invoice.number]);
  });

  it("refuses with a clear 409 while an item has no tax type, and invoices band B once a Director sets it", async () => {
    const embryo = await inventoryItem(t, "EMB-HF-001");
    expect(embryo.taxType).toBeNull();
    const order = await clientOrder("EMB-HF-001");
    expect((await pay(order.id, order.totalAmountKes)).statusCode).toBe(201);
    expect((await invoiceOf(order.id)).statusCode).toBe(404);
    const refused = await director.post(`/api/orders/${order.id}/invoice`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `Order ${order.orderNumber} cannot be invoiced: EMB-HF-001 has no tax type. A Director sets it on the item (Inventory), then the invoice can be issued.`,
    );
    await t.database.tx((db) =>
      db.update(inventoryItems).set({ taxType: "B" }).where(eq(inventoryItems.id, embryo.id)),
    );
    const issued = await director.post(`/api/orders/${order.id}/invoice`, {});
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = issued.json() as TaxDocument;
    const band = invoice.bands.find((b) => b.taxType === "B")!;
    expect(band.taxableKes).toBe(order.totalAmountKes);
    expect(band.taxKes).toBe(Math.round((order.totalAmountKes * 16) / 116));
    expect(invoice.taxKes).toBe(band.taxKes);
    // Asking again answers the same invoice.
    expect((await director.post(`/api/orders/${order.id}/invoice`, {})).json().number).toBe(invoice.number);
  });

  it("puts an exempt insemination and a standard-rated consultation in their own bands", async () => {
    const [customer] = await t.database.read((db) =>
      db.select({ id: customers.id }).from(customers).limit(1),
    );
    const placed = await director.post("/api/orders/itemised", {
      customerId: customer!.id,
      lines: [{ inventoryItemId: (await inventoryItem(t, "SEM-JE-106")).id, quantity: 1 }],
      services: [
        { service: "artificial_insemination", amountKes: 1500 },
        { service: "consultation", amountKes: 2320 },
      ],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    expect((await pay(order.id, order.totalAmountKes)).statusCode).toBe(201);
    const invoice = (await invoiceOf(order.id)).json() as TaxDocument;
    expect(invoice.lines.map((l) => l.taxType)).toEqual(["A", "A", "B"]);
    const band = (type: string) => invoice.bands.find((b) => b.taxType === type)!;
    expect(band("A").taxableKes).toBe(order.totalAmountKes - 2320);
    expect(band("B")).toEqual({ taxType: "B", ratePct: 16, taxableKes: 2320, taxKes: 320 });
    expect(invoice.taxKes).toBe(320);
  });

  it("credits an invoiced order that is cancelled with a refund, for the client and staff alike", async () => {
    const order = await clientOrder("SEM-JE-106");
    expect((await pay(order.id, order.totalAmountKes)).statusCode).toBe(201);
    const invoice = (await invoiceOf(order.id)).json() as TaxDocument;
    const cancelled = await director.post(`/api/orders/${order.id}/cancel`, {
      reason: "Client changed their mind",
      refund: { amountKes: order.totalAmountKes, method: "bank", reference: "RF-1" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const docs = await documentsOf(order.id);
    const note = docs.find((d) => d.kind === "credit_note")!;
    expect(note).toMatchObject({ originalId: invoice.id, reasonCode: "06", totalKes: invoice.totalKes });
    expect(note.number).toMatch(/^CN-\d{6}$/);

    const read = await client.get(`/api/credit-notes/${note.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      originalNumber: invoice.number,
      reason: "Client changed their mind",
    });
    expect((await director.get(`/api/credit-notes/${note.id}`)).statusCode).toBe(200);
    const mine = await client.get("/api/client/invoices?limit=50");
    expect(mine.statusCode).toBe(200);
    const numbers = (mine.json() as { number: string }[]).map((d) => d.number);
    expect(numbers).toEqual(expect.arrayContaining([invoice.number, note.number]));
    expect(Number(mine.headers["x-total-count"])).toBeGreaterThanOrEqual(2);
  });

  it("carries the buyer's KRA PIN a client keeps on their account on the invoices issued after", async () => {
    const bad = await client.put("/api/client/tax-details", { kraPin: "12345" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.kraPin).toBe("A KRA PIN is a letter, 9 digits and a letter");
    const saved = await client.put("/api/client/tax-details", { kraPin: "a123456789z" });
    expect(saved.json()).toEqual({ kraPin: "A123456789Z" });
    expect((await client.get("/api/client/tax-details")).json()).toEqual({ kraPin: "A123456789Z" });
    const order = await clientOrder("SEM-JE-106");
    await pay(order.id, order.totalAmountKes);
    expect(((await invoiceOf(order.id)).json() as TaxDocument).buyerPin).toBe("A123456789Z");
    expect((await director.put("/api/client/tax-details", { kraPin: null })).statusCode).toBe(403);
    await client.put("/api/client/tax-details", { kraPin: "" });
    expect((await client.get("/api/client/tax-details")).json()).toEqual({ kraPin: null });
  });

  it("carries the buyer's KRA PIN staff keep on the customer record, the one the client sees", async () => {
    const order = await clientOrder("SEM-JE-106");
    const customer = `/api/customers/${order.customerId}`;
    const bad = await director.patch(customer, { kraPin: "P05" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.kraPin).toBe("A KRA PIN is a letter, 9 digits and a letter");
    const saved = await director.patch(customer, { kraPin: " p051234567x " });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().kraPin).toBe("P051234567X");
    expect((await client.get("/api/client/tax-details")).json()).toEqual({ kraPin: "P051234567X" });
    await pay(order.id, order.totalAmountKes);
    expect(((await invoiceOf(order.id)).json() as TaxDocument).buyerPin).toBe("P051234567X");
    // Another edit leaves the PIN alone; a blank one clears it.
    expect((await director.patch(customer, { notes: "Pays on time" })).json().kraPin).toBe("P051234567X");
    expect((await director.patch(customer, { kraPin: "" })).json().kraPin).toBeNull();
  });

  it("keeps an issued document as it was issued", async () => {
    const order = await clientOrder("SEM-JE-106");
    await pay(order.id, order.totalAmountKes);
    const [doc] = await documentsOf(order.id);
    await expect(
      t.database.tx((db) => db.update(taxDocuments).set({ totalKes: 1 }).where(eq(taxDocuments.id, doc!.id))),
    ).rejects.toThrow();
    await expect(
      t.database.tx((db) => db.delete(taxDocuments).where(eq(taxDocuments.id, doc!.id))),
    ).rejects.toThrow();
    // Its eTIMS state still moves.
    await t.database.tx((db) =>
      db.update(taxDocuments).set({ etimsAttempts: 1 }).where(eq(taxDocuments.id, doc!.id)),
    );
  });

  it("numbers invoices without a gap or a repeat", async () => {
    const numbers = await t.database.read((db) =>
      rowsOf<{ n: number }>(
        db,
        sql`select substring(number from 5)::int as n from tax_documents where kind = 'invoice' order by 1`,
      ),
    );
    expect(numbers.map((r) => r.n)).toEqual(numbers.map((_, i) => i + 1));
  });
});
