import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inventoryItems } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { invariantViolations } from "../../testing/invariants";
import { asUser, loginAs, staffEmails } from "../../testing/test-app";
import { DAY_MS, nairobiDate } from "../../time";
import { expireItems } from "./adjustments";

withTestApp();
let lab: ReturnType<typeof asUser>;
let director: ReturnType<typeof asUser>;
beforeAll(async () => {
  lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
});

let serial = 0;
/** A straw line of the test's own, 20 on hand at KSh 2,500 unless said, received through the API. */
async function newItem(expiryDate: string | null = null, stock = { currentStock: 20, costPerUnit: 2_500 }) {
  const res = await lab.post("/api/inventory", {
    itemId: `SEM-ADJ-${++serial}`,
    type: "sperm",
    breedName: "Boran",
    acquiredFrom: "KAGRC Kenya",
    ...stock,
    storageLocation: "Canister 2, Goblet C",
    storageUnitId: 1,
    expiryDate,
    geneticData: { category: "beef", origin: "Kenya", region_suitability: ["Rift Valley"] },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; itemId: string };
}
const detail = async (id: number) => (await lab.get(`/api/inventory/${id}`)).json();
const reserve = (id: number, quantity: number) =>
  director.post(`/api/inventory/${id}/reserve`, { customerName: "Kiambu Dairy Farm", quantity });

describe("editing an item", () => {
  it("corrects details but never the ID, type or stock", async () => {
    const item = await newItem();
    const before = await detail(item.id);
    const changes = {
      breedName: "Boran (Kenya Boran)",
      acquiredFrom: "KAGRC Kenya, Kabete",
      costPerUnit: 2_800,
      storageLocation: "Canister 4, Goblet A",
      storageUnitId: 2,
      expiryDate: "2030-01-31",
      description: "Polled line",
      geneticData: { category: "beef", origin: "Kenya", region_suitability: ["Rift Valley", "Eastern"] },
      // Not editable here: dropped, not applied.
      itemId: "HACKED-1",
      type: "embryo",
      currentStock: 999,
    };
    // A list price is a Director's to change (the pricing permission), not the lab's.
    const priced = await lab.patch(`/api/inventory/${item.id}`, changes);
    expect(priced.statusCode).toBe(403);
    expect(priced.json().error.message).toBe("Only a Director may change a list price");
    const res = await lab.patch(`/api/inventory/${item.id}`, { ...changes, costPerUnit: before.costPerUnit });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      itemId: before.itemId,
      type: "sperm",
      currentStock: 20,
      breedName: "Boran (Kenya Boran)",
      costPerUnit: before.costPerUnit,
      storageUnitId: 2,
      expiryDate: "2030-01-31",
    });
    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    expect((await director.patch(`/api/inventory/${item.id}`, changes)).json().costPerUnit).toBe(2_800);
    expect((await detail(item.id)).movements).toHaveLength(before.movements.length);
    const badUnit = await lab.patch(`/api/inventory/${item.id}`, { ...changes, storageUnitId: 999_999 });
    expect(badUnit.json().error.fields).toEqual({ storageUnitId: "Choose an existing storage unit" });
    expect((await lab.patch("/api/inventory/999999", changes)).statusCode).toBe(404);
    expect((await lab.patch(`/api/inventory/${item.id}`, { ...changes, costPerUnit: -1 })).statusCode).toBe(
      400,
    );
    const sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    expect((await sales.patch(`/api/inventory/${item.id}`, changes)).statusCode).toBe(403);
  });
});

