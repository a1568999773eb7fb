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

  it("leaves discounts to those with the pricing permission", async () => {
    const semen = await item("SEM-HF-101");
    const id = await customerId("Kiambu Dairy Farm");
    const discounted = await sales.post("/api/orders/itemised", {
      customerId: id,
      lines: [{ inventoryItemId: semen.id, quantity: 1, discountPct: 5 }],
    });
    expect(discounted.statusCode).toBe(403);
    const plain = await sales.post("/api/orders/itemised", {
      customerId: id,
      lines: [{ inventoryItemId: semen.id, quantity: 1 }],
    });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().orderType).toBe("sperm");
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
