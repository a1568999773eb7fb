import { and, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { percentChange, percentOf } from "../../../contract/dashboard";
import { breedingRecords, customers, inventoryItems, orders, stockMovements, users } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { asUser, createTestApp, loginAs, staffEmails } from "../../testing/test-app";
import { monthStart, nairobiDate } from "../../time";
import { hashPassword } from "../auth/passwords";

withTestApp();
let director: ReturnType<typeof asUser>;
beforeAll(async () => {
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
});

const metrics = async () => (await director.get("/api/dashboard/metrics")).json();

describe("dashboard metrics", () => {
  it("answers every metric field, computed from the rows", async () => {
    const m = await metrics();
    const thisMonth = monthStart(t.clock.now());
    const { stock, moved, active, before, records, successes } = await t.database.read(async (db) => ({
      stock: (
        await db
          .select({ n: sql<string>`sum(${inventoryItems.currentStock})` })
          .from(inventoryItems)
          .where(eq(inventoryItems.isActive, true))
      )[0]!.n,
      moved: (
        await db
          .select({ n: sql<string>`coalesce(sum(${stockMovements.stockDelta}), 0)` })
          .from(stockMovements)
          .where(gte(stockMovements.createdAt, thisMonth))
      )[0]!.n,
      active: (
        await db.select({ n: sql<string>`count(*)` }).from(customers).where(eq(customers.isActive, true))
      )[0]!.n,
      before: (
        await db
          .select({ n: sql<string>`count(*)` })
          .from(customers)
          .where(and(eq(customers.isActive, true), sql`${customers.createdAt} < ${thisMonth}`))
      )[0]!.n,
      // Only records with a known outcome count: one still awaiting its check is no failure.
      records: (
        await db
          .select({ n: sql<string>`count(*)` })
          .from(breedingRecords)
          .where(ne(breedingRecords.status, "breeding"))
      )[0]!.n,
      successes: (
        await db
          .select({ n: sql<string>`count(*)` })
          .from(breedingRecords)
          .where(inArray(breedingRecords.status, ["pregnant", "calved"]))
      )[0]!.n,
    }));
    expect(m.totalInventory).toBe(Number(stock));
    // JSON has no -0: a growth that rounds to "minus nothing" arrives as 0.
    expect(m.inventoryGrowth).toBe(percentChange(Number(stock), Number(stock) - Number(moved)) + 0);
    expect(m.activeCustomers).toBe(Number(active));
    expect(m.customerGrowth).toBe(percentChange(Number(active), Number(before)));
    expect(m.successRate).toBe(percentOf(Number(successes), Number(records)));
    expect(m.monthlyRevenueUsd).toBe(Math.round(m.monthlyRevenue / 150));
    expect(typeof m.revenueGrowth).toBe("number");
    expect(typeof m.successRateGrowth).toBe("number");
  });

  it("moves monthly revenue and its growth (against the same days of last month) with a booked order, not with other income", async () => {
    const before = await metrics();
    const now = t.clock.now();
    const last = new Date(
      Math.min(
        monthStart(now, 1).getTime() + (now.getTime() - monthStart(now).getTime()),
        monthStart(now).getTime() - 1,
      ),
    );
    const days = { first: nairobiDate(monthStart(now, 1)), last: nairobiDate(last) };
    const previous = (await t.database.read((db) => db.select().from(orders)))
      .filter(
        (o) =>
          ["approved", "processing", "shipped", "delivered"].includes(o.status) &&
          nairobiDate(o.orderDate) >= days.first &&
          nairobiDate(o.orderDate) <= days.last,
      )
      .reduce((sum, o) => sum + o.totalAmountKes, 0);
    // Income recorded by hand, and an order still awaiting approval, are not revenue.
    await director.post("/api/transactions", {
      type: "income",
      amount: 123_450,
      currency: "KES",
      description: "Consultancy, Coast Cattle Breeders",
    });
    const sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    const [customer] = (await director.get("/api/customers?limit=1")).json();
    const placed = await sales.post("/api/orders", {
      customerName: customer.name,
      orderType: "embryo",
      totalAmountKes: 123_450,
      currency: "KES",
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await metrics()).monthlyRevenue).toBe(before.monthlyRevenue);
    const approved = await director.post(`/api/orders/${placed.json().id}/approve`, {
      estimatedDays: 3,
      onCredit: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = await metrics();
    expect(after.monthlyRevenue).toBe(before.monthlyRevenue + 123_450);
    expect(after.revenueGrowth).toBe(percentChange(after.monthlyRevenue, previous));
  });

  it("counts new customers and received stock in this month's growth", async () => {
    const before = await metrics();
    await director.post("/api/customers", {
      name: "Bomet Dairy Group",
      type: "farm",
      email: "bomet@example.co.ke",
      phone: "0711000000",
      address: "Bomet",
      contactPerson: "Ann Chepkoech",
    });
    const after = await metrics();
    expect(after.activeCustomers).toBe(before.activeCustomers + 1);
    expect(after.customerGrowth).toBeGreaterThan(before.customerGrowth);
  });

  it("answers zeros, not errors, on an empty database", async () => {
    const empty = await createTestApp({ seed: false, env: {} });
    try {
      const passwordHash = await hashPassword("long-enough-pw");
      await empty.database.tx(async (db) => {
        await db.insert(users).values({
          email: "boss@example.com",
          passwordHash,
          role: "director",
          firstName: "B",
          lastName: "Oss",
        });
      });
      const boss = asUser(empty.app, await loginAs(empty.app, "boss@example.com", "long-enough-pw"));
      expect((await boss.get("/api/dashboard/metrics")).json()).toEqual({
        totalInventory: 0,
        inventoryGrowth: 0,
        monthlyRevenue: 0,
        monthlyRevenueUsd: 0,
        revenueGrowth: 0,
        successRate: 0,
        successRateGrowth: 0,
        activeCustomers: 0,
        customerGrowth: 0,
        ledger: { bookedKes: 0, receivedKes: 0, outstandingKes: 0 },
        held: { depositsKes: 0, refundDueKes: 0 },
      });
      expect((await boss.get("/api/breeding/metrics")).json()).toEqual({
        aiSuccessRate: 0,
        aiGrowth: 0,
        etSuccessRate: 0,
        etGrowth: 0,
        pregnancyRate: 0,
        pregnancyGrowth: 0,
      });
      expect((await boss.get("/api/orders/recent")).json()).toEqual([]);
      expect((await boss.get("/api/inventory/status")).json()).toEqual({ embryos: 0, sperm: 0, lowStock: 0 });
    } finally {
      await empty.close();
    }
  });
});

describe("dashboard by role", () => {
  it.each([
    ["director", true],
    ["chief_scientist", false],
    ["sales_manager", false],
    ["lab_technician", false],
    ["logistics_coordinator", false],
  ] as const)("gives the %s money figures: %s", async (role, money) => {
    const user = asUser(t.app, await loginAs(t.app, staffEmails[role]));
    const m = (await user.get("/api/dashboard/metrics")).json();
    if (money) {
      expect(m.monthlyRevenue).toEqual(expect.any(Number));
      expect(m.ledger).not.toBeNull();
    } else {
      expect(m).toMatchObject({
        monthlyRevenue: null,
        monthlyRevenueUsd: null,
        revenueGrowth: null,
        ledger: null,
        held: null,
      });
    }
    expect(m.totalInventory).toEqual(expect.any(Number));
    expect((await user.get("/api/dashboard/sales-trend")).statusCode).toBe(money ? 200 : 403);
    expect((await user.get("/api/alerts/temperature")).statusCode).toBe(
      role === "director" || role === "chief_scientist" || role === "lab_technician" ? 200 : 403,
    );
  });
});

describe("dashboard lists and figures", () => {
  it("answers the five most recent orders", async () => {
    const recent = (await director.get("/api/orders/recent")).json();
    const all = (await director.get("/api/orders?limit=5")).json();
    expect(recent).toEqual(all);
    expect(recent).toHaveLength(5);
  });

  it("answers available embryos and sperm doses and the low-stock count", async () => {
    const items = (await director.get("/api/inventory?status=viable")).json() as {
      type: string;
      availableStock: number;
    }[];
    expect((await director.get("/api/inventory/status")).json()).toEqual({
      embryos: items.filter((i) => i.type === "embryo").reduce((s, i) => s + i.availableStock, 0),
      sperm: items.filter((i) => i.type === "sperm").reduce((s, i) => s + i.availableStock, 0),
      lowStock: items.filter((i) => i.availableStock <= 20).length,
    });
  });

  it("answers AI, ET and pregnancy rates as conceptions over known outcomes, as the catalogue does", async () => {
    const rows = await t.database.read((db) => db.select().from(breedingRecords));
    const diagnosed = rows.filter((r) => r.status !== "breeding");
    const rate = (list: typeof rows) =>
      percentOf(
        list.filter((r) => r.success && r.status !== "breeding").length,
        list.filter((r) => r.status !== "breeding").length,
      );
    expect(rows.some((r) => r.status === "breeding" && r.serviceType === "AI")).toBe(true);
    const m = (await director.get("/api/breeding/metrics")).json();
    expect(m.aiSuccessRate).toBe(rate(rows.filter((r) => r.serviceType === "AI")));
    expect(m.etSuccessRate).toBe(rate(rows.filter((r) => r.serviceType === "ET")));
    expect(m.pregnancyRate).toBe(
      percentOf(
        diagnosed.filter((r) => r.status === "pregnant" || r.status === "calved").length,
        diagnosed.length,
      ),
    );
  });

  it("answers a point per month for each range, summing completed income", async () => {
    const six = (await director.get("/api/dashboard/sales-trend?range=6m")).json();
    const twelve = (await director.get("/api/dashboard/sales-trend?range=12m")).json();
    const ytd = (await director.get("/api/dashboard/sales-trend?range=ytd")).json();
    expect(six).toHaveLength(6);
    expect(twelve).toHaveLength(12);
    expect(twelve.slice(6)).toEqual(six);
    const nairobiMonth = Number(new Date(t.clock.now().getTime() + 3 * 3600_000).toISOString().slice(5, 7));
    expect(ytd).toHaveLength(nairobiMonth);
    expect(six.at(-1).revenue).toBe((await metrics()).monthlyRevenue);
    expect(twelve.filter((p: { revenue: number }) => p.revenue > 0).length).toBeGreaterThanOrEqual(10);
    expect((await director.get("/api/dashboard/sales-trend?range=forever")).statusCode).toBe(400);
  });
});

describe("temperature readings", () => {
  it("records a reading and the unit's alert status follows it", async () => {
    const lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
    const units = (await lab.get("/api/storage/conditions")).json();
    const tankA = units.find((u: { storageUnit: string }) => u.storageUnit === "LN2-Tank-A");
    const hot = await lab.post("/api/storage/readings", { storageUnitId: tankA.id, temperature: -140 });
    expect(hot.statusCode).toBe(201);
    expect(hot.json()).toMatchObject({ alertStatus: "critical", temperature: -140 });
    const alerts = (await lab.get("/api/alerts/temperature")).json();
    expect(alerts.map((a: { storageUnit: string }) => a.storageUnit)).toContain("LN2-Tank-A");
    const ok = await lab.post("/api/storage/readings", { storageUnitId: tankA.id, temperature: -196 });
    expect(ok.json().alertStatus).toBe("normal");
    const banner = async () =>
      (await lab.get("/api/alerts/temperature")).json().map((a: { storageUnit: string }) => a.storageUnit);
    // Back to normal, the alarm stays on the banner until a person acknowledges it.
    expect(await banner()).toContain("LN2-Tank-A");
    const [alert] = (await lab.get("/api/storage/alerts?limit=500"))
      .json()
      .filter(
        (a: { storageUnitId: number; kind: string }) =>
          a.storageUnitId === tankA.id && a.kind === "temperature",
      );
    expect(alert.clearedAt).not.toBeNull();
    await lab.post(`/api/storage/alerts/${alert.id}/acknowledge`, { note: "Dewar lid reseated" });
    expect(await banner()).not.toContain("LN2-Tank-A");
  });

  it("validates readings and who may record them", async () => {
    const lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
    expect(
      (await lab.post("/api/storage/readings", { storageUnitId: 1, temperature: -300 })).statusCode,
    ).toBe(400);
    expect(
      (await lab.post("/api/storage/readings", { storageUnitId: 999, temperature: -190 })).statusCode,
    ).toBe(404);
    const sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    expect(
      (await sales.post("/api/storage/readings", { storageUnitId: 1, temperature: -190 })).statusCode,
    ).toBe(403);
  });
});
