import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inventoryItems, orders } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { asUser, loginAs, staffEmails } from "../../testing/test-app";

withTestApp();
let director: ReturnType<typeof asUser>;
beforeAll(async () => {
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
});

const newOrder = {
  customerName: "Kiambu Dairy Farm",
  orderType: "embryo",
  totalAmountKes: 255_000,
  totalAmountUsd: 1_700,
  currency: "KES",
  expectedDeliveryDate: "2026-12-15",
};

describe("orders list and summary", () => {
  it("lists orders newest first with the staff fields", async () => {
    const list = (await director.get("/api/orders")).json();
    expect(list.length).toBeGreaterThan(40);
    const dates = list.map((o: { orderDate: string }) => o.orderDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(list[0]).toEqual(
      expect.objectContaining({
        orderNumber: expect.stringMatching(/^ORD-\d{4}-\d{6}$/),
        customerName: expect.any(String),
        orderType: expect.any(String),
        status: expect.any(String),
        totalAmountKes: expect.any(Number),
        currency: "KES",
      }),
    );
  });

  it("searches order number and customer, and filters by status", async () => {
    const all = (await director.get("/api/orders?limit=500")).json();
    const one = all[3];
    const byNumber = (await director.get(`/api/orders?search=${one.orderNumber.toLowerCase()}`)).json();
    expect(byNumber.map((o: { id: number }) => o.id)).toEqual([one.id]);
    const byCustomer = (await director.get("/api/orders?search=mwangi&limit=500")).json();
    expect(byCustomer.length).toBeGreaterThan(0);
    expect(byCustomer.some((o: { customerName: string }) => /mwangi/i.test(o.customerName))).toBe(true);
    // The customer record as it is now: its current name, phone and email find its orders.
    const withCustomer = all.find((o: { customerId: number | null }) => o.customerId !== null);
    const customer = (await director.get(`/api/customers/${withCustomer.customerId}`)).json();
    const renamed = await director.patch(`/api/customers/${customer.id}`, { name: "Gatundu Heifer Co-op" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    for (const term of ["heifer co-op", customer.email, customer.phone.slice(-7)]) {
      const found = (await director.get(`/api/orders?search=${encodeURIComponent(term)}&limit=500`)).json();
      expect(
        found.map((o: { id: number }) => o.id),
        term,
      ).toContain(withCustomer.id);
    }
    const pending = (await director.get("/api/orders?status=pending&limit=500")).json();
    expect(pending.length).toBe(all.filter((o: { status: string }) => o.status === "pending").length);
    expect((await director.get("/api/orders?status=lost")).statusCode).toBe(400);
  });

  it("shows booked order value (approved and later, not cancelled or rejected), received and outstanding", async () => {
    const all = (await director.get("/api/orders?limit=500")).json() as {
      status: string;
      totalAmountKes: number;
      amountPaidKes: number;
    }[];
    const booked = all.filter((o) => ["approved", "processing", "shipped", "delivered"].includes(o.status));
    const bookedKes = booked.reduce((s, o) => s + o.totalAmountKes, 0);
    const receivedKes = booked.reduce((s, o) => s + o.amountPaidKes, 0);
    expect(receivedKes).toBeGreaterThan(0);
    expect(bookedKes).toBeGreaterThan(receivedKes);
    expect((await director.get("/api/orders/summary")).json()).toEqual({
      totalOrders: all.length,
      totalRevenueKes: bookedKes,
      totalRevenueUsd: Math.round(bookedKes / 150),
      pendingOrders: all.filter((o) => o.status === "pending").length,
      deliveredOrders: all.filter((o) => o.status === "delivered").length,
      bookedKes,
      receivedKes,
      outstandingKes: bookedKes - receivedKes,
    });
    // Revenue is the books': roles without finance see the counts only.
    for (const role of ["logistics_coordinator", "chief_scientist", "sales_manager"] as const) {
      const staff = asUser(t.app, await loginAs(t.app, staffEmails[role]));
      expect((await staff.get("/api/orders/summary")).json()).toMatchObject({
        totalOrders: all.length,
        totalRevenueKes: null,
        totalRevenueUsd: null,
        bookedKes: null,
        receivedKes: null,
        outstandingKes: null,
      });
    }
  });
});

describe("creating, editing and cancelling", () => {
  it("creates a pending order with a unique server-assigned number", async () => {
    const a = await director.post("/api/orders", newOrder);
    const b = await director.post("/api/orders", { ...newOrder, totalAmountUsd: null, currency: "USD" });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    const year = t.clock.now().getUTCFullYear();
    expect(a.json().orderNumber).toMatch(new RegExp(`^ORD-${year}-\\d{6}$`));
    expect(a.json().orderNumber).not.toBe(b.json().orderNumber);
    expect(a.json()).toMatchObject({ status: "pending", source: "staff", customerName: "Kiambu Dairy Farm" });
    expect(a.json().expectedDeliveryDate.slice(0, 10)).toBe("2026-12-15");
    const detail = (await director.get(`/api/orders/${a.json().id}`)).json();
    expect(detail.history).toEqual([
      expect.objectContaining({ toStatus: "pending", actor: "Grace Wanjiku", note: "Created by staff" }),
    ]);
  });

  it("takes the customer from existing customers only", async () => {
    const res = await director.post("/api/orders", { ...newOrder, customerName: "Imaginary Ranch" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ customerName: "Choose an existing customer" });
    const caseless = await director.post("/api/orders", { ...newOrder, customerName: "kiambu dairy farm" });
    expect(caseless.json().customerName).toBe("Kiambu Dairy Farm");
  });

  it("answers 400 with field errors for missing or mistyped fields", async () => {
    const res = await director.post("/api/orders", {
      customerName: "",
      totalAmountKes: "255000",
      orderType: "cow",
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(
      ["currency", "customerName", "orderType", "totalAmountKes"].sort(),
    );
  });

  it("edits an order until it ships", async () => {
    const created = (await director.post("/api/orders", newOrder)).json();
    const edited = await director.patch(`/api/orders/${created.id}`, {
      totalAmountKes: 300_000,
      orderType: "mixed",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ totalAmountKes: 300_000, orderType: "mixed" });
    await t.database.tx((db) =>
      db.update(orders).set({ status: "shipped" }).where(eq(orders.id, created.id)),
    );
    const late = await director.patch(`/api/orders/${created.id}`, { totalAmountKes: 1 });
    expect(late.statusCode).toBe(409);
    expect((await director.del(`/api/orders/${created.id}`)).statusCode).toBe(409);
    expect((await director.patch("/api/orders/999999", { totalAmountKes: 1 })).statusCode).toBe(404);
  });

  it("cancels an order, releasing the stock it held, once", async () => {
    const item = await t.database.read(
      async (db) =>
        (await db.select().from(inventoryItems).where(eq(inventoryItems.itemId, "SEM-HF-101")))[0]!,
    );
    const reserved = await director.post(`/api/inventory/${item.id}/reserve`, {
      customerName: "Rift Valley Breeders Ltd",
      quantity: 10,
    });
    expect(reserved.statusCode).toBe(201);
    const order = reserved.json().order;
    expect(reserved.json().item.reservedStock).toBe(item.reservedStock + 10);

    const cancelled = await director.del(`/api/orders/${order.id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe("cancelled");
    const after = (await director.get(`/api/inventory/${item.id}`)).json();
    expect(after.reservedStock).toBe(item.reservedStock);
    expect(after.movements[0]).toMatchObject({
      kind: "release",
      reservedDelta: -10,
      orderNumber: order.orderNumber,
    });
    expect((await director.del(`/api/orders/${order.id}`)).statusCode).toBe(409);
    const detail = (await director.get(`/api/orders/${order.id}`)).json();
    expect(detail.history.map((h: { toStatus: string }) => h.toStatus)).toEqual(["pending", "cancelled"]);
    expect(detail.lines).toEqual([expect.objectContaining({ quantity: 10, unitPriceKes: item.costPerUnit })]);
  });
});

describe("access", () => {
  it("lets logistics read orders but not write them; lab sees none", async () => {
    const logistics = asUser(t.app, await loginAs(t.app, staffEmails.logistics_coordinator));
    expect((await logistics.get("/api/orders")).statusCode).toBe(200);
    expect((await logistics.post("/api/orders", newOrder)).statusCode).toBe(403);
    expect((await logistics.del("/api/orders/1")).statusCode).toBe(403);
    const lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
    expect((await lab.get("/api/orders")).statusCode).toBe(403);
    expect((await lab.get("/api/orders/recent")).statusCode).toBe(200);
    const sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    expect((await sales.post("/api/orders", newOrder)).statusCode).toBe(201);
  });
});
