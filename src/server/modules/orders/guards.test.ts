import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inventoryItems, orders, stockMovements } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import {
  asUser,
  clientEmail,
  inventoryItem,
  loginAs,
  loginClient,
  secondInstance,
  staffEmails,
} from "../../testing/test-app";
import { DarajaClient } from "../payments/daraja";
import { expireHolds } from "../payments/holds";

withTestApp({ env: { MAX_OPEN_UNPAID_ORDERS: "100", MAX_OPEN_UNPAID_UNITS: "100000" } });
let director: ReturnType<typeof asUser>;
let director2: ReturnType<typeof asUser>;
let client: ReturnType<typeof asUser>;
beforeAll(async () => {
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
  director2 = asUser(t.app, await loginAs(t.app, "director2@urithi.co.ke"));
  client = asUser(t.app, await loginClient(t.app, clientEmail));
});

const item = (itemId: string) => inventoryItem(t, itemId);
const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

async function clientOrder(itemId: string, quantity = 1) {
  const res = await client.post("/api/client/orders", {
    items: [{ productId: (await item(itemId)).id, quantity }],
    customerLocation: "Nanyuki",
    paymentMethod: "bank",
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; orderNumber: string };
}

describe("order guards", () => {
  it("nobody approves an order they created; credit is a Director's explicit choice", async () => {
    const created = await director.post("/api/orders", {
      customerName: "Kiambu Dairy Farm",
      orderType: "sperm",
      totalAmountKes: 90_000,
      currency: "KES",
      expectedDeliveryDate: tomorrow(),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const own = await director.post(`/api/orders/${id}/approve`, { estimatedDays: 3, onCredit: true });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toMatch(/another approver/);
    const scientist = asUser(t.app, await loginAs(t.app, staffEmails.chief_scientist));
    expect(
      (await scientist.post(`/api/orders/${id}/approve`, { estimatedDays: 3, onCredit: true })).statusCode,
    ).toBe(403);
    const unpaid = await director2.post(`/api/orders/${id}/approve`, { estimatedDays: 3 });
    expect(unpaid.statusCode).toBe(409);
    const credit = await director2.post(`/api/orders/${id}/approve`, { estimatedDays: 3, onCredit: true });
    expect(credit.statusCode).toBe(200);
    expect(credit.json()).toMatchObject({ status: "approved", onCredit: true, paymentStatus: "unpaid" });
    const history = (await director.get(`/api/orders/${id}`)).json().history;
    expect(history.at(-1).note).toMatch(/Approved on credit/);
    expect(history.at(-1).actor).toBe("James Otieno");
  });

  it("will not approve an order whose reserved item stopped being viable, and names it", async () => {
    const placed = await clientOrder("SEM-AY-102");
    await director.post(`/api/orders/${placed.id}/payments`, {
      method: "bank",
      amountKes: (await item("SEM-AY-102")).costPerUnit,
      reference: "EQ-1",
      date: new Date().toISOString().slice(0, 10),
    });
    await t.database.tx((db) =>
      db
        .update(inventoryItems)
        .set({ viabilityStatus: "compromised" })
        .where(eq(inventoryItems.itemId, "SEM-AY-102")),
    );
    try {
      const res = await director.post(`/api/orders/${placed.id}/approve`, { estimatedDays: 3 });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toMatch(/SEM-AY-102 \(compromised\)/);
    } finally {
      await t.database.tx((db) =>
        db
          .update(inventoryItems)
          .set({ viabilityStatus: "viable" })
          .where(eq(inventoryItems.itemId, "SEM-AY-102")),
      );
    }
  });

  it("keeps an itemised order's total equal to its lines; a free order's edit is recorded old -> new", async () => {
    const placed = await clientOrder("SEM-HF-101", 2);
    const patch = await director.patch(`/api/orders/${placed.id}`, { totalAmountKes: 1 });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().error.message).toMatch(/priced from its 1 line/);
    const [row] = await t.database.read((db) => db.select().from(orders).where(eq(orders.id, placed.id)));
    expect(row!.totalAmountKes).toBe((await item("SEM-HF-101")).costPerUnit * 2);

    const free = (
      await director.post("/api/orders", {
        customerName: "Kiambu Dairy Farm",
        orderType: "embryo",
        totalAmountKes: 100_000,
        currency: "KES",
      })
    ).json();
    const date = tomorrow();
    const edited = await director.patch(`/api/orders/${free.id}`, {
      totalAmountKes: 120_000,
      expectedDeliveryDate: date,
    });
    expect(edited.statusCode).toBe(200);
    const last = (await director.get(`/api/orders/${free.id}`)).json().history.at(-1);
    expect(last.changes.totalAmountKes).toEqual({ from: 100_000, to: 120_000 });
    expect(last.changes.expectedDeliveryDate.from).toBeNull();
    expect(last.changes.expectedDeliveryDate.to).toContain(date);
    expect(last.note).toMatch(/totalAmountKes/);
  });

  it("takes ISO dates only, and no delivery date in the past", async () => {
    const base = {
      customerName: "Kiambu Dairy Farm",
      orderType: "embryo",
      totalAmountKes: 5_000,
      currency: "KES",
    };
    const junk = await director.post("/api/orders", { ...base, expectedDeliveryDate: "hello 5" });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().error.fields.expectedDeliveryDate).toMatch(/YYYY-MM-DD/);
    const past = await director.post("/api/orders", { ...base, expectedDeliveryDate: "2020-01-01" });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.expectedDeliveryDate).toBe("Delivery date cannot be before today");
  });
});

