import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PendingOrder } from "../../../contract/client";
import { sortOrders } from "../../../contract/pagination";
import type { Db } from "../../db/adapter";
import { orders, users } from "../../db/schema";
import { sortBy } from "../../http/list-sort";
import { t, withTestApp } from "../../testing/app-session";
import { pendingOrderPage } from "./pending-page";
import { itemsByOrder } from "./service";

withTestApp();

/** The pending list as Drizzle read and mapped it before its statement was prepared. */
async function drizzlePage(db: Db, page: { order: "asc" | "desc"; limit: number; offset: number }) {
  const found = await db
    .select({ order: orders, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.createdBy))
    .where(eq(orders.status, "pending"))
    .orderBy(...sortBy({ orderDate: orders.orderDate }, { sort: "orderDate", order: page.order }, orders.id))
    .limit(page.limit)
    .offset(page.offset);
  const items = await itemsByOrder(
    db,
    found.map((f) => f.order.id),
  );
  return found.map(
    ({ order: o, role, firstName, lastName }): PendingOrder => ({
      id: o.id,
      orderNumber: o.orderNumber,
      customerName: o.customerName,
      customerPhone: o.customerPhone,
      customerEmail: o.customerEmail,
      customerLocation: o.customerLocation,
      deliveryContact: o.deliveryContact ?? null,
      deliveryAddress: o.deliveryAddress,
      requestedDeliveryDate: o.requestedDeliveryDate,
      specialInstructions: o.specialInstructions,
      paymentMethod: o.paymentMethod,
      currency: o.currency,
      totalAmount: o.totalAmountKes,
      orderDate: o.orderDate.toISOString(),
      source: o.source,
      notes: o.notes,
      createdBy: role && role !== "client" ? `${firstName} ${lastName}` : null,
      createdByUserId: o.createdBy,
      discountPct: o.discountPct,
      discountOverLimit: o.discountOverLimit,
      paymentStatus: o.paymentStatus,
      amountPaidKes: o.amountPaidKes,
      holdExpiresAt: o.holdExpiresAt?.toISOString() ?? null,
      // The contract's four fields of a line (the serializer leaves out the rest).
      items: (items.get(o.id) ?? []).map(({ productName, breed, quantity, price }) => ({
        productName,
        breed,
        quantity,
        price,
      })),
    }),
  );
}

describe("the pending list's prepared page", () => {
  it("answers each order and page as Drizzle's reading did, lines, creator and delivery contact included", async () => {
    const pending = await t.database.read((db) =>
      db.select({ id: orders.id }).from(orders).where(eq(orders.status, "pending")).orderBy(asc(orders.id)),
    );
    expect(pending.length).toBeGreaterThan(3);
    const [staff] = await t.database.read((db) =>
      db.select({ id: users.id }).from(users).where(eq(users.role, "director")).limit(1),
    );
    await t.database.tx(async (db) => {
      await db.execute(sql`update orders set created_by = ${staff!.id}, requested_delivery_date = '2026-12-24',
        delivery_contact = '{"name": "Njeri", "phone": "+254700000001", "email": null}',
        hold_expires_at = '2026-12-01 10:00:00.5+03' where id = ${pending[0]!.id}`);
      await db.execute(sql`delete from order_lines where order_id = ${pending[1]!.id}`);
    });
    for (const order of sortOrders) {
      for (const [limit, offset] of [
        [500, 0],
        [2, 1],
      ] as const) {
        const query = { sort: "orderDate", order, limit, offset } as const;
        const page = await t.database.read((db) => pendingOrderPage(db, query));
        expect(page, `${order} ${limit} ${offset}`).toEqual(
          await t.database.read((db) => drizzlePage(db, query)),
        );
      }
    }
    const all = await t.database.read((db) =>
      pendingOrderPage(db, { sort: "orderDate", order: "asc", limit: 500, offset: 0 }),
    );
    expect(all.find((o) => o.id === pending[0]!.id)).toMatchObject({
      createdBy: expect.stringMatching(/\S+ \S+/),
      requestedDeliveryDate: "2026-12-24",
      deliveryContact: { name: "Njeri", phone: "+254700000001", email: null },
      holdExpiresAt: "2026-12-01T07:00:00.500Z",
    });
    expect(all.find((o) => o.id === pending[1]!.id)?.items).toEqual([]);
    expect(all.some((o) => o.items.length > 0)).toBe(true);
  });
});
