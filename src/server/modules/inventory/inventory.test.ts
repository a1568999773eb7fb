import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { isLowStock, LOW_STOCK_THRESHOLD } from "../../../contract/inventory";
import { inventoryItems } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { asUser, loginAs, staffEmails } from "../../testing/test-app";

withTestApp();
let director: ReturnType<typeof asUser>;
beforeAll(async () => {
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
});

type Item = {
  id: number;
  itemId: string;
  type: string;
  breedName: string;
  acquiredFrom: string;
  viabilityStatus: string;
  isActive: boolean;
  currentStock: number;
  reservedStock: number;
  availableStock: number;
  storageUnit: string | null;
  geneticData: { category: string; origin: string; region_suitability: string[] };
};
const list = async (query = ""): Promise<Item[]> => (await director.get(`/api/inventory${query}`)).json();

const newItem = {
  itemId: "emb-sa-900",
  type: "embryo",
  breedName: "Sahiwal",
  acquiredFrom: "KAGRC Kenya",
  currentStock: 12,
  costPerUnit: 55_000,
  storageLocation: "Canister 7, Goblet A",
  storageUnitId: 1,
  geneticData: {
    category: "dual_purpose",
    origin: "Kenya",
    milk_yield: "3,200 L/lactation",
    heat_tolerance: "Excellent",
    breeding_value: 81,
    region_suitability: ["Eastern", "Northern"],
  },
};

describe("inventory list", () => {
  it("answers items with geneticData as an object, on both paths, hiding inactive ones", async () => {
    await t.database.tx((db) =>
      db.update(inventoryItems).set({ isActive: false }).where(eq(inventoryItems.itemId, "SEM-SA-107")),
    );
    const items = await list();
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(items.find((i) => i.itemId === "SEM-SA-107")).toBeUndefined();
    // The list carries each item's genetic data whole, as its own record does.
    const detail = (await director.get(`/api/inventory/${items[0]!.id}`)).json();
    expect(items[0]!.geneticData).toEqual(detail.geneticData);
    expect(items.some((i) => i.geneticData.region_suitability.length > 0)).toBe(true);
    expect(items.every((i) => i.availableStock === i.currentStock - i.reservedStock)).toBe(true);
    expect((await director.get("/api/genetic-inventory")).json()).toEqual(items);
    const withInactive = await list("?includeInactive=true");
    expect(withInactive.length).toBe(items.length + 1);
    await t.database.tx((db) =>
      db.update(inventoryItems).set({ isActive: true }).where(eq(inventoryItems.itemId, "SEM-SA-107")),
    );
  });

  it("searches breed, item ID and supplier case-insensitively", async () => {
    expect((await list("?search=jERSEY")).every((i) => i.breedName.toLowerCase().includes("jersey"))).toBe(
      true,
    );
    const embHf = (await list("?search=emb-hf")).map((i) => i.itemId);
    expect(embHf).toEqual(expect.arrayContaining(["EMB-HF-001", "EMB-HF-007"]));
    expect(embHf.every((id) => id.startsWith("EMB-HF-"))).toBe(true);
    const bySupplier = await list("?search=ol%20pejeta");
    expect(bySupplier.length).toBeGreaterThanOrEqual(2);
    expect(bySupplier.every((i) => i.acquiredFrom === "Ol Pejeta Ranch")).toBe(true);
  });

  it("filters by type, category, origin, viability and low stock", async () => {
    const all = await list();
    expect((await list("?type=embryo")).length).toBe(all.filter((i) => i.type === "embryo").length);
    expect((await list("?category=beef")).map((i) => i.itemId).sort()).toEqual(
      all
        .filter((i) => i.geneticData.category === "beef")
        .map((i) => i.itemId)
        .sort(),
    );
    expect((await list("?origin=Brazil_Kenya")).every((i) => i.geneticData.origin === "Brazil_Kenya")).toBe(
      true,
    );
    expect((await list("?status=expired")).map((i) => i.itemId)).toEqual(["EMB-HF-007"]);
    const low = await list("?lowStock=true");
    expect(low.length).toBeGreaterThan(0);
    expect(low.every((i) => i.availableStock <= LOW_STOCK_THRESHOLD && i.viabilityStatus === "viable")).toBe(
      true,
    );
    expect((await director.get("/api/inventory?origin=Mars")).statusCode).toBe(400);
  });

  it("counts low stock the same way on the dashboard, the inventory filter and the reports", async () => {
    // The expired item has few units left too: not low stock, it is not for sale.
    const expired = (await list("?status=expired"))[0]!;
    expect(expired.availableStock).toBeLessThanOrEqual(LOW_STOCK_THRESHOLD);
    const everything = await list("?limit=500");
    const expected = everything
      .filter((i) => isLowStock(i))
      .map((i) => i.itemId)
      .sort();
    expect((await list("?lowStock=true&limit=500")).map((i) => i.itemId).sort()).toEqual(expected);
    expect((await director.get("/api/inventory/status")).json().lowStock).toBe(expected.length);
    const report = (await director.get("/api/reports")).json().inventoryReport;
    expect(report.lowStockItems).toBe(expected.length);
    const byCategory = report.stockByCategory as {
      inStock: number;
      lowStock: number;
      expired: number;
      compromised: number;
    }[];
    expect(report.totalItems).toBe(everything.length);
    expect(byCategory.reduce((s, c) => s + c.inStock, 0)).toBe(
      everything.filter((i) => i.viabilityStatus === "viable" && !isLowStock(i)).length,
    );
    expect(byCategory.reduce((s, c) => s + c.lowStock, 0)).toBe(expected.length);
    expect(byCategory.reduce((s, c) => s + c.expired, 0)).toBe(
      everything.filter((i) => i.viabilityStatus === "expired").length,
    );
    expect(byCategory.reduce((s, c) => s + c.compromised, 0)).toBe(
      everything.filter((i) => i.viabilityStatus === "compromised").length,
    );
  });

  it("summarises the filtered items", async () => {
    const all = await list();
    const summary = (await director.get("/api/inventory/summary")).json();
    expect(summary).toEqual({
      totalEmbryos: all.filter((i) => i.type === "embryo").reduce((s, i) => s + i.currentStock, 0),
      totalSpermDoses: all.filter((i) => i.type === "sperm").reduce((s, i) => s + i.currentStock, 0),
      viableItems: all.filter((i) => i.viabilityStatus === "viable").length,
      storageUnits: new Set(all.map((i) => i.storageUnit)).size,
    });
    const embryos = (await director.get("/api/inventory/summary?type=embryo")).json();
    expect(embryos.totalSpermDoses).toBe(0);
  });
});

