import { beforeAll, describe, expect, it } from "vitest";
import { t, withTestApp } from "../../testing/app-session";
import { invariantViolations } from "../../testing/invariants";
import { asUser, loginAs, staffEmails } from "../../testing/test-app";

withTestApp();
let director: ReturnType<typeof asUser>;
let sales: ReturnType<typeof asUser>;
beforeAll(async () => {
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
  sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
});

type Item = {
  id: number;
  itemId: string;
  costPerUnit: number;
  availableStock: number;
  reservedStock: number;
};
const item = async (code: string): Promise<Item> =>
  (await director.get(`/api/inventory?search=${code}`)).json()[0];
const customerId = async (name: string): Promise<number> =>
  (await director.get(`/api/customers?search=${encodeURIComponent(name)}`)).json()[0].id;

describe("staff orders with lines", () => {
  it("prices products from the catalogue, applies a director's discount, adds a service and reserves the stock", async () => {
    const semen = await item("SEM-HF-101");
    const embryo = await item("EMB-GI-008");
    const res = await director.post("/api/orders/itemised", {
      customerId: await customerId("Kiambu Dairy Farm"),
      lines: [
        { inventoryItemId: semen.id, quantity: 4 },
        { inventoryItemId: embryo.id, quantity: 1, discountPct: 10 },
      ],
      services: [
        { service: "artificial_insemination", description: "4 heifers at the farm", amountKes: 6_000 },
      ],
      notes: "Visit on Thursday",
    });
    expect(res.statusCode).toBe(201);
    const discounted = Math.round(embryo.costPerUnit * 0.9);
    const order = res.json();
    expect(order).toMatchObject({
      customerName: "Kiambu Dairy Farm",
      orderType: "mixed",
      status: "pending",
      totalAmountKes: semen.costPerUnit * 4 + discounted + 6_000,
    });
    const detail = (await director.get(`/api/orders/${order.id}`)).json();
    expect(
      detail.lines.map((l: { productName: string; unitPriceKes: number }) => [l.productName, l.unitPriceKes]),
    ).toEqual(
      expect.arrayContaining([
        [expect.stringContaining("(10% discount)"), discounted],
        ["AI service: 4 heifers at the farm", 6_000],
      ]),
    );
    expect((await item("SEM-HF-101")).reservedStock).toBe(semen.reservedStock + 4);
    expect((await item("EMB-GI-008")).reservedStock).toBe(embryo.reservedStock + 1);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("lets the Sales Manager discount up to the limit in settings, and asks a Director above it", async () => {
    const semen = await item("SEM-HF-101");
    const id = await customerId("Kiambu Dairy Farm");
    const scientist = asUser(t.app, await loginAs(t.app, staffEmails.chief_scientist));
    // Only a Director sets the limit; whoever writes orders reads it.
    expect((await sales.put("/api/settings/discounts", { salesDiscountLimitPct: 40 })).statusCode).toBe(403);
    const set = await director.put("/api/settings/discounts", { salesDiscountLimitPct: 8 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ salesDiscountLimitPct: 8, updatedBy: expect.any(String) });
    expect((await sales.get("/api/settings/discounts")).json().salesDiscountLimitPct).toBe(8);
    expect((await director.put("/api/settings/discounts", { salesDiscountLimitPct: 60 })).statusCode).toBe(
      400,
    );

    const order = (discountPct: number, as = sales) =>
      as.post("/api/orders/itemised", {
        customerId: id,
        lines: [{ inventoryItemId: semen.id, quantity: 1, discountPct }],
      });
    const within = await order(8);
    expect(within.statusCode).toBe(201);
    expect(within.json()).toMatchObject({ discountPct: 8, discountOverLimit: false });
    const above = await order(12);
    expect(above.statusCode).toBe(201);
    expect(above.json()).toMatchObject({ discountPct: 12, discountOverLimit: true });
    const byDirector = await order(30, director);
    expect(byDirector.json()).toMatchObject({ discountPct: 30, discountOverLimit: false });

    // The pending list says so; an approver who is no Director is refused, a Director approves.
    const pending = (await director.get("/api/orders/pending?limit=500")).json();
    expect(pending.find((o: { id: number }) => o.id === above.json().id)).toMatchObject({
      discountPct: 12,
      discountOverLimit: true,
    });
    const refused = await scientist.post(`/api/orders/${above.json().id}/approve`, {
      estimatedDays: 3,
      onCredit: false,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/12% discount, above the Sales Manager's limit/);
    const approved = await director.post(`/api/orders/${above.json().id}/approve`, {
      estimatedDays: 3,
      onCredit: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // Within the limit the discount is no reason to refuse: only that the order is not paid yet.
    const fine = await scientist.post(`/api/orders/${within.json().id}/approve`, { estimatedDays: 3 });
    expect(fine.statusCode).toBe(409);
    expect(fine.json().error.message).toMatch(/not paid yet/);
    await director.put("/api/settings/discounts", { salesDiscountLimitPct: 10 });
  });

  it("reserves nothing when one line is short (409)", async () => {
    const semen = await item("SEM-HF-101");
    const embryo = await item("EMB-GI-008");
    const res = await director.post("/api/orders/itemised", {
      customerId: await customerId("Kiambu Dairy Farm"),
      lines: [
        { inventoryItemId: semen.id, quantity: 1 },
        { inventoryItemId: embryo.id, quantity: embryo.availableStock + 1 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect((await item("SEM-HF-101")).reservedStock).toBe(semen.reservedStock);
  });

  it("answers 400 with the field for what is missing or not for sale", async () => {
    const noOne = await director.post("/api/orders/itemised", {
      services: [{ service: "consultation", amountKes: 500 }],
    });
    expect(noOne.json().error.fields).toEqual({ customerId: "Choose a customer" });
    const empty = await director.post("/api/orders/itemised", { customerId: 1, lines: [], services: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ lines: "Add at least one product or service" });
    const expired = (await director.get("/api/inventory?status=expired")).json()[0];
    const notForSale = await director.post("/api/orders/itemised", {
      customerId: await customerId("Kiambu Dairy Farm"),
      lines: [{ inventoryItemId: expired.id, quantity: 1 }],
    });
    expect(notForSale.statusCode).toBe(400);
    expect(notForSale.json().error.fields).toEqual({
      "lines.0.inventoryItemId": "This product is not for sale",
    });
    const noCustomer = await director.post("/api/orders/itemised", {
      customerId: 999_999,
      services: [{ service: "consultation", amountKes: 2_000 }],
    });
    expect(noCustomer.json().error.fields).toEqual({ customerId: "Choose an active customer" });
    const badLine = await director.post("/api/orders/itemised", {
      customerId: 1,
      lines: [{ inventoryItemId: 1, quantity: 0, discountPct: 80 }],
    });
    expect(Object.keys(badLine.json().error.fields).sort()).toEqual([
      "lines.0.discountPct",
      "lines.0.quantity",
    ]);
    const lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
    expect((await lab.post("/api/orders/itemised", { customerId: 1, services: [] })).statusCode).toBe(403);
  });
});
