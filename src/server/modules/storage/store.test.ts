import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ItemWhereabouts, TankMap, Transfer } from "../../../contract/cryo-store";
import { invariantViolations } from "../../testing/invariants";
import {
  approveOnCredit,
  caneIdsOf,
  pickListOf,
  prepareShipment,
  storeStaff,
  tankWithCanes,
} from "../../testing/store";
import { type asUser, createTestApp, type TestApp } from "../../testing/test-app";
import { DAY_MS } from "../../time";

let t: TestApp;
let lab: ReturnType<typeof asUser>;
let sales: ReturnType<typeof asUser>;
let director: ReturnType<typeof asUser>;
let logistics: ReturnType<typeof asUser>;
const signIn = async () => {
  ({ lab, sales, director, logistics } = await storeStaff(t));
};
beforeAll(async () => {
  t = await createTestApp();
  await signIn();
});
afterAll(() => t.close());

let serial = 0;

/** Receives a straw line through the API, placed at the given canes. */
async function receive(stock: number, positions: { caneId: number; count: number }[]) {
  return lab.post("/api/inventory", {
    itemId: `SEM-POS-${++serial}`,
    type: "sperm",
    breedName: "Sahiwal",
    acquiredFrom: "KAGRC Kenya",
    currentStock: stock,
    costPerUnit: 3_000,
    storageLocation: "Store map",
    geneticData: { category: "dairy", origin: "Kenya", region_suitability: ["Coast"] },
    positions,
  });
}
const where = async (itemId: string): Promise<ItemWhereabouts> =>
  (await lab.get(`/api/storage/locate?q=${itemId}`)).json().find((w: ItemWhereabouts) => w.itemId === itemId);
async function reserve(itemId: number, quantity: number) {
  const res = await sales.post(`/api/inventory/${itemId}/reserve`, {
    customerName: "Kiambu Dairy Farm",
    quantity,
  });
  expect(res.statusCode).toBe(201);
  return res.json().order as { id: number; orderNumber: string };
}