describe("adding items", () => {
  it("creates an item with a receipt in its stock history", async () => {
    const res = await director.post("/api/inventory", newItem);
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({
      itemId: "EMB-SA-900",
      currentStock: 12,
      reservedStock: 0,
      storageUnit: "LN2-Tank-A",
    });
    const detail = (await director.get(`/api/inventory/${item.id}`)).json();
    expect(detail.movements).toEqual([expect.objectContaining({ kind: "receipt", stockDelta: 12 })]);
    expect((await director.post("/api/inventory", newItem)).statusCode).toBe(409);
  });

  it("refuses bad stock, price, type, category and origin", async () => {
    const res = await director.post("/api/inventory", {
      ...newItem,
      itemId: "EMB-X-1",
      type: "cow",
      currentStock: 2.5,
      costPerUnit: -1,
      geneticData: { ...newItem.geneticData, category: "pets", origin: "Mars" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      type: "Choose embryo or sperm",
      currentStock: "Stock must be a whole number",
      costPerUnit: "Price must be greater than 0",
    });
    expect(Object.keys(res.json().error.fields)).toEqual(
      expect.arrayContaining(["geneticData.category", "geneticData.origin"]),
    );
    const zero = await director.post("/api/inventory", { ...newItem, itemId: "EMB-X-2", currentStock: 0 });
    expect(zero.json().error.fields.currentStock).toBe("Stock must be greater than 0");
    const unit = await director.post("/api/inventory", { ...newItem, itemId: "EMB-X-3", storageUnitId: 999 });
    expect(unit.statusCode).toBe(400);
  });

  it("lets only inventory writers add items", async () => {
    const logistics = asUser(t.app, await loginAs(t.app, staffEmails.logistics_coordinator));
    expect((await logistics.get("/api/inventory")).statusCode).toBe(200);
    expect((await logistics.post("/api/inventory", { ...newItem, itemId: "EMB-L-1" })).statusCode).toBe(403);
    const lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
    expect((await lab.post("/api/inventory", { ...newItem, itemId: "EMB-L-2" })).statusCode).toBe(201);
    expect(
      (await lab.post("/api/inventory/1/reserve", { customerName: "Kiambu Dairy Farm", quantity: 1 }))
        .statusCode,
    ).toBe(403);
  });
});

describe("genetics", () => {
  const proof = {
    bullName: "Test Jasiri",
    registration: "KE-SAH-99001",
    semenType: "sexed",
    femalePurityPct: 91,
    milkKg: 420,
    fatPct: 0.08,
    calvingEasePct: 1.9,
    proofSource: "genomic",
    reliabilityPct: 72,
    proofDate: "2026-08-11",
    a2a2: true,
    heatTolerance: "high",
    tickResistance: "high",
  };

  it("keeps the typed proof with the item, and SPEC's heat_tolerance says the same level", async () => {
    const res = await director.post("/api/inventory", {
      ...newItem,
      itemId: "SEM-GEN-901",
      type: "sperm",
      genetics: proof,
    });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json();
    expect(item.genetics).toMatchObject(proof);
    expect(item.genetics.polled).toBe(false);
    expect(item.genetics.dailyGainG).toBeNull();
    expect(item.geneticData.heat_tolerance).toBe("High");
    expect((await director.get(`/api/inventory/${item.id}`)).json().genetics).toEqual(item.genetics);

    // A correction without genetics (older callers) leaves them; one with genetics replaces them whole.
    const { itemId: _, type: __, currentStock: ___, ...details } = newItem;
    const kept = await director.patch(`/api/inventory/${item.id}`, { ...details, costPerUnit: 2500 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().genetics).toEqual(item.genetics);
    const replaced = await director.patch(`/api/inventory/${item.id}`, {
      ...details,
      genetics: { bullName: "Test Jasiri", heatTolerance: "moderate" },
    });
    expect(replaced.json().genetics).toMatchObject({ bullName: "Test Jasiri", milkKg: null, a2a2: false });
    expect(replaced.json().geneticData.heat_tolerance).toBe("Moderate");
  });

  it("keeps a Kiswahili description beside the English one, shown to the shop and found by its search", async () => {
    const res = await director.post("/api/inventory", {
      ...newItem,
      itemId: "SEM-SW-903",
      type: "sperm",
      description: "Hardy sire for dry country.",
      descriptionSw: "Dume imara kwa nchi kavu.",
    });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({
      description: "Hardy sire for dry country.",
      descriptionSw: "Dume imara kwa nchi kavu.",
    });
    const shop = (await t.app.inject({ method: "GET", url: "/api/client/products" })).json();
    expect(shop.find((p: { itemId: string }) => p.itemId === "SEM-SW-903")).toMatchObject({
      description: "Hardy sire for dry country.",
      descriptionSw: "Dume imara kwa nchi kavu.",
    });
    const found = (await t.app.inject({ method: "GET", url: "/api/catalogue?search=nchi%20kavu" })).json();
    expect(found.map((p: { itemId: string }) => p.itemId)).toEqual(["SEM-SW-903"]);

    // A correction that leaves it out keeps it; null takes it away.
    const { itemId: _, type: __, currentStock: ___, ...details } = newItem;
    const kept = await director.patch(`/api/inventory/${item.id}`, { ...details, costPerUnit: 2500 });
    expect(kept.json().descriptionSw).toBe("Dume imara kwa nchi kavu.");
    const cleared = await director.patch(`/api/inventory/${item.id}`, { ...details, descriptionSw: null });
    expect(cleared.json().descriptionSw).toBeNull();
  });

  it("refuses figures a proof cannot have, naming the field", async () => {
    const res = await director.post("/api/inventory", {
      ...newItem,
      itemId: "SEM-GEN-902",
      genetics: { ...proof, reliabilityPct: 140, semenType: "frozen" },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(
      expect.arrayContaining(["genetics.reliabilityPct", "genetics.semenType"]),
    );
  });
});

describe("reserving stock", () => {
  it("finds the customer by id, and never guesses between two with one name", async () => {
    const twin = { type: "farm", phone: "+254 700 111 222", address: "Nyeri", contactPerson: "Jane" };
    const first = (
      await director.post("/api/customers", { ...twin, name: "Twin Oaks Farm", email: "a@twinoaks.co.ke" })
    ).json();
    const second = (
      await director.post("/api/customers", { ...twin, name: "twin oaks farm", email: "b@twinoaks.co.ke" })
    ).json();
    const [item] = await list("?search=SEM-HF-101");
    const byName = await director.post(`/api/inventory/${item!.id}/reserve`, {
      customerName: "Twin Oaks Farm",
      quantity: 1,
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().error.message).toContain("choose one by id");
    const byId = await director.post(`/api/inventory/${item!.id}/reserve`, {
      customerId: second.id,
      quantity: 1,
    });
    expect(byId.statusCode).toBe(201);
    expect(byId.json().order.customerId).toBe(second.id);
    expect(first.id).not.toBe(second.id);
    const nobody = await director.post(`/api/inventory/${item!.id}/reserve`, { quantity: 1 });
    expect(nobody.json().error.fields).toEqual({ customerId: "Choose a customer" });
  });

  it("holds units for a customer, lowering what is available, and never below zero", async () => {
    const [item] = await list("?search=EMB-GI-008");
    const res = await director.post(`/api/inventory/${item!.id}/reserve`, {
      customerName: "Coast Cattle Breeders",
      quantity: 2,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().item.availableStock).toBe(item!.availableStock - 2);
    expect(res.json().order).toMatchObject({
      status: "pending",
      customerName: "Coast Cattle Breeders",
      totalAmountKes: 2 * 90_000,
    });

    const tooMany = await director.post(`/api/inventory/${item!.id}/reserve`, {
      customerName: "Coast Cattle Breeders",
      quantity: item!.availableStock - 1,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toMatch(
      /Not enough stock for Girolando.* Embryo \(EMB-GI-008\).*available/,
    );
    const [after] = await list("?search=EMB-GI-008");
    expect(after!.availableStock).toBe(item!.availableStock - 2);
  });

  it("refuses expired stock, unknown customers and bad quantities", async () => {
    const [expired] = await list("?search=EMB-HF-007");
    const refused = await director.post(`/api/inventory/${expired!.id}/reserve`, {
      customerName: "Kiambu Dairy Farm",
      quantity: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `${expired!.breedName} Embryo (EMB-HF-007) is not available for sale`,
    );
    const [item] = await list("?search=SEM-HF-101");
    const unknown = await director.post(`/api/inventory/${item!.id}/reserve`, {
      customerName: "Nobody",
      quantity: 1,
    });
    expect(unknown.statusCode).toBe(400);
    const zero = await director.post(`/api/inventory/${item!.id}/reserve`, {
      customerName: "Kiambu Dairy Farm",
      quantity: 0,
    });
    expect(zero.statusCode).toBe(400);
    expect(
      (
        await director.post("/api/inventory/99999/reserve", {
          customerName: "Kiambu Dairy Farm",
          quantity: 1,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("export and lookup", () => {
  it("downloads the filtered list as CSV", async () => {
    const res = await director.get("/api/inventory/export?type=sperm&search=holstein");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(
      /attachment; filename="genetic-inventory-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    // Sent whole with its length, not streamed: a failure while building it cannot follow a 200.
    expect(Number(res.headers["content-length"])).toBe(Buffer.byteLength(res.body));
    expect(res.headers["transfer-encoding"]).toBeUndefined();
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toMatch(/^"Item ID","Type","Breed",/);
    const expected = await list("?type=sperm&search=holstein");
    expect(lines.length).toBe(expected.length + 1);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(expected.map((i) => `"${i.itemId}"`));
  });

  it("finds an item by the code on its label", async () => {
    const res = await director.get("/api/inventory/lookup?code=%20sem-ay-102%20");
    expect(res.statusCode).toBe(200);
    expect(res.json().itemId).toBe("SEM-AY-102");
    expect((await director.get("/api/inventory/lookup?code=NOPE")).statusCode).toBe(404);
  });
});
