import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgedReceivables, agedBuckets, type Statement } from "../../../contract/statements";
import { rowsOf } from "../../db/adapter";
import { orders } from "../../db/schema";
import { invariantViolations } from "../../testing/invariants";
import { pdfText } from "../../testing/pdf-text";
import { prepareShipment } from "../../testing/store";
import {
  asUser,
  confirmPicks,
  createTestApp,
  inventoryItem,
  loginAs,
  staffEmails,
  type TestApp,
} from "../../testing/test-app";
import { ledgerFigures } from "../finance/figures";

let t: TestApp;
let director: ReturnType<typeof asUser>;
let sales: ReturnType<typeof asUser>;
let scientist: ReturnType<typeof asUser>;
let logistics: ReturnType<typeof asUser>;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp();
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
  sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
  scientist = asUser(t.app, await loginAs(t.app, staffEmails.chief_scientist));
  logistics = asUser(t.app, await loginAs(t.app, staffEmails.logistics_coordinator));
  const created = await sales.post("/api/customers", {
    name: "Statement Dairy Ltd",
    type: "farm",
    email: "accounts@statement-dairy.co.ke",
    phone: "+254 700 111 222",
    address: "Nyahururu",
    contactPerson: "Grace Wairimu",
  });
  expect(created.statusCode, created.body).toBe(201);
  customerId = created.json().id;
});
afterAll(() => t.close());

