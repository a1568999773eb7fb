import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, inventoryItems, orders, outbox, stockMovements, users } from "../../db/schema";
import {
  asUser,
  clientEmail,
  createTestApp,
  loginAs,
  loginClient,
  staffEmails,
  type TestApp,
} from "../../testing/test-app";
import { atNairobiNoon, nairobiDate } from "../../time";

let t: TestApp;
let client: ReturnType<typeof asUser>;
let other: ReturnType<typeof asUser>;
let director: ReturnType<typeof asUser>;

const signup = (email: string) => ({
  firstName: "Achieng",
  lastName: "Otieno",
  email,
  phone: "+254 722 000 999",
  password: "secret12",
  confirmPassword: "secret12",
  farmName: "Otieno Dairy",
  farmType: "dairy",
  location: "Kisumu",
  county: "Kisumu",
  herdSize: "11-50",
  experience: "beginner",
  interests: [],
});

beforeAll(async () => {
  // This file places many orders for one client; the unpaid-order cap has its own tests.
  t = await createTestApp({ env: { MAX_OPEN_UNPAID_ORDERS: "100", MAX_OPEN_UNPAID_UNITS: "100000" } });
  client = asUser(t.app, await loginClient(t.app, clientEmail));
  await t.app.inject({ method: "POST", url: "/api/client-signup", payload: signup("achieng@example.co.ke") });
  other = asUser(t.app, await loginClient(t.app, "achieng@example.co.ke", "secret12"));
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
});
afterAll(() => t.close());

const item = (itemId: string) =>
  t.database.read(
    async (db) => (await db.select().from(inventoryItems).where(eq(inventoryItems.itemId, itemId)))[0]!,
  );

const order = (items: { productId: number; quantity: number; price?: number }[], extra: object = {}) => ({
  customerName: "John Mwangi",
  customerEmail: "client@urithi.co.ke",
  customerPhone: "+254 712 345 678",
  customerLocation: "Githunguri, Kiambu",
  items: items.map((i) => ({ productName: "x", breed: "x", price: 1, ...i })),
  totalAmount: 1,
  currency: "KES",
  paymentMethod: "mpesa",
  ...extra,
});

describe("catalogue", () => {
  it("lists sellable items with live stock, publicly and for clients", async () => {
    const pub = await t.app.inject({ method: "GET", url: "/api/client/products" });
    expect(pub.statusCode).toBe(200);
    const products = pub.json();
    const hf = await item("SEM-HF-101");
    const p = products.find((x: { id: number }) => x.id === hf.id);
    expect(p).toMatchObject({
      type: "semen",
      price: hf.costPerUnit,
      currency: "KES",
      inStock: hf.currentStock - hf.reservedStock,
    });
    expect(p.features.length).toBeGreaterThanOrEqual(3);
    expect(products.some((x: { itemId: string }) => x.itemId === "EMB-HF-007")).toBe(false);
    expect((await client.get("/api/shop/products")).json()).toEqual(products);
    const catalog = (await client.get("/api/client/catalog")).json();
    expect(catalog.find((c: { id: number }) => c.id === hf.id)).toMatchObject({
      currentStock: p.inStock,
      costPerUnit: hf.costPerUnit,
    });
    expect((await t.app.inject({ method: "GET", url: "/api/shop/products" })).statusCode).toBe(401);
    expect((await director.get("/api/shop/products")).statusCode).toBe(403);
  });
});