describe("one meaning of revenue", () => {
  it("the four screens' figures reconcile: received + outstanding = booked", async () => {
    const summary = (await director.get("/api/orders/summary")).json();
    const financial = (await director.get("/api/financial")).json();
    const dashboard = (await director.get("/api/dashboard/metrics")).json();
    const report = (await director.get("/api/reports?period=1y")).json();
    const figures = {
      bookedKes: summary.bookedKes,
      receivedKes: summary.receivedKes,
      outstandingKes: summary.outstandingKes,
    };
    expect(figures.receivedKes + figures.outstandingKes).toBe(figures.bookedKes);
    expect(figures.receivedKes).toBeGreaterThan(0);
    expect(figures.outstandingKes).toBeGreaterThan(0);
    expect(summary.totalRevenueKes).toBe(figures.bookedKes);
    expect(financial).toMatchObject({ ...figures, pendingPayments: figures.outstandingKes });
    expect(dashboard.ledger).toEqual(figures);
    expect(report.salesReport.ledger).toEqual(figures);
    expect(report.salesReport.totalRevenue).toBe(figures.bookedKes);
  });
});

describe("hold expiry on two app instances", () => {
  it("expires each order once and releases its stock once", async () => {
    const placed = [];
    for (let i = 0; i < 12; i++) placed.push(await clientOrder("SEM-JE-106"));
    const instance = await secondInstance(t);
    const second = instance.database;
    try {
      t.clock.advance(73 * 3600_000);
      const other = { ...t.ctx, database: second, daraja: new DarajaClient(t.config.mpesa) };
      const counts = await Promise.all([
        expireHolds(t.ctx, 5),
        expireHolds(other, 5),
        expireHolds(t.ctx, 5),
        expireHolds(other, 5),
      ]);
      await Promise.all([expireHolds(t.ctx), expireHolds(other)]);
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      director = asUser(t.app, await loginAs(t.app, staffEmails.director));
      for (const p of placed) {
        const events = (await director.get(`/api/orders/${p.id}`))
          .json()
          .history.filter((h: { toStatus: string }) => h.toStatus === "cancelled");
        expect(events).toHaveLength(1);
        const released = await t.database.read((db) =>
          db.select().from(stockMovements).where(eq(stockMovements.orderId, p.id)),
        );
        expect(released.filter((m) => m.kind === "release").map((m) => m.reservedDelta)).toEqual([-1]);
      }
    } finally {
      await instance.close();
    }
  });
});
