import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inventoryItems, itemGenetics, payments } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { asUser, inventoryItem, loginAs, newClientAccount, staffEmails } from "../../testing/test-app";

withTestApp();

const ITEM = "SEM-JE-106";

async function farmerWithOrder(quantity = 2, paymentMethod: "mpesa" | "bank" = "bank") {
  const farmer = await newClientAccount(t.app);
  const { id: productId } = await inventoryItem(t, ITEM);
  const res = await farmer.client.post("/api/client/orders", {
    items: [{ productId, quantity }],
    customerLocation: "Nyeri",
    paymentMethod,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...farmer, order: res.json() as { id: number; orderNumber: string }, productId };
}
/** The units of a product no order holds. */
const stockOf = async (productId: number) => {
  const [row] = await t.database.read((db) =>
    db.select().from(inventoryItems).where(eq(inventoryItems.id, productId)),
  );
  return row!.currentStock - row!.reservedStock;
};

describe("a client's own order", () => {
  it("is read on its own, and nobody else's is", async () => {
    const { client, order } = await farmerWithOrder();
    const res = await client.get(`/api/client/orders/${order.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: order.id, orderNumber: order.orderNumber, status: "pending" });
    expect(res.json().items[0]).toMatchObject({ quantity: 2 });
    const other = await newClientAccount(t.app);
    expect((await other.client.get(`/api/client/orders/${order.id}`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/client/orders/${order.id}/cancel`, {})).statusCode).toBe(404);
    expect((await other.client.post(`/api/client/orders/${order.id}/reorder`, {})).statusCode).toBe(404);
  });

  it("names the bull on each line as it was sold, and keeps him when the item is edited later", async () => {
    const { client, order, productId } = await farmerWithOrder(1);
    const [bull] = await t.database.read((db) =>
      db.select().from(itemGenetics).where(eq(itemGenetics.inventoryItemId, productId)),
    );
    expect(bull!.bullName).toBe("Limuru Tamu-P");
    const line = async () => (await client.get(`/api/client/orders/${order.id}`)).json().items[0];
    expect(await line()).toMatchObject({
      productName: "Jersey Semen",
      bullName: "Limuru Tamu-P",
      bullCode: bull!.registration,
      semenType: bull!.semenType,
    });
    await t.database.tx((db) =>
      db
        .update(itemGenetics)
        .set({ bullName: "Renamed Later" })
        .where(eq(itemGenetics.inventoryItemId, productId)),
    );
    expect((await line()).bullName).toBe("Limuru Tamu-P");

    // An embryo has a sire but no semen type: the line is placed all the same, with none.
    const { id: embryoId } = await inventoryItem(t, "EMB-GI-005");
    const embryo = await client.post("/api/client/orders", {
      items: [{ productId: embryoId, quantity: 1 }],
      customerLocation: "Nyeri",
      paymentMethod: "bank",
    });
    expect(embryo.statusCode, embryo.body).toBe(201);
    const [embryoLine] = (await client.get(`/api/client/orders/${embryo.json().id}`)).json().items;
    expect(embryoLine).toMatchObject({ productName: "Girolando (Gir x Holstein) Embryo", semenType: null });
  });

  it("is cancelled by the client while unpaid, which releases its stock, once", async () => {
    const { client, order, productId } = await farmerWithOrder(2);
    const held = await stockOf(productId);
    const res = await client.post(`/api/client/orders/${order.id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe("cancelled");
    expect(await stockOf(productId)).toBe(held + 2);
    const again = await client.post(`/api/client/orders/${order.id}/cancel`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("This order can no longer be cancelled");
    expect(await stockOf(productId)).toBe(held + 2);
  });

  it("is not cancelled by the client once money is paid on it, nor while an M-Pesa prompt is open", async () => {
    const paid = await farmerWithOrder(1, "bank");
    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const pay = await director.post(`/api/orders/${paid.order.id}/payments`, {
      amountKes: 100,
      method: "bank",
      reference: `BANK-${paid.order.id}`,
      date: t.clock.now().toISOString().slice(0, 10),
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const refused = await paid.client.post(`/api/client/orders/${paid.order.id}/cancel`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/call us/);

    const prompted = await farmerWithOrder(1, "mpesa");
    // A prompt sent and not yet answered (the simulator's own flow is payments.test.ts's).
    await t.database.tx((db) =>
      db
        .insert(payments)
        .values({ orderId: prompted.order.id, method: "mpesa", amountKes: 100, status: "pending" }),
    );
    const open = await prompted.client.post(`/api/client/orders/${prompted.order.id}/cancel`, {});
    expect(open.statusCode).toBe(409);
    expect(open.json().error.message).toMatch(/M-Pesa prompt/);
  });

  it("is re-ordered as cart lines at today's price, capped at the stock on sale", async () => {
    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const itemId = `SEM-RE-${Date.now() % 100_000}`;
    const created = await director.post("/api/inventory", {
      itemId,
      type: "sperm",
      breedName: "Jersey",
      acquiredFrom: "KAGRC Kenya",
      currentStock: 3,
      costPerUnit: 3_000,
      storageLocation: "Canister 1",
      storageUnitId: 1,
      geneticData: { category: "dairy", origin: "Kenya", region_suitability: ["Central"] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const productId = created.json().id as number;
    const farmer = await newClientAccount(t.app);
    const order = async (quantity: number) =>
      (
        await farmer.client.post("/api/client/orders", {
          items: [{ productId, quantity }],
          customerLocation: "Nyeri",
          paymentMethod: "bank",
        })
      ).json() as { id: number };
    const first = await order(2);
    // One straw is left on sale: the order's two come back as one, at today's price.
    const [line, ...more] = (await farmer.client.post(`/api/client/orders/${first.id}/reorder`, {})).json();
    expect(more).toEqual([]);
    expect(line).toMatchObject({ id: productId, itemId, quantity: 1, price: 3_000, currency: "KES" });
    await order(1);
    // None left: nothing to re-order.
    expect((await farmer.client.post(`/api/client/orders/${first.id}/reorder`, {})).json()).toEqual([]);
  });
});