async function order(itemId: string, quantity: number) {
  const placed = await sales.post("/api/orders/itemised", {
    customerId,
    lines: [{ inventoryItemId: (await inventoryItem(t, itemId)).id, quantity }],
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json() as { id: number; orderNumber: string; totalAmountKes: number };
}
const pay = async (id: number, amountKes: number) => {
  const res = await director.post(`/api/orders/${id}/payments`, {
    method: "bank",
    amountKes,
    reference: `ST-${id}-${amountKes}`,
    date: new Date().toISOString().slice(0, 10),
  });
  expect(res.statusCode, res.body).toBe(201);
};
const statement = async (query = "") =>
  (await director.get(`/api/customers/${customerId}/statement${query}`)).json() as Statement;

/** The ledger's outstanding for the customer: what their booked orders are worth less what they paid. */
const ledgerOutstanding = async () => {
  const [row] = await t.database.read((db) =>
    rowsOf<{ kes: number }>(
      db,
      sql`select coalesce(sum(total_amount_kes - amount_paid_kes), 0)::int as kes from orders
          where customer_id = ${customerId} and order_is_booked(status)`,
    ),
  );
  return row!.kes;
};

describe("statements of account and aged receivables", () => {
  let bookedBefore: number;
  let a: Awaited<ReturnType<typeof order>>;
  let b: Awaited<ReturnType<typeof order>>;
  let c: Awaited<ReturnType<typeof order>>;

  it("balance invoices, credit notes, payments and refunds to the ledger's outstanding", async () => {
    bookedBefore = (await t.database.read(ledgerFigures)).bookedKes;
    // A: paid, then approved. B: approved on credit, shipped, part paid. C: paid, then cancelled and refunded.
    a = await order("SEM-JE-106", 2);
    await pay(a.id, a.totalAmountKes);
    expect((await scientist.post(`/api/orders/${a.id}/approve`, { estimatedDays: 3 })).statusCode).toBe(200);
    b = await order("SEM-HF-101", 3);
    expect(
      (await director.post(`/api/orders/${b.id}/approve`, { estimatedDays: 3, onCredit: true })).statusCode,
    ).toBe(200);
    await confirmPicks(logistics, b.id);
    const shipment = await prepareShipment(logistics, b);
    expect(shipment.statusCode, shipment.body).toBe(201);
    expect(
      (await logistics.patch(`/api/shipments/${shipment.json().id}/status`, { status: "shipped" }))
        .statusCode,
    ).toBe(200);
    await pay(b.id, 1000);
    c = await order("SEM-JE-106", 1);
    await pay(c.id, c.totalAmountKes);
    const cancelled = await director.post(`/api/orders/${c.id}/cancel`, {
      reason: "Bought elsewhere",
      refund: { amountKes: c.totalAmountKes, method: "bank", reference: "RF-ST" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const s = await statement();
    expect(s.openingKes).toBe(0);
    expect(s.invoicedKes).toBe(a.totalAmountKes + b.totalAmountKes + c.totalAmountKes);
    expect(s.creditedKes).toBe(c.totalAmountKes);
    expect(s.paidKes).toBe(a.totalAmountKes + 1000 + c.totalAmountKes);
    expect(s.refundedKes).toBe(c.totalAmountKes);
    expect(s.closingKes).toBe(b.totalAmountKes - 1000);
    expect(s.closingKes).toBe(await ledgerOutstanding());
    const kinds = ["invoice", "invoice", "invoice", "payment", "payment", "payment", "refund", "credit_note"];
    expect(s.entries.map((e) => e.kind).sort()).toEqual(kinds.sort());
    expect(s.entries.at(-1)!.balanceKes).toBe(s.closingKes);
    expect(s.entries.filter((e) => e.kind === "credit_note")).toHaveLength(1);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("page the statement's entries, oldest first, each with the balance after it", async () => {
    const all = await statement("?limit=500");
    expect(all.entryCount).toBe(8);
    expect(all.entries).toHaveLength(8);
    let balance = all.openingKes;
    for (const e of all.entries) {
      balance += e.debitKes - e.creditKes;
      expect(e.balanceKes).toBe(balance);
    }
    expect(balance).toBe(all.closingKes);
    const dates = all.entries.map((e) => e.date);
    expect(dates).toEqual([...dates].sort());
    const { entries, ...figures } = all;
    const pages: Statement["entries"] = [];
    for (let offset = 0; offset < 8; offset += 3) {
      const page = await statement(`?limit=3&offset=${offset}`);
      expect(page).toMatchObject(figures);
      pages.push(...page.entries);
    }
    expect(pages).toEqual(entries);
    expect(await statement("?offset=8")).toEqual({ ...figures, entries: [] });
    expect((await director.get(`/api/customers/${customerId}/statement?limit=501`)).statusCode).toBe(400);
  });

  it("agree with Financial: invoiced less credited is what was booked", async () => {
    const [docs] = await t.database.read((db) =>
      rowsOf<{ kes: number }>(
        db,
        sql`select coalesce(sum(case when kind = 'invoice' then total_kes else -total_kes end), 0)::int as kes
            from tax_documents where etims_status <> 'voided'`,
      ),
    );
    const bookedNow = (await t.database.read(ledgerFigures)).bookedKes;
    expect(docs!.kes).toBe(bookedNow - bookedBefore);
    expect(docs!.kes).toBe(a.totalAmountKes + b.totalAmountKes);
  });

  it("carry the balance into the next period and export as PDF and CSV", async () => {
    const today = new Date(t.clock.now().getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    const later = await statement(`?from=${tomorrow}&to=${tomorrow}`);
    expect(later).toMatchObject({
      openingKes: b.totalAmountKes - 1000,
      closingKes: b.totalAmountKes - 1000,
      entries: [],
    });
    expect(
      (await director.get(`/api/customers/${customerId}/statement?from=${tomorrow}&to=${today}`)).statusCode,
    ).toBe(400);
    expect((await sales.get(`/api/customers/${customerId}/statement`)).statusCode).toBe(403);
    expect((await director.get("/api/customers/999999/statement")).statusCode).toBe(404);

    const pdf = await director.get(`/api/customers/${customerId}/statement.pdf?from=${today}&to=${today}`);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("Statement of account");
    expect(text).toContain(`Statement Dairy Ltd: ${today} to ${today}`);
    expect(text).toContain(`Closing balance: KSh ${(b.totalAmountKes - 1000).toLocaleString("en-KE")}`);
    const csv = await director.get(`/api/customers/${customerId}/statement.csv?from=${today}&to=${today}`);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.body).toContain('"Closing balance"');
    expect(csv.body).toContain('"Credit note"');
  });

  it("age what is owed by invoice date", async () => {
    // Signed in afresh each time: a staff session ends after 12 hours.
    const aged = async () => {
      const staff = asUser(t.app, await loginAs(t.app, staffEmails.director));
      const res = await staff.get("/api/receivables/aged");
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as AgedReceivables).rows.find((r) => r.customerId === customerId)!;
    };
    expect(await aged()).toMatchObject({
      days0to30: b.totalAmountKes - 1000,
      days31to60: 0,
      totalKes: b.totalAmountKes - 1000,
    });
    t.clock.advance(45 * 86_400_000);
    expect(await aged()).toMatchObject({ days0to30: 0, days31to60: b.totalAmountKes - 1000 });
    t.clock.advance(60 * 86_400_000);
    expect(await aged()).toMatchObject({ days61to90: 0, over90: b.totalAmountKes - 1000 });
    const [order] = await t.database.read((db) => db.select().from(orders).where(eq(orders.id, a.id)));
    expect(order!.paymentStatus).toBe("paid");
    const salesNow = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    expect((await salesNow.get("/api/receivables/aged")).statusCode).toBe(403);
  });

  it("put an invoice exactly 30, 60 and 90 days old in the younger bucket, and a moment older in the next", async () => {
    const [invoice] = await t.database.read((db) =>
      rowsOf<{ issuedAt: string }>(
        db,
        sql`select issued_at::text as "issuedAt" from open_invoices where customer_id = ${customerId}`,
      ),
    );
    const issued = new Date(invoice!.issuedAt).getTime();
    const owedAt = async (ms: number) => {
      t.clock.set(new Date(issued + ms));
      const staff = asUser(t.app, await loginAs(t.app, staffEmails.director));
      const aged = (await staff.get("/api/receivables/aged?limit=500")).json() as AgedReceivables;
      // The totals are summed by day with the cut's own day read by invoice (drizzle/0069), the rows by invoice:
      // at each edge, each bucket's total is still its rows summed.
      for (const bucket of agedBuckets)
        expect(aged.totals[bucket]).toBe(aged.rows.reduce((sum, r) => sum + r[bucket], 0));
      const row = aged.rows.find((r) => r.customerId === customerId)!;
      return agedBuckets.filter((bucket) => row[bucket] > 0);
    };
    const day = 86_400_000;
    expect(await owedAt(30 * day)).toEqual(["days0to30"]);
    expect(await owedAt(30 * day + 1)).toEqual(["days31to60"]);
    expect(await owedAt(60 * day)).toEqual(["days31to60"]);
    expect(await owedAt(60 * day + 1)).toEqual(["days61to90"]);
    expect(await owedAt(90 * day)).toEqual(["days61to90"]);
    expect(await owedAt(90 * day + 1)).toEqual(["over90"]);
  });

  it("page aged receivables, largest debt first, with totals and a count over every customer who owes", async () => {
    // A second customer owing, so that there is more than one page of one. Signed in afresh: the clock moved.
    const salesNow = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    const staff = asUser(t.app, await loginAs(t.app, staffEmails.director));
    /** A new customer who owes for `quantity` straws bought on credit and invoiced. */
    const owing = async (name: string, quantity: number) => {
      const customer = await salesNow.post("/api/customers", {
        name,
        type: "farm",
        email: `accounts@${name.split(" ")[0]!.toLowerCase()}.co.ke`,
        phone: "+254 700 333 444",
        address: "Nakuru",
        contactPerson: "Peter Kamau",
      });
      expect(customer.statusCode, customer.body).toBe(201);
      const placed = await salesNow.post("/api/orders/itemised", {
        customerId: customer.json().id,
        lines: [{ inventoryItemId: (await inventoryItem(t, "SEM-HF-101")).id, quantity }],
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const approved = await staff.post(`/api/orders/${placed.json().id}/approve`, {
        estimatedDays: 3,
        onCredit: true,
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const invoiced = await staff.post(`/api/orders/${placed.json().id}/invoice`, {});
      expect(invoiced.statusCode, invoiced.body).toBe(201);
    };
    await owing("Aged Second Farm", 1);
    // Three more who owe the same, made in another order than their names': equal debts are paged by name.
    for (const name of ["Zebu Ridge Farm", "Ankole Hill Farm", "Mara Plains Farm"]) await owing(name, 2);
    const get = async (query: string) => {
      const res = await staff.get(`/api/receivables/aged${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AgedReceivables;
    };
    const all = await get("?limit=500");
    expect(all.rows.length).toBeGreaterThanOrEqual(2);
    expect(all.customerCount).toBe(all.rows.length);
    for (const bucket of [...agedBuckets, "totalKes"] as const)
      expect(all.totals[bucket]).toBe(all.rows.reduce((sum, r) => sum + r[bucket], 0));
    const totals = all.rows.map((r) => r.totalKes);
    expect(totals).toEqual([...totals].sort((x, y) => y - x));
    const tiedNames = ["Ankole Hill Farm", "Mara Plains Farm", "Zebu Ridge Farm"];
    const tied = all.rows.filter((r) => tiedNames.includes(r.name));
    expect(tied.map((r) => r.name)).toEqual(tiedNames);
    expect(new Set(tied.map((r) => r.totalKes)).size).toBe(1);
    // Pages of two cut through the tie as pages of one do.
    const twos: AgedReceivables["rows"] = [];
    for (let offset = 0; offset < all.rows.length; offset += 2)
      twos.push(...(await get(`?limit=2&offset=${offset}`)).rows);
    expect(twos).toEqual(all.rows);
    const pages: AgedReceivables["rows"] = [];
    for (let offset = 0; offset < all.rows.length; offset++) {
      const page = await get(`?limit=1&offset=${offset}`);
      expect(page.totals).toEqual(all.totals);
      expect(page.customerCount).toBe(all.customerCount);
      pages.push(...page.rows);
    }
    expect(pages).toEqual(all.rows);
    const past = await get(`?offset=${all.rows.length}`);
    expect(past).toMatchObject({ rows: [], customerCount: all.customerCount, totals: all.totals });
    // Far past the end, beyond what a 32-bit integer holds: still an empty page.
    expect(await get("?offset=3000000000")).toMatchObject({ rows: [], customerCount: all.customerCount });
    expect((await staff.get("/api/receivables/aged?limit=0")).statusCode).toBe(400);
    expect((await staff.get("/api/receivables/aged?offset=-1")).statusCode).toBe(400);
  });
});
