import { beforeAll, describe, expect, it } from "vitest";
import { KES_PER_USD } from "../../../contract/money";
import { orders, refunds } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { asUser, loginAs, staffEmails } from "../../testing/test-app";
import { nairobiDate } from "../../time";

withTestApp();
let director: ReturnType<typeof asUser>;
beforeAll(async () => {
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
});

const paidIn = (rows: (typeof orders.$inferSelect)[], statuses: string[]) =>
  rows.filter((o) => statuses.includes(o.status)).reduce((s, o) => s + o.amountPaidKes, 0);

/** Recomputes the summary from the order and refund rows, independently of the service's SQL. */
async function expectedSummary() {
  const all = await t.database.read((db) => db.select().from(orders));
  const paidBack = await t.database.read((db) => db.select().from(refunds));
  const booked = all.filter((o) => ["approved", "processing", "shipped", "delivered"].includes(o.status));
  const bookedKes = booked.reduce((s, o) => s + o.totalAmountKes, 0);
  const receivedKes = booked.reduce((s, o) => s + o.amountPaidKes, 0);
  const thisMonth = nairobiDate(t.clock.now()).slice(0, 7);
  return {
    totalRevenue: bookedKes,
    totalRevenueUsd: Math.round(bookedKes / KES_PER_USD),
    monthlyRevenue: booked
      .filter((o) => nairobiDate(o.orderDate).startsWith(thisMonth))
      .reduce((s, o) => s + o.totalAmountKes, 0),
    pendingPayments: bookedKes - receivedKes,
    bookedKes,
    receivedKes,
    outstandingKes: bookedKes - receivedKes,
    depositsKes: paidIn(all, ["pending"]),
    refundDueKes: paidIn(all, ["rejected", "cancelled"]),
    refundedKes: paidBack.reduce((s, r) => s + r.amountKes, 0),
  };
}

describe("financial summary", () => {
  it("answers revenue as booked order value, this month's, outstanding as pending payments, deposits and refunds due", async () => {
    const res = await director.get("/api/financial");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual(await expectedSummary());
    expect(body.totalRevenue).toBeGreaterThan(0);
    expect(body.pendingPayments).toBeGreaterThan(0);
    expect(body.depositsKes).toBeGreaterThan(0);
  });

  it("counts money paid before approval as a client deposit, and as revenue received only once approved", async () => {
    // Placed by Sales, so the Director may approve it.
    const sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    const [customer] = (await director.get("/api/customers?limit=1")).json();
    const placed = await sales.post("/api/orders", {
      customerName: customer.name,
      orderType: "sperm",
      totalAmountKes: 48_500,
      currency: "KES",
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const pending = placed.json() as { id: number; totalAmountKes: number };
    const before = (await director.get("/api/financial")).json();
    const paid = await director.post(`/api/orders/${pending.id}/payments`, {
      method: "bank",
      amountKes: pending.totalAmountKes,
      reference: "DEP-1",
      date: nairobiDate(t.clock.now()),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const deposited = (await director.get("/api/financial")).json();
    expect(deposited).toMatchObject({
      depositsKes: before.depositsKes + pending.totalAmountKes,
      totalRevenue: before.totalRevenue,
      receivedKes: before.receivedKes,
    });
    // A manual income is in the ledger's list, but it is no order's revenue.
    await director.post("/api/transactions", {
      type: "income",
      amount: 100,
      currency: "USD",
      description: "Export sale to Uganda",
      status: "completed",
    });
    expect((await director.get("/api/financial")).json().totalRevenue).toBe(before.totalRevenue);
    const approved = await director.post(`/api/orders/${pending.id}/approve`, { estimatedDays: 3 });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = (await director.get("/api/financial")).json();
    expect(after).toMatchObject({
      depositsKes: before.depositsKes,
      totalRevenue: before.totalRevenue + pending.totalAmountKes,
      receivedKes: before.receivedKes + pending.totalAmountKes,
    });
    expect(after).toEqual(await expectedSummary());
  });
});

describe("transactions", () => {
  it("records a transaction as completed by default, dated now, and lists it first", async () => {
    const res = await director.post("/api/transactions", {
      type: "expense",
      amount: 45_000,
      currency: "KES",
      description: "LN2 refill, Tank A",
      reference: "BOC-INV-9001",
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      type: "expense",
      amount: 45_000,
      status: "completed",
      reference: "BOC-INV-9001",
    });
    expect(Math.abs(Date.parse(created.date) - t.clock.now().getTime())).toBeLessThan(1000);
    const list = (await director.get("/api/transactions?limit=5")).json();
    expect(list[0].id).toBe(created.id);
    expect(list).toHaveLength(5);
  });

  it("answers 400 with field errors for bad input", async () => {
    const empty = await director.post("/api/transactions", {
      type: "income",
      amount: 0,
      currency: "KES",
      description: " ",
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({
      amount: "Amount must be greater than 0",
      description: "Description is required",
    });
    const decimals = await director.post("/api/transactions", {
      type: "income",
      amount: 10.123,
      currency: "KES",
      description: "x",
    });
    expect(decimals.json().error.fields.amount).toBe("Amount can have at most two decimals");
    const text = await director.post("/api/transactions", {
      type: "gift",
      amount: "10",
      currency: "EUR",
      description: "x",
    });
    expect(Object.keys(text.json().error.fields).sort()).toEqual(["amount", "currency", "type"]);
  });

  it("is for directors only", async () => {
    for (const role of [
      "lab_technician",
      "sales_manager",
      "chief_scientist",
      "logistics_coordinator",
    ] as const) {
      const user = asUser(t.app, await loginAs(t.app, staffEmails[role]));
      expect((await user.get("/api/financial")).statusCode).toBe(403);
      expect((await user.get("/api/transactions")).statusCode).toBe(403);
      expect(
        (
          await user.post("/api/transactions", {
            type: "income",
            amount: 1,
            currency: "KES",
            description: "x",
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/financial" })).statusCode).toBe(401);
  });
});
