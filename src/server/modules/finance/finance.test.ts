import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { KES_PER_USD } from "../../../contract/money";
import { orders, transactions } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { asUser, loginAs, staffEmails } from "../../testing/test-app";
import { monthStart } from "../../time";

withTestApp();
let director: ReturnType<typeof asUser>;
beforeAll(async () => {
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
});

/** Recomputes the summary from the rows in integer cents, independently of the service's SQL. */
async function expectedSummary() {
  const rows = await t.database.read((db) => db.select().from(transactions));
  const booked = await t.database.read((db) =>
    db
      .select()
      .from(orders)
      .where(inArray(orders.status, ["approved", "processing", "shipped", "delivered"])),
  );
  const bookedKes = booked.reduce((s, o) => s + o.totalAmountKes, 0);
  const receivedKes = booked.reduce((s, o) => s + o.amountPaidKes, 0);
  const cents = (r: (typeof rows)[number]) =>
    Math.round(Number(r.amount) * 100) * (r.currency === "USD" ? KES_PER_USD : 1);
  const now = t.clock.now();
  const from = monthStart(now).getTime();
  const to = monthStart(now, -1).getTime();
  let total = 0;
  let month = 0;
  for (const r of rows) {
    if (r.status !== "completed") continue;
    const sign = r.type === "income" ? 1 : r.type === "expense" && r.paymentId !== null ? -1 : 0;
    total += sign * cents(r);
    if (r.date.getTime() >= from && r.date.getTime() < to) month += sign * cents(r);
  }
  return {
    totalRevenue: total / 100,
    totalRevenueUsd: Math.round(total / 100 / KES_PER_USD),
    monthlyRevenue: month / 100,
    pendingPayments: bookedKes - receivedKes,
    bookedKes,
    receivedKes,
    outstandingKes: bookedKes - receivedKes,
  };
}

describe("financial summary", () => {
  it("answers income received, this month's income and outstanding as pending payments", async () => {
    const res = await director.get("/api/financial");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual(await expectedSummary());
    expect(body.totalRevenue).toBeGreaterThan(0);
    expect(body.pendingPayments).toBeGreaterThan(0);
  });

  it("adds amounts exactly (no floating-point drift)", async () => {
    const before = (await director.get("/api/financial")).json();
    for (const amount of [0.1, 0.2]) {
      const res = await director.post("/api/transactions", {
        type: "income",
        amount,
        currency: "KES",
        description: `Cents test ${amount}`,
        status: "completed",
      });
      expect(res.statusCode).toBe(201);
    }
    const after = (await director.get("/api/financial")).json();
    expect(Math.round((after.totalRevenue - before.totalRevenue) * 100)).toBe(30);
    expect(after).toEqual(await expectedSummary());
  });

  it("counts USD income at 150 KES per dollar", async () => {
    const before = (await director.get("/api/financial")).json();
    await director.post("/api/transactions", {
      type: "income",
      amount: 100,
      currency: "USD",
      description: "Export sale to Uganda",
      status: "completed",
    });
    const after = (await director.get("/api/financial")).json();
    // Compared in cents: the figures carry the cents recorded above.
    expect(Math.round((after.monthlyRevenue - before.monthlyRevenue) * 100)).toBe(1_500_000);
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
