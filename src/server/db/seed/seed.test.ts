import { count, countDistinct, eq, inArray, sql, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerTypes } from "../../../contract/customers";
import { orderStatuses } from "../../../contract/orders";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { prepareDatabase } from "../prepare";
import * as t from "../schema";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const read = <T>(fn: Parameters<TestApp["database"]["read"]>[0]) => app.database.read(fn) as Promise<T>;

describe("demo seed", () => {
  it("is applied once: preparing again adds nothing", async () => {
    const countAll = () =>
      app.database.read(async (db) => ({
        customers: (await db.select({ n: count() }).from(t.customers))[0]!.n,
        orders: (await db.select({ n: count() }).from(t.orders))[0]!.n,
        users: (await db.select({ n: count() }).from(t.users))[0]!.n,
      }));
    const before = await countAll();
    const again = await prepareDatabase(app.database, { seedDemo: true, now: new Date() });
    expect(again.seeded).toBe(false);
    expect(await countAll()).toEqual(before);
  });

  it("has the inventory the screens need", async () => {
    const items = await read<(typeof t.inventoryItems.$inferSelect)[]>((db) =>
      db.select().from(t.inventoryItems),
    );
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(["embryo", "sperm"]));
    expect(items.filter((i) => i.viabilityStatus === "expired")).toHaveLength(1);
    expect(items.filter((i) => i.viabilityStatus === "compromised")).toHaveLength(1);
    const low = items.filter((i) => {
      const available = i.currentStock - i.reservedStock;
      return i.viabilityStatus === "viable" && available >= 1 && available <= 20;
    });
    expect(low.length).toBeGreaterThanOrEqual(2);
    const origins = new Set(items.map((i) => (i.geneticData as { origin: string }).origin));
    expect(origins).toEqual(new Set(["Brazil", "Kenya", "Brazil_Kenya"]));
    for (const breed of ["Holstein Friesian", "Jersey", "Ayrshire", "Sahiwal", "Boran", "Gir"]) {
      expect(items.some((i) => i.breedName.includes(breed))).toBe(true);
    }
  });

  it("keeps reserved stock equal to the units held by open orders", async () => {
    const held = await read<{ itemId: number | null; held: string | null }[]>((db) =>
      db
        .select({ itemId: t.orderLines.inventoryItemId, held: sum(t.orderLines.quantity) })
        .from(t.orderLines)
        .innerJoin(t.orders, eq(t.orders.id, t.orderLines.orderId))
        .where(inArray(t.orders.status, ["pending", "approved", "processing"]))
        .groupBy(t.orderLines.inventoryItemId),
    );
    const items = await read<(typeof t.inventoryItems.$inferSelect)[]>((db) =>
      db.select().from(t.inventoryItems),
    );
    for (const item of items) {
      const h = held.find((x) => x.itemId === item.id);
      expect(item.reservedStock).toBe(Number(h?.held ?? 0));
    }
  });

  it("has orders in every status over the last twelve months, and customers of every type", async () => {
    const statuses = await read<{ status: string }[]>((db) =>
      db.selectDistinct({ status: t.orders.status }).from(t.orders),
    );
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(orderStatuses));
    const [months] = await read<{ n: number }[]>((db) =>
      db.select({ n: countDistinct(sql`date_trunc('month', ${t.orders.orderDate})`) }).from(t.orders),
    );
    expect(Number(months!.n)).toBeGreaterThanOrEqual(10);
    const types = await read<{ type: string }[]>((db) =>
      db.selectDistinct({ type: t.customers.type }).from(t.customers),
    );
    expect(new Set(types.map((x) => x.type))).toEqual(new Set(customerTypes));
  });

  it("dates nothing that has happened in the future", async () => {
    const now = new Date();
    const latest = await app.database.read(async (db) => ({
      transaction: (await db.select({ d: sql<string>`max(${t.transactions.date})` }).from(t.transactions))[0]!
        .d,
      event: (await db.select({ d: sql<string>`max(${t.orderEvents.createdAt})` }).from(t.orderEvents))[0]!.d,
      shipped: (await db.select({ d: sql<string>`max(${t.shipments.shippedDate})` }).from(t.shipments))[0]!.d,
      order: (await db.select({ d: sql<string>`max(${t.orders.orderDate})` }).from(t.orders))[0]!.d,
    }));
    for (const value of Object.values(latest))
      expect(new Date(value).getTime()).toBeLessThanOrEqual(now.getTime());
  });

  it("has storage units in warning and critical, plus transactions, shipments, breeding records and vendors", async () => {
    const units = await read<{ alertStatus: string }[]>((db) => db.select().from(t.storageUnits));
    expect(units.length).toBeGreaterThanOrEqual(4);
    expect(units.map((u) => u.alertStatus)).toEqual(
      expect.arrayContaining(["normal", "warning", "critical"]),
    );
    for (const table of [t.transactions, t.shipments, t.breedingRecords, t.vendors]) {
      const [row] = await read<{ n: number }[]>((db) => db.select({ n: count() }).from(table));
      expect(Number(row!.n)).toBeGreaterThanOrEqual(5);
    }
  });
});