describe("write-offs", () => {
  it("takes units out with a reason, as a movement in the item's history", async () => {
    const item = await newItem();
    const res = await lab.post(`/api/inventory/${item.id}/write-off`, {
      quantity: 3,
      reason: "damaged",
      note: "Cane dropped during transfer",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ currentStock: 17, availableStock: 17 });
    const [latest] = (await detail(item.id)).movements;
    expect(latest).toMatchObject({
      kind: "write_off",
      stockDelta: -3,
      note: "Damaged: Cane dropped during transfer",
    });
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("never writes off units an order holds, even when both arrive at once", async () => {
    const item = await newItem();
    expect((await reserve(item.id, 15)).statusCode).toBe(201);
    const tooMany = await lab.post(`/api/inventory/${item.id}/write-off`, { quantity: 6, reason: "expired" });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toContain("5 units no order holds");
    const [a, b] = await Promise.all([
      reserve(item.id, 4),
      lab.post(`/api/inventory/${item.id}/write-off`, { quantity: 4, reason: "failed_quality_check" }),
    ]);
    expect([a.statusCode, b.statusCode].filter((s) => s === 409)).toHaveLength(1);
    const after = await detail(item.id);
    expect(after.currentStock).toBeGreaterThanOrEqual(after.reservedStock);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("checks the request and who sends it", async () => {
    const item = await newItem();
    const bad = await lab.post(`/api/inventory/${item.id}/write-off`, { quantity: 0, reason: "lost" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["quantity", "reason"]);
    expect(
      (await lab.post("/api/inventory/999999/write-off", { quantity: 1, reason: "damaged" })).statusCode,
    ).toBe(404);
    const sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    expect(
      (await sales.post(`/api/inventory/${item.id}/write-off`, { quantity: 1, reason: "damaged" }))
        .statusCode,
    ).toBe(403);
  });
});

describe("physical counts", () => {
  it("sets on-hand stock to a count close to the books at once, with the difference and its reason", async () => {
    // 200 at KSh 500: two short is 1 % and KSh 1,000, well inside the bounds.
    const item = await newItem(null, { currentStock: 200, costPerUnit: 500 });
    const res = await lab.post(`/api/inventory/${item.id}/count`, {
      countedStock: 198,
      note: "Two straws missing from goblet C",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().currentStock).toBe(198);
    const [latest] = (await detail(item.id)).movements;
    expect(latest).toMatchObject({
      kind: "adjustment",
      stockDelta: -2,
      note: "Count: Two straws missing from goblet C",
    });
    const up = await lab.post(`/api/inventory/${item.id}/count`, {
      countedStock: 199,
      note: "One found in goblet D",
    });
    expect(up.json().currentStock).toBe(199);
    const same = await lab.post(`/api/inventory/${item.id}/count`, { countedStock: 199, note: "Recounted" });
    expect(same.statusCode).toBe(200);
    expect((await detail(item.id)).movements).toHaveLength(3);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("refuses a count below what orders hold, and a count without a reason", async () => {
    const item = await newItem();
    await reserve(item.id, 10);
    const below = await lab.post(`/api/inventory/${item.id}/count`, { countedStock: 9, note: "Short" });
    expect(below.statusCode).toBe(409);
    expect(below.json().error.message).toContain("10 units");
    const noReason = await lab.post(`/api/inventory/${item.id}/count`, { countedStock: 12, note: "" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toHaveProperty("note");
    expect(
      (await lab.post(`/api/inventory/${item.id}/count`, { countedStock: -1, note: "neg" })).statusCode,
    ).toBe(400);
  });
});

describe("large counts", () => {
  it("waits for a second person when a count is over 5 % or KSh 10,000 off, and only another person confirms it", async () => {
    // 77 at KSh 3,500, counted as 64: 13 fewer, KSh 45,500.
    const item = await newItem(null, { currentStock: 77, costPerUnit: 3_500 });
    const typo = await lab.post(`/api/inventory/${item.id}/count`, {
      countedStock: 64,
      note: "Goblet C recount",
    });
    expect(typo.statusCode).toBe(202);
    expect(typo.json()).toMatchObject({
      applied: false,
      item: { currentStock: 77 },
      pendingCount: {
        countedStock: 64,
        stockAtCount: 77,
        delta: -13,
        valueKes: 45_500,
        countedBy: "Faith Achieng",
      },
    });
    expect((await detail(item.id)).pendingCount).toMatchObject({ delta: -13 });
    const second = await lab.post(`/api/inventory/${item.id}/count`, { countedStock: 60, note: "Again" });
    expect(second.statusCode).toBe(409);
    const countId = typo.json().pendingCount.id;
    const own = await lab.post(`/api/inventory/counts/${countId}/confirm`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe("Another person must confirm your count");
    const confirmed = await director.post(`/api/inventory/counts/${countId}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ applied: true, item: { currentStock: 64 } });
    const after = await detail(item.id);
    expect(after.pendingCount).toBeNull();
    expect(after.movements[0]).toMatchObject({ stockDelta: -13 });
    expect(after.movements[0].note).toMatch(/^Count: Goblet C recount \(confirmed by /);
    expect((await director.post(`/api/inventory/counts/${countId}/confirm`, {})).statusCode).toBe(409);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("moves nothing when a waiting count is rejected, or when stock moved since it was counted", async () => {
    const item = await newItem(null, { currentStock: 40, costPerUnit: 2_500 });
    const count = async (n: number) =>
      (await lab.post(`/api/inventory/${item.id}/count`, { countedStock: n, note: "Spot check" })).json();
    const rejected = await director.post(
      `/api/inventory/counts/${(await count(30)).pendingCount.id}/reject`,
      {},
    );
    expect(rejected.json()).toMatchObject({ applied: false, item: { currentStock: 40 } });
    const waiting = await count(30);
    await reserve(item.id, 1);
    const sold = await director.get(`/api/inventory/${item.id}`);
    expect(sold.json().currentStock).toBe(40);
    // Stock moved (a write-off) after the count: its confirmation is refused.
    expect(
      (await lab.post(`/api/inventory/${item.id}/write-off`, { quantity: 1, reason: "damaged" })).statusCode,
    ).toBe(200);
    const stale = await director.post(`/api/inventory/counts/${waiting.pendingCount.id}/confirm`, {});
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/has moved since the count \(40 then, 39 now\)/);
  });
});

describe("expiry", () => {
  it("marks items past their expiry date expired, once, and takes them out of saleable stock", async () => {
    const yesterday = nairobiDate(new Date(t.clock.now().getTime() - DAY_MS));
    const today = nairobiDate(t.clock.now());
    const old = await newItem(yesterday);
    const fresh = await newItem(today);
    const before = (await director.get("/api/inventory/status")).json();
    expect(await expireItems(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await expireItems(t.ctx)).toBe(0);
    expect((await detail(old.id)).viabilityStatus).toBe("expired");
    expect((await detail(fresh.id)).viabilityStatus).toBe("viable");
    const [line] = (await detail(old.id)).movements;
    expect(line).toMatchObject({ kind: "adjustment", stockDelta: 0 });
    expect(line.note).toContain(`Past its expiry date (${yesterday})`);
    const after = (await director.get("/api/inventory/status")).json();
    expect(after.sperm).toBe(before.sperm - 20);
    const refused = await reserve(old.id, 1);
    expect(refused.statusCode).toBe(409);
    const [row] = await t.database.read((db) =>
      db.select().from(inventoryItems).where(eq(inventoryItems.id, old.id)),
    );
    expect(row!.currentStock).toBe(20);
  });
});