describe("placing orders", () => {
  it("prices the order from the catalogue, ignoring client prices, and reserves the stock", async () => {
    const emb = await item("EMB-JE-002");
    const sem = await item("SEM-JE-106");
    const res = await client.post(
      "/api/client/orders",
      order([
        { productId: emb.id, quantity: 2, price: 1 },
        { productId: sem.id, quantity: 10, price: 1 },
        { productId: sem.id, quantity: 5, price: 1 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json()).sort()).toEqual(["id", "orderNumber"]);
    const detail = (await director.get(`/api/orders/${res.json().id}`)).json();
    expect(detail.totalAmountKes).toBe(2 * emb.costPerUnit + 15 * sem.costPerUnit);
    expect(detail).toMatchObject({
      status: "pending",
      source: "client",
      orderType: "mixed",
      paymentMethod: "mpesa",
    });
    expect(
      detail.lines.map((l: { quantity: number }) => l.quantity).sort((a: number, b: number) => a - b),
    ).toEqual([2, 15]);
    expect((await item("EMB-JE-002")).reservedStock).toBe(emb.reservedStock + 2);
    expect((await item("SEM-JE-106")).reservedStock).toBe(sem.reservedStock + 15);
  });

  it("accepts the cart payload (product objects with id and quantity, delivery address)", async () => {
    const sem = await item("SEM-AY-102");
    const res = await client.post("/api/client/orders", {
      clientId: 1,
      items: [{ id: sem.id, name: "Ayrshire Semen", type: "semen", price: 3, quantity: 4 }],
      deliveryAddress: "Githunguri, Kiambu",
      deliveryDate: new Date(t.clock.now().getTime() + 5 * 86_400_000).toISOString().slice(0, 10),
      specialInstructions: "Call before delivery",
      paymentMethod: "bank",
      totalAmount: 12,
      currency: "KES",
    });
    expect(res.statusCode).toBe(201);
    const detail = (await director.get(`/api/orders/${res.json().id}`)).json();
    expect(detail.totalAmountKes).toBe(4 * sem.costPerUnit);
  });

  it("refuses an empty cart, unknown products, bad quantities, past dates and a missing address", async () => {
    const empty = await client.post("/api/client/orders", order([]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.items).toBe("Your cart is empty");
    const unknown = await client.post("/api/client/orders", order([{ productId: 999_999, quantity: 1 }]));
    expect(unknown.statusCode).toBe(400);
    const expired = await item("EMB-HF-007");
    expect(
      (await client.post("/api/client/orders", order([{ productId: expired.id, quantity: 1 }]))).statusCode,
    ).toBe(400);
    const sem = await item("SEM-AY-102");
    expect(
      (await client.post("/api/client/orders", order([{ productId: sem.id, quantity: 0 }]))).statusCode,
    ).toBe(400);
    expect(
      (await client.post("/api/client/orders", order([{ productId: sem.id, quantity: 1.5 }]))).statusCode,
    ).toBe(400);
    const past = await client.post(
      "/api/client/orders",
      order([{ productId: sem.id, quantity: 1 }], { deliveryDate: "2020-01-01" }),
    );
    expect(past.json().error.fields.deliveryDate).toBe("Delivery date cannot be before today");
    const noAddress = await client.post(
      "/api/client/orders",
      order([{ productId: sem.id, quantity: 1 }], { customerLocation: "", deliveryAddress: "" }),
    );
    expect(noAddress.json().error.fields.deliveryAddress).toBe("Please provide a delivery address");
  });

  it("answers 409 when stock is short and writes nothing: no reservation, order or message", async () => {
    const low = await item("EMB-AY-006");
    const other = await item("SEM-HF-101");
    const available = low.currentStock - low.reservedStock;
    const written = () =>
      t.database.read(async (db) => ({
        orders: await db.$count(orders),
        messages: await db.$count(outbox),
        movements: await db.$count(stockMovements),
      }));
    const before = await written();
    const res = await client.post(
      "/api/client/orders",
      order([
        { productId: other.id, quantity: 1 },
        { productId: low.id, quantity: available + 1 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    // The database refused the second item's reservation with COMMIT already behind it (stock_short).
    expect(res.json().error.message).toBe(
      `Not enough stock for Ayrshire Embryo (EMB-AY-006): ${available} available, ${available + 1} requested`,
    );
    expect((await item("EMB-AY-006")).reservedStock).toBe(low.reservedStock);
    expect((await item("SEM-HF-101")).reservedStock).toBe(other.reservedStock);
    expect(await written()).toEqual(before);
  });

  it("never oversells under many simultaneous orders for the last units", async () => {
    const target = await item("EMB-GI-008");
    const available = target.currentStock - target.reservedStock;
    expect(available).toBeGreaterThan(0);
    const attempts = available + 12;
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        (i % 2 ? client : other).post("/api/client/orders", order([{ productId: target.id, quantity: 1 }])),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(available);
    expect(codes.filter((c) => c === 409)).toHaveLength(attempts - available);
    const after = await item("EMB-GI-008");
    expect(after.reservedStock).toBe(after.currentStock);
    expect(after.currentStock - after.reservedStock).toBe(0);
  });

  it("is for clients only", async () => {
    const sem = await item("SEM-AY-102");
    expect(
      (await director.post("/api/client/orders", order([{ productId: sem.id, quantity: 1 }]))).statusCode,
    ).toBe(403);
    const anon = await t.app.inject({
      method: "POST",
      url: "/api/client/orders",
      payload: order([{ productId: sem.id, quantity: 1 }]),
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe("who the order is from", () => {
  it("takes name, email and phone from the account; other details only become a labelled delivery contact", async () => {
    const sem = await item("SEM-AY-102");
    const placed = await other.post(
      "/api/client/orders",
      order([{ productId: sem.id, quantity: 1 }], {
        customerName: "Urithi Director",
        customerEmail: "director1@urithi.co.ke",
        customerPhone: "+254 722 000 999",
      }),
    );
    expect(placed.statusCode).toBe(201);
    const pending = (await director.get("/api/orders/pending?limit=500")).json();
    const mine = pending.find((o: { id: number }) => o.id === placed.json().id);
    expect(mine).toMatchObject({
      customerName: "Achieng Otieno",
      customerEmail: "achieng@example.co.ke",
      customerPhone: "+254722000999",
      deliveryContact: { name: "Urithi Director", email: "director1@urithi.co.ke", phone: null },
    });
    const plain = await other.post(
      "/api/client/orders",
      order([{ productId: sem.id, quantity: 1 }], {
        customerName: "achieng  otieno",
        customerEmail: "Achieng@Example.co.ke",
        customerPhone: "+254722000999",
      }),
    );
    const again = (await director.get("/api/orders/pending?limit=500")).json();
    expect(again.find((o: { id: number }) => o.id === plain.json().id).deliveryContact).toBeNull();
  });

  it("refuses an order from a deactivated customer", async () => {
    const [user] = await t.database.read((db) =>
      db.select().from(users).where(eq(users.email, "achieng@example.co.ke")),
    );
    await t.database.tx((db) =>
      db.update(customers).set({ isActive: false }).where(eq(customers.id, user!.customerId!)),
    );
    try {
      const sem = await item("SEM-AY-102");
      const res = await other.post("/api/client/orders", order([{ productId: sem.id, quantity: 1 }]));
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toMatch(/customer account is closed/);
    } finally {
      await t.database.tx((db) =>
        db.update(customers).set({ isActive: true }).where(eq(customers.id, user!.customerId!)),
      );
    }
  });
});

describe("a client's own orders", () => {
  it("lists only the signed-in client's orders, with items and status", async () => {
    const sem = await item("SEM-BO-104");
    const mine = (await other.post("/api/client/orders", order([{ productId: sem.id, quantity: 3 }]))).json();
    const otherList = (await other.get("/api/client/orders")).json();
    expect(otherList.map((o: { id: number }) => o.id)).toContain(mine.id);
    const clientList = (await client.get("/api/client/orders?limit=500")).json();
    expect(clientList.map((o: { id: number }) => o.id)).not.toContain(mine.id);
    expect(clientList.length).toBeGreaterThan(0);
    const placed = otherList.find((o: { id: number }) => o.id === mine.id);
    expect(placed).toMatchObject({
      status: "pending",
      currency: "KES",
      totalAmount: 3 * sem.costPerUnit,
      items: [{ productName: "Boran Semen", quantity: 3, price: sem.costPerUnit, breed: "Boran" }],
      trackingNumber: null,
    });
    // Seeded shipped orders carry their tracking number to the client.
    expect(
      clientList.some((o: { trackingNumber: string | null }) => o.trackingNumber?.startsWith("TRK-")),
    ).toBe(true);
  });
});

describe("approval", () => {
  it("lists pending orders with their items for approvers only", async () => {
    const pending = (await director.get("/api/orders/pending")).json();
    expect(pending.length).toBeGreaterThan(0);
    // Client orders are itemised: their lines add up to the order's total, as the approver is shown.
    const itemised = pending.filter((o: { source: string }) => o.source === "client");
    expect(itemised.length).toBeGreaterThan(0);
    for (const o of itemised as { totalAmount: number; items: { price: number; quantity: number }[] }[]) {
      expect(o.items.length).toBeGreaterThan(0);
      expect(o.items.reduce((sum, i) => sum + i.price * i.quantity, 0)).toBe(o.totalAmount);
    }
    for (const role of ["sales_manager", "lab_technician", "logistics_coordinator"] as const) {
      const user = asUser(t.app, await loginAs(t.app, staffEmails[role]));
      expect((await user.get("/api/orders/pending")).statusCode).toBe(403);
      expect((await user.post(`/api/orders/${pending[0].id}/approve`, { estimatedDays: 3 })).statusCode).toBe(
        403,
      );
      expect((await user.post(`/api/orders/${pending[0].id}/reject`, { reason: "x" })).statusCode).toBe(403);
    }
    expect((await client.get("/api/orders/pending")).statusCode).toBe(403);
  });

  it("approves: status approved, delivery now + days, approver recorded; a second decision is 409", async () => {
    const sem = await item("SEM-SA-103");
    const placed = (
      await client.post("/api/client/orders", order([{ productId: sem.id, quantity: 2 }]))
    ).json();
    const scientist = asUser(t.app, await loginAs(t.app, staffEmails.chief_scientist));
    const unpaid = await scientist.post(`/api/orders/${placed.id}/approve`, { estimatedDays: 7 });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error.message).toMatch(/not paid/);
    const paid = await director.post(`/api/orders/${placed.id}/payments`, {
      method: "bank",
      amountKes: sem.costPerUnit * 2,
      reference: "KCB-77120",
      date: new Date().toISOString().slice(0, 10),
    });
    expect(paid.statusCode).toBe(201);
    const bad = await scientist.post(`/api/orders/${placed.id}/approve`, { estimatedDays: 4 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.estimatedDays).toBe("Please provide estimated delivery time.");
    const res = await scientist.post(`/api/orders/${placed.id}/approve`, {
      estimatedDays: 7,
      notes: "Ship with the Thursday dewar",
      approvedBy: "Someone else",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("approved");
    // The Nairobi day a week on, kept as noon there.
    const expected = nairobiDate(new Date(t.clock.now().getTime() + 7 * 86_400_000));
    expect(res.json().expectedDeliveryDate).toBe(atNairobiNoon(expected).toISOString());
    const detail = (await director.get(`/api/orders/${placed.id}`)).json();
    expect(detail.history.at(-1)).toMatchObject({ toStatus: "approved", actor: "Dr. Amina Hassan" });
    expect((await scientist.post(`/api/orders/${placed.id}/approve`, { estimatedDays: 7 })).statusCode).toBe(
      409,
    );
    expect((await scientist.post(`/api/orders/${placed.id}/reject`, { reason: "late" })).statusCode).toBe(
      409,
    );
    const tracked = (await client.get("/api/client/orders?limit=500"))
      .json()
      .find((o: { id: number }) => o.id === placed.id);
    expect(tracked.status).toBe("approved");
    expect(tracked.estimatedDelivery).toBe(res.json().expectedDeliveryDate);
    expect((await director.get("/api/orders/pending")).json().map((o: { id: number }) => o.id)).not.toContain(
      placed.id,
    );
  });

  it("rejects with a non-blank reason kept as notes, and releases the stock", async () => {
    const sem = await item("SEM-GI-105");
    const placed = (
      await client.post("/api/client/orders", order([{ productId: sem.id, quantity: 6 }]))
    ).json();
    expect((await item("SEM-GI-105")).reservedStock).toBe(sem.reservedStock + 6);
    const blank = await director.post(`/api/orders/${placed.id}/reject`, { reason: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.reason).toBe("Please provide a reason for rejection.");
    const res = await director.post(`/api/orders/${placed.id}/reject`, {
      reason: "Gir semen reserved for the ET programme",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: "rejected",
      notes: "Gir semen reserved for the ET programme",
    });
    expect((await item("SEM-GI-105")).reservedStock).toBe(sem.reservedStock);
    expect((await director.post(`/api/orders/${placed.id}/reject`, { reason: "again" })).statusCode).toBe(
      409,
    );
    expect((await director.post("/api/orders/999999/approve", { estimatedDays: 1 })).statusCode).toBe(404);
  });
});
