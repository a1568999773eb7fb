import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invariantViolations } from "../../testing/invariants";
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
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The totals as stored, per day and status (shards summed, empty rows left out). */
const totals = () =>
  t.database.read(async (db) => {
    const result = (await db.execute(sql`
      select day::text as day, status::text as status, sum(orders)::int as orders,
             sum(total_kes)::bigint::text as total, sum(paid_kes)::bigint::text as paid
      from order_day_totals group by 1, 2
      having sum(orders) <> 0 or sum(total_kes) <> 0 or sum(paid_kes) <> 0
      order by 1, 2`)) as unknown as { rows: unknown[] };
    return result.rows;
  });

describe("order totals", () => {
  it("kept by the trigger through orders, payments, approvals, cancellations and edits equal a rebuild", async () => {
    const client = asUser(t.app, await loginClient(t.app, clientEmail));
    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const item = await inventoryItem(t, "SEM-HF-101");
    const placed: { id: number; total: number }[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await client.post("/api/client/orders", {
        items: [{ productId: item.id, quantity: 1 + (i % 3) }],
        deliveryAddress: "Nyahururu",
        paymentMethod: "bank",
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json();
      placed.push({ id, total: (await director.get(`/api/orders/${id}`)).json().totalAmountKes });
    }
    const day = new Date().toISOString().slice(0, 10);
    const [a, b, c, d] = placed;
    // Paid in part, paid in full and approved, approved on credit, cancelled.
    const pay = (id: number, amountKes: number) =>
      director.post(`/api/orders/${id}/payments`, {
        method: "bank",
        amountKes,
        reference: `R${id}`,
        date: day,
      });
    for (const [id, amount] of [
      [a!.id, 1000],
      [b!.id, b!.total],
    ] as const) {
      const paid = await pay(id, amount);
      expect(paid.statusCode, paid.body).toBe(201);
    }
    expect((await director.post(`/api/orders/${b!.id}/approve`, { estimatedDays: 3 })).statusCode).toBe(200);
    expect(
      (await director.post(`/api/orders/${c!.id}/approve`, { estimatedDays: 3, onCredit: true })).statusCode,
    ).toBe(200);
    expect((await director.del(`/api/orders/${d!.id}`)).statusCode).toBe(200);
    // A hand edit of an order's date moves it to another day's totals.
    await t.database.tx((db) =>
      db.execute(sql`update orders set order_date = order_date - interval '40 days' where id = ${a!.id}`),
    );
    expect(await invariantViolations(t.database)).toEqual([]);

    const incremental = await totals();
    await t.database.tx((db) => db.execute(sql`select rebuild_order_day_totals()`));
    expect(await totals()).toEqual(incremental);

    // The summary endpoint reads them, and agrees with counting the orders themselves.
    const summary = (await director.get("/api/orders/summary")).json();
    const counted = await t.database.read(async (db) => {
      const result = (await db.execute(sql`
        select count(*)::int as total, (count(*) filter (where status = 'pending'))::int as pending,
               coalesce(sum(total_amount_kes) filter (where status in ('approved','processing','shipped','delivered')), 0)::int as booked
        from orders`)) as unknown as { rows: { total: number; pending: number; booked: number }[] };
      return result.rows[0]!;
    });
    expect(summary).toMatchObject({
      totalOrders: counted.total,
      pendingOrders: counted.pending,
      totalRevenueKes: counted.booked,
    });
  });
});