describe("the store tree", () => {
  it("a canister brings labelled canes; the map shows capacity and fill", async () => {
    const tank = await tankWithCanes(lab, 4, 12);
    const [canister] = tank.canisters;
    expect(canister).toMatchObject({
      number: 1,
      label: `T${tank.id}-C1`,
      caneKind: "cane",
      capacity: 48,
      filled: 0,
    });
    expect(canister!.canes.map((c) => c.label)).toEqual([1, 2, 3, 4].map((k) => `T${tank.id}-C1-${k}`));
    const second = await lab.post("/api/storage/canisters", {
      storageUnitId: tank.id,
      caneKind: "goblet",
      canes: 2,
      strawsPerCane: 5,
    });
    expect(second.json().canisters.map((c: { number: number }) => c.number)).toEqual([1, 2]);
    const bad = await lab.post("/api/storage/canisters", {
      storageUnitId: 999_999,
      caneKind: "cane",
      canes: 2,
      strawsPerCane: 5,
    });
    expect(bad.statusCode).toBe(422);
    expect(
      (
        await lab.post("/api/storage/canisters", {
          storageUnitId: tank.id,
          caneKind: "cane",
          canes: 0,
          strawsPerCane: 5,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await sales.post("/api/storage/canisters", {
          storageUnitId: tank.id,
          caneKind: "cane",
          canes: 1,
          strawsPerCane: 5,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("receiving assigns positions; the rest stays unplaced; a full cane or too many units is refused", async () => {
    const tank = await tankWithCanes(lab, 3, 10);
    const [a, b] = caneIdsOf(tank);
    const res = await receive(25, [
      { caneId: a!, count: 10 },
      { caneId: b!, count: 8 },
    ]);
    expect(res.statusCode).toBe(201);
    const found = await where(res.json().itemId);
    expect(found.unplaced).toBe(7);
    expect(found.positions.map((p) => [p.label, p.count])).toEqual([
      [`T${tank.id}-C1-1`, 10],
      [`T${tank.id}-C1-2`, 8],
    ]);
    const map = (await lab.get("/api/storage/map?limit=500")).json().find((m: TankMap) => m.id === tank.id);
    expect(map.filled).toBe(18);
    expect(map.canisters[0].canes[0].contents[0]).toMatchObject({ itemId: res.json().itemId, count: 10 });

    const full = await receive(5, [{ caneId: a!, count: 1 }]);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toMatch(/room for 0/);
    const tooMany = await receive(5, [{ caneId: b!, count: 6 }]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.fields).toHaveProperty("positions");
    // Nothing of a refused receipt is kept.
    expect((await lab.get("/api/storage/locate?q=zzz-none")).json()).toEqual([]);
    const place = await lab.post("/api/storage/placements", {
      inventoryItemId: res.json().id,
      caneId: b!,
      count: 2,
    });
    expect(place.statusCode).toBe(201);
    expect(place.json().unplaced).toBe(5);
    const over = await lab.post("/api/storage/placements", {
      inventoryItemId: res.json().id,
      caneId: b!,
      count: 6,
    });
    expect(over.statusCode).toBe(422);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("finds an item by 'where is' with its ID, and by a cane label", async () => {
    const hf = (await lab.get("/api/storage/locate?q=where is EMB-HF-001")).json() as ItemWhereabouts[];
    expect(hf[0]!.itemId).toBe("EMB-HF-001");
    expect(hf[0]!.positions.length).toBeGreaterThan(0);
    expect(hf[0]!.positions[0]!.label).toMatch(/^T\d+-C\d+-\d+$/);
    const byCane = (await lab.get(`/api/storage/locate?q=${hf[0]!.positions[0]!.label}`)).json();
    expect(byCane.map((w: ItemWhereabouts) => w.itemId)).toContain("EMB-HF-001");
    expect((await lab.get("/api/storage/locate?q=")).statusCode).toBe(400);
  });

  it("answers a placement with that item's positions even when 20 other items contain its ID", async () => {
    const tank = await tankWithCanes(lab, 3, 10);
    const code = `WIDE-${Date.now()}`;
    const make = (itemId: string) =>
      lab.post("/api/inventory", {
        itemId,
        type: "sperm",
        breedName: "Sahiwal",
        acquiredFrom: "KAGRC Kenya",
        currentStock: 2,
        costPerUnit: 3_000,
        storageLocation: "Store map",
        geneticData: { category: "dairy", origin: "Kenya", region_suitability: ["Coast"] },
      });
    // These sort before the item itself, so a text search for its ID fills its 20 places with them.
    for (let i = 0; i < 20; i++)
      expect((await make(`A${String(i).padStart(2, "0")}-${code}`)).statusCode).toBe(201);
    const item = await make(code);
    const placed = await lab.post("/api/storage/placements", {
      inventoryItemId: item.json().id,
      caneId: caneIdsOf(tank)[0],
      count: 2,
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ itemId: code, unplaced: 0 });
    expect(placed.json().positions).toEqual([
      expect.objectContaining({ label: `T${tank.id}-C1-1`, count: 2 }),
    ]);
  });
});

describe("pick lists", () => {
  it("take the oldest straws first across several positions, and are confirmed by scanning before dispatch", async () => {
    const tank = await tankWithCanes(lab, 3, 10);
    const [a, b, c] = caneIdsOf(tank);
    const received = (await receive(20, [{ caneId: b!, count: 4 }])).json();
    // Later, more of the same line arrives at other canes: newer straws.
    t.clock.advance(DAY_MS);
    await signIn();
    await lab.post("/api/storage/placements", { inventoryItemId: received.id, caneId: a!, count: 6 });
    await lab.post("/api/storage/placements", { inventoryItemId: received.id, caneId: c!, count: 5 });

    const order = await reserve(received.id, 7);
    const list = await pickListOf(lab, order.id);
    expect(list.lines.map((l) => [l.label, l.count])).toEqual([
      [`T${tank.id}-C1-2`, 4],
      [`T${tank.id}-C1-1`, 3],
    ]);
    expect(list).toMatchObject({ orderNumber: order.orderNumber, unplaced: [], allConfirmed: false });
    // A second order gets what the first left, oldest first again.
    const second = await reserve(received.id, 5);
    expect((await pickListOf(lab, second.id)).lines.map((l) => [l.label, l.count])).toEqual([
      [`T${tank.id}-C1-1`, 3],
      [`T${tank.id}-C1-3`, 2],
    ]);

    // Approved on credit, the order gets no shipment before every pick is scanned, and Logistics is told why.
    await approveOnCredit(director, order);
    const early = await prepareShipment(logistics, order);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(
      /2 picks not yet confirmed by scanning the label: scan every cane on its pick list before creating the shipment/,
    );

    const wrong = await logistics.post(`/api/orders/${order.id}/pick-list/scan`, {
      code: `T${tank.id}-C1-3`,
    });
    expect(wrong.statusCode).toBe(422);
    const scanned = await logistics.post(`/api/orders/${order.id}/pick-list/scan`, {
      code: `t${tank.id}-c1-2`,
    });
    expect(scanned.statusCode).toBe(200);
    expect(scanned.json().lines[0].confirmedBy).toBe("Daniel Mutua"); // the logistics coordinator who scanned
    const again = await logistics.post(`/api/orders/${order.id}/pick-list/scan`, {
      code: `T${tank.id}-C1-2`,
    });
    expect(again.statusCode).toBe(409);
    // The straw's own label (the item ID) confirms the next pick of that item.
    const byItem = await logistics.post(`/api/orders/${order.id}/pick-list/scan`, { code: received.itemId });
    expect(byItem.json().allConfirmed).toBe(true);
    const prepared = await prepareShipment(logistics, order);
    expect(prepared.statusCode, prepared.body).toBe(201);
    const shipped = await logistics.patch(`/api/shipments/${prepared.json().id}/status`, {
      status: "shipped",
    });
    expect(shipped.statusCode).toBe(200);

    // The picked straws left their canes; the second order's promise is untouched.
    const after = await where(received.itemId);
    expect(after.positions.map((p) => [p.label, p.count, p.allocated])).toEqual([
      [`T${tank.id}-C1-1`, 3, 3],
      [`T${tank.id}-C1-3`, 5, 2],
    ]);
    expect(after.unplaced).toBe(5);
    expect(await invariantViolations(t.database)).toEqual([]);

    // Cancelling gives the second order's straws back to the shelf.
    expect((await director.post(`/api/orders/${second.id}/cancel`, { refund: "later" })).statusCode).toBe(
      200,
    );
    expect((await where(received.itemId)).positions.every((p) => p.allocated === 0)).toBe(true);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("list units not yet placed, and pick them up once they are placed", async () => {
    const tank = await tankWithCanes(lab, 2, 10);
    const received = (await receive(6, [])).json();
    const order = await reserve(received.id, 4);
    expect(await pickListOf(lab, order.id)).toMatchObject({
      lines: [],
      unplaced: [{ itemId: received.itemId, count: 4 }],
    });
    await lab.post("/api/storage/placements", {
      inventoryItemId: received.id,
      caneId: caneIdsOf(tank)[1]!,
      count: 6,
    });
    const list = await pickListOf(lab, order.id);
    expect(list.unplaced).toEqual([]);
    expect(list.lines.map((l) => l.count)).toEqual([4]);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("is readable by approvers and logistics, scanned only by the store and logistics", async () => {
    const tank = await tankWithCanes(lab, 1, 10);
    const received = (await receive(3, [{ caneId: caneIdsOf(tank)[0]!, count: 3 }])).json();
    const order = await reserve(received.id, 1);
    expect((await logistics.get(`/api/orders/${order.id}/pick-list`)).statusCode).toBe(200);
    expect((await sales.get(`/api/orders/${order.id}/pick-list`)).statusCode).toBe(200);
    expect((await sales.post(`/api/orders/${order.id}/pick-list/scan`, { code: "X" })).statusCode).toBe(403);
    expect((await lab.get("/api/orders/999999/pick-list")).statusCode).toBe(404);
  });
});

describe("transfers and stock falls", () => {
  it("moves free straws across tanks with a record; promised straws and full canes refuse", async () => {
    const from = await tankWithCanes(lab, 2, 10);
    const to = await tankWithCanes(lab, 1, 4);
    const [a, b] = caneIdsOf(from);
    const received = (await receive(10, [{ caneId: a!, count: 10 }])).json();
    await reserve(received.id, 6);
    const move = (fromCaneId: number, toCaneId: number, count: number) =>
      lab.post("/api/storage/transfers", {
        inventoryItemId: received.id,
        fromCaneId,
        toCaneId,
        count,
        note: "Tank service",
      });
    const promised = await move(a!, b!, 5);
    expect(promised.statusCode).toBe(409);
    expect(promised.json().error.message).toMatch(/4 of these straws free to move; 6 are on pick lists/);
    const full = await move(a!, caneIdsOf(to)[0]!, 5);
    expect(full.statusCode).toBe(409);
    const ok = await move(a!, caneIdsOf(to)[0]!, 3);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().positions.map((p: { label: string; count: number }) => [p.label, p.count])).toEqual(
      expect.arrayContaining([
        [`T${from.id}-C1-1`, 7],
        [`T${to.id}-C1-1`, 3],
      ]),
    );
    const history = (await lab.get("/api/storage/transfers?limit=5")).json() as Transfer[];
    expect(history[0]).toMatchObject({
      itemId: received.itemId,
      count: 3,
      from: `T${from.id}-C1-1`,
      to: `T${to.id}-C1-1`,
      note: "Tank service",
    });
    expect(history[0]!.movedBy).toBe("Faith Achieng"); // the lab technician who moved them
    expect((await move(a!, a!, 1)).statusCode).toBe(400);
    expect(
      (
        await sales.post("/api/storage/transfers", {
          inventoryItemId: received.id,
          fromCaneId: a,
          toCaneId: b,
          count: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("a write-off or a lower count takes straws off the free positions, never the promised ones", async () => {
    const tank = await tankWithCanes(lab, 2, 10);
    const [a, b] = caneIdsOf(tank);
    const received = (
      await receive(16, [
        { caneId: a!, count: 8 },
        { caneId: b!, count: 8 },
      ])
    ).json();
    await reserve(received.id, 8);
    const off = await lab.post(`/api/inventory/${received.id}/write-off`, { quantity: 5, reason: "damaged" });
    expect(off.statusCode).toBe(200);
    let found = await where(received.itemId);
    expect(found.positions.reduce((s, p) => s + p.count, 0)).toBe(11);
    expect(found.positions.reduce((s, p) => s + p.allocated, 0)).toBe(8);
    // Two short of 11 is a large count: it moves stock once a second person confirms it.
    const count = await lab.post(`/api/inventory/${received.id}/count`, {
      countedStock: 9,
      note: "Physical count",
    });
    expect(count.statusCode).toBe(202);
    const confirmed = await director.post(
      `/api/inventory/counts/${count.json().pendingCount.id}/confirm`,
      {},
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    found = await where(received.itemId);
    expect(found.positions.reduce((s, p) => s + p.count, 0)).toBe(9);
    expect(found.unplaced).toBe(0);
    expect(await invariantViolations(t.database)).toEqual([]);
  });
});
