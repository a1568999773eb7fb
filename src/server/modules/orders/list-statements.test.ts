import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderSorts, orderStatuses } from "../../../contract/orders";
import { orders } from "../../db/schema";
import { sortBy } from "../../http/list-sort";
import { t, withTestApp } from "../../testing/app-session";
import { expectPagesAsRead } from "../../testing/list-pages";
import { orderPage, orderSortColumns } from "./list-statements";
import { toOrder } from "./service";

withTestApp();

describe("the order list's prepared pages", () => {
  it("answer each sort, order and status as the rows read and mapped by Drizzle", async () => {
    // Times with microseconds, and each nullable field both ways, so the statement's ISO text is checked
    // against the driver's Date where they could differ.
    // And an ended order that holds money, whose answer says what is due back (`refundDueKes`).
    const [first, second, third] = await t.database.read((db) =>
      db.select({ id: orders.id }).from(orders).orderBy(orders.id).limit(3),
    );
    await t.database.tx(async (db) => {
      await db.execute(sql`update orders set order_date = '2026-03-04 05:06:07.891999+03',
        expected_delivery_date = '2026-12-31 23:59:59.999999+00', hold_expires_at = '2026-01-01 00:00:00+00',
        notes = null where id = ${first!.id}`);
      await db.execute(sql`update orders set expected_delivery_date = null, hold_expires_at = null,
        notes = 'Kiambu' where id = ${second!.id}`);
      await db.execute(
        sql`update orders set status = 'cancelled', amount_paid_kes = 700 where id = ${third!.id}`,
      );
    });
    const compared = await expectPagesAsRead(
      orderSorts,
      [undefined, ...orderStatuses],
      (db, { filter: status, ...query }) => orderPage(db, { ...query, status, limit: 500, offset: 0 }),
      async (db, { filter: status, ...query }) =>
        (
          await db
            .select()
            .from(orders)
            .where(status ? eq(orders.status, status) : undefined)
            .orderBy(...sortBy(orderSortColumns, query, orders.id))
            .limit(500)
        ).map(toOrder),
    );
    expect(compared).toBeGreaterThan(400);
    const byId = await t.database.read((db) =>
      orderPage(db, { ...baseQuery, sort: "orderDate", limit: 500 }),
    );
    expect(byId.find((o) => o.id === first!.id)).toMatchObject({
      orderDate: "2026-03-04T02:06:07.891Z",
      expectedDeliveryDate: "2026-12-31T23:59:59.999Z",
      holdExpiresAt: "2026-01-01T00:00:00.000Z",
      notes: null,
    });
    expect(byId.find((o) => o.id === third!.id)).toMatchObject({ status: "cancelled", refundDueKes: 700 });
    expect(byId.filter((o) => o.refundDueKes > 0).every((o) => o.refundDueKes === o.amountPaidKes)).toBe(
      true,
    );
  });

  it("pages with limit and offset", async () => {
    const all = await t.database.read((db) => orderPage(db, { ...baseQuery, limit: 30 }));
    const second = await t.database.read((db) => orderPage(db, { ...baseQuery, limit: 10, offset: 10 }));
    expect(second.map((o) => o.id)).toEqual(all.slice(10, 20).map((o) => o.id));
    const pending = await t.database.read((db) => orderPage(db, { ...baseQuery, status: "pending" }));
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((o) => o.status === "pending")).toBe(true);
  });
});

const baseQuery = { sort: "orderDate", order: "desc", limit: 50, offset: 0 } as const;
