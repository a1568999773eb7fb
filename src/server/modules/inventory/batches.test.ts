import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Batch } from "../../../contract/batches";
import type { ItemWhereabouts } from "../../../contract/cryo-store";
import type { InventoryItemDetail } from "../../../contract/inventory";
import { invariantViolations } from "../../testing/invariants";
import {
  approveAndPrepareShipment,
  caneIdsOf,
  pickListOf,
  storeStaff,
  tankWithCanes,
} from "../../testing/store";
import { type asUser, confirmPicks, createTestApp, type TestApp } from "../../testing/test-app";
import { DAY_MS, nairobiDate } from "../../time";
import { renewExpiredPicksJob, writeOffExpiredBatchesJob } from "./adjustments";

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
const day = (days: number) => nairobiDate(new Date(t.clock.now().getTime() + days * DAY_MS));

/** A semen line received as batch "A" (expiring in two years), its straws at the given canes. */
async function newLine(stock: number, positions: { caneId: number; count: number }[]) {
  const res = await lab.post("/api/inventory", {
    itemId: `SEM-LOT-${++serial}`,
    type: "sperm",
    breedName: "Jersey",
    acquiredFrom: "KAGRC Kenya",
    currentStock: stock,
    costPerUnit: 2_500,
    storageLocation: "Batch test",
    expiryDate: day(730),
    geneticData: { category: "dairy", origin: "Kenya", region_suitability: ["Central"] },
    batch: { code: "A", collectedOn: day(-90), expiryDate: day(730), motilityPct: 58 },
    positions,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; itemId: string };
}
/** Another batch of an item received straight onto one cane. */
async function receiveBatch(itemId: number, code: string, expiryDate: string, caneId: number, count: number) {
  const res = await lab.post(`/api/inventory/${itemId}/batches`, {
    batch: { code, expiryDate },
    count,
    positions: [{ caneId, count }],
  });
  expect(res.statusCode, res.body).toBe(201);
}
const detail = async (id: number): Promise<InventoryItemDetail> =>
  (await lab.get(`/api/inventory/${id}`)).json();
const batchNamed = async (id: number, code: string): Promise<Batch> =>
  (await detail(id)).batches.find((b) => b.code === code)!;
async function reserve(itemId: number, quantity: number) {
  const res = await sales.post(`/api/inventory/${itemId}/reserve`, {
    customerName: "Kiambu Dairy Farm",
    quantity,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as { id: number; orderNumber: string };
}

describe("batches of an item", () => {
  it("are received with their collection, expiry and motility, and listed soonest expiry first", async () => {
    const tank = await tankWithCanes(lab, 2, 20);
    const [a, b] = caneIdsOf(tank);
    const line = await newLine(8, [{ caneId: a!, count: 8 }]);
    const received = await lab.post(`/api/inventory/${line.id}/batches`, {
      batch: { code: "B", collectedOn: day(-20), expiryDate: day(365), motilityPct: 64 },
      count: 12,
      positions: [{ caneId: b!, count: 10 }],
      note: "Second collection",
    });
    expect(received.statusCode, received.body).toBe(201);
    const item = received.json() as InventoryItemDetail;
    expect(item.currentStock).toBe(20);
    expect(item.batches.map((x) => [x.code, x.expiryDate, x.motilityPct, x.placed, x.expired])).toEqual([
      ["B", day(365), 64, 10, false],
      ["A", day(730), 58, 8, false],
    ]);
    expect(item.movements[0]).toMatchObject({
      kind: "receipt",
      stockDelta: 12,
      note: "Batch B received: Second collection",
    });

    const again = await lab.post(`/api/inventory/${line.id}/batches`, { batch: { code: "b" }, count: 1 });
    expect(again.statusCode).toBe(201);
    expect(
      (await lab.post(`/api/inventory/${line.id}/batches`, { batch: { code: "B" }, count: 1 })).statusCode,
    ).toBe(409);
    const bad = await lab.post(`/api/inventory/${line.id}/batches`, {
      batch: { code: "C", collectedOn: day(0), expiryDate: day(-1), motilityPct: 120 },
      count: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual([
      "batch.expiryDate",
      "batch.motilityPct",
      "count",
    ]);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("are picked first expiry first on reserving, never expired, and leave with the shipment", async () => {
    await writeOffExpiredBatchesJob(t.ctx); // what the tests before left expired in the store
    const tank = await tankWithCanes(lab, 3, 20);
    const [a, b, c] = caneIdsOf(tank);
    // Batch A (two years) arrives first; B expires in a year; C expired last week.
    const line = await newLine(10, [{ caneId: a!, count: 10 }]);
    await receiveBatch(line.id, "B", day(365), b!, 6);
    await receiveBatch(line.id, "C", day(-7), c!, 5);
    expect((await batchNamed(line.id, "C")).expired).toBe(true);

    const order = await reserve(line.id, 9);
    const list = await pickListOf(lab, order.id);
    expect(list.lines.map((l) => [l.batchCode, l.label, l.count])).toEqual([
      ["B", `T${tank.id}-C1-2`, 6],
      ["A", `T${tank.id}-C1-1`, 3],
    ]);
    expect(list.lines[0]!.batchExpiry).toBe(day(365));
    // What is left for the next order is A's: C is never promised, though its straws are in the tank.
    const second = await reserve(line.id, 7);
    expect((await pickListOf(lab, second.id)).lines.map((l) => [l.batchCode, l.count])).toEqual([["A", 7]]);
    expect((await batchNamed(line.id, "C")).allocated).toBe(0);

    // Shipped: the picked straws leave their batches' canes.
    const shipmentId = await approveAndPrepareShipment(director, logistics, order);
    await confirmPicks(logistics, order.id);
    expect(
      (await logistics.patch(`/api/shipments/${shipmentId}/status`, { status: "shipped" })).statusCode,
    ).toBe(200);
    const after = await detail(line.id);
    expect(after.batches.map((x) => [x.code, x.placed, x.allocated])).toEqual([
      ["C", 5, 0],
      ["B", 0, 0],
      ["A", 7, 7],
    ]);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("expiring after being picked, are picked again from unexpired straws before the order may ship", async () => {
    const tank = await tankWithCanes(lab, 2, 20);
    const [a, b] = caneIdsOf(tank);
    // A lasts two years; B, soonest to expire, is picked first and expires in ten days.
    const line = await newLine(10, [{ caneId: a!, count: 10 }]);
    await receiveBatch(line.id, "B", day(10), b!, 4);
    const order = await reserve(line.id, 6);
    const listed = async () =>
      (await pickListOf(lab, order.id)).lines.map((l) => [l.batchCode, l.count, l.confirmedAt !== null]);
    expect(await listed()).toEqual([
      ["B", 4, false],
      ["A", 2, false],
    ]);
    const shipmentId = await approveAndPrepareShipment(director, logistics, order);
    await confirmPicks(logistics, order.id);
    // The shipment waits past B's expiry: it may not leave with B's straws.
    t.clock.advance(11 * DAY_MS);
    await signIn();
    const ship = () => logistics.patch(`/api/shipments/${shipmentId}/status`, { status: "shipped" });
    const refused = await ship();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain(`batch B of ${line.itemId} expired on ${day(-1)}`);

    // The background job swaps B's straws for A's, unconfirmed; another run finds nothing left to do.
    expect(await renewExpiredPicksJob(t.ctx)).toBe(1);
    expect(await renewExpiredPicksJob(t.ctx)).toBe(0);
    expect(await listed()).toEqual([
      ["A", 2, true],
      ["A", 4, false],
    ]);
    expect((await batchNamed(line.id, "B")).allocated).toBe(0);
    expect((await batchNamed(line.id, "A")).allocated).toBe(6);
    expect(await invariantViolations(t.database)).toEqual([]);
    expect((await ship()).json().error.message).toMatch(/1 pick not yet confirmed/);
    await confirmPicks(logistics, order.id);
    expect((await ship()).statusCode).toBe(200);
    const after = await detail(line.id);
    expect(after.batches.map((x) => [x.code, x.placed, x.allocated])).toEqual([
      ["B", 4, 0],
      ["A", 4, 0],
    ]);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("expired, leave stock as a write-off by the background job, never below what orders hold; an order left short cannot ship", async () => {
    await writeOffExpiredBatchesJob(t.ctx); // what the tests before left expired in the store
    const tank = await tankWithCanes(lab, 3, 20);
    const [a, b, c] = caneIdsOf(tank);
    const line = await newLine(10, [{ caneId: a!, count: 10 }]);
    await receiveBatch(line.id, "B", day(10), b!, 4);
    const order = await reserve(line.id, 6);
    // A line with one unit never placed and five straws expiring in five days; an order holds four.
    const scarce = await newLine(1, []);
    await receiveBatch(scarce.id, "S", day(5), c!, 5);
    const short = await reserve(scarce.id, 4);

    t.clock.advance(11 * DAY_MS);
    await signIn();
    expect(await renewExpiredPicksJob(t.ctx)).toBe(2);
    // B's four straws are all free again and go; of S's five, the two no order holds (6 on hand, 4 held).
    expect(await writeOffExpiredBatchesJob(t.ctx)).toBe(6);
    expect(await writeOffExpiredBatchesJob(t.ctx)).toBe(0);
    const after = await detail(line.id);
    expect(after.currentStock).toBe(10);
    expect(after.batches.map((x) => [x.code, x.placed, x.allocated])).toEqual([
      ["B", 0, 0],
      ["A", 10, 6],
    ]);
    expect(after.movements).toContainEqual(
      expect.objectContaining({
        kind: "write_off",
        stockDelta: -4,
        note: `Expired: batch B expired on ${day(-1)}`,
      }),
    );
    const left = await detail(scarce.id);
    expect([left.currentStock, left.reservedStock]).toEqual([4, 4]);
    expect(await invariantViolations(t.database)).toEqual([]);

    // The first order ships from A; the second has only expired straws left for it.
    const shipmentId = await approveAndPrepareShipment(director, logistics, order);
    await confirmPicks(logistics, order.id);
    expect(
      (await logistics.patch(`/api/shipments/${shipmentId}/status`, { status: "shipped" })).statusCode,
    ).toBe(200);
    const stuck = await approveAndPrepareShipment(director, logistics, short);
    const refused = await logistics.patch(`/api/shipments/${stuck}/status`, { status: "shipped" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain(
      `4 of ${scarce.itemId} have no straw on the pick list, and the store holds no unexpired straw for them`,
    );
  });

  it("an expired batch is written off by name, from its own canes", async () => {
    const tank = await tankWithCanes(lab, 2, 20);
    const [a, b] = caneIdsOf(tank);
    const line = await newLine(10, [{ caneId: a!, count: 10 }]);
    await receiveBatch(line.id, "OLD", day(-1), b!, 4);
    const old = await batchNamed(line.id, "OLD");
    const tooMany = await lab.post(`/api/inventory/${line.id}/write-off`, {
      quantity: 5,
      reason: "expired",
      batchId: old.id,
    });
    expect(tooMany.statusCode).toBe(409);
    const res = await lab.post(`/api/inventory/${line.id}/write-off`, {
      quantity: 4,
      reason: "expired",
      batchId: old.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().currentStock).toBe(10);
    const after = await detail(line.id);
    expect(after.batches.map((x) => [x.code, x.placed])).toEqual([
      ["OLD", 0],
      ["A", 10],
    ]);
    const other = await newLine(1, []);
    const foreign = await lab.post(`/api/inventory/${line.id}/write-off`, {
      quantity: 1,
      reason: "expired",
      batchId: (await detail(other.id)).batches[0]!.id,
    });
    expect(foreign.statusCode).toBe(422);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("moves one batch at a time from a cane that holds two, and places straws of the batch named", async () => {
    const tank = await tankWithCanes(lab, 2, 30);
    const [a, b] = caneIdsOf(tank);
    const line = await newLine(6, [{ caneId: a!, count: 6 }]);
    await receiveBatch(line.id, "B", day(400), a!, 5);
    const move = { inventoryItemId: line.id, fromCaneId: a!, toCaneId: b!, count: 3 };
    const unclear = await lab.post("/api/storage/transfers", move);
    expect(unclear.statusCode).toBe(422);
    expect(unclear.json().error.fields).toHaveProperty("batchId");
    const batchB = await batchNamed(line.id, "B");
    expect((await lab.post("/api/storage/transfers", { ...move, batchId: batchB.id })).statusCode).toBe(201);
    const where: ItemWhereabouts = (await lab.get(`/api/storage/locate?q=${line.itemId}`))
      .json()
      .find((w: ItemWhereabouts) => w.itemId === line.itemId);
    expect(where.positions.map((p) => [p.label, p.batchCode, p.count]).sort()).toEqual([
      [`T${tank.id}-C1-1`, "A", 6],
      [`T${tank.id}-C1-1`, "B", 2],
      [`T${tank.id}-C1-2`, "B", 3],
    ]);

    // Units received without a place are placed later as the batch named, or the newest.
    await lab.post(`/api/inventory/${line.id}/batches`, {
      batch: { code: "C", expiryDate: day(500) },
      count: 2,
    });
    const placed = await lab.post("/api/storage/placements", {
      inventoryItemId: line.id,
      caneId: b!,
      count: 2,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await batchNamed(line.id, "C")).placed).toBe(2);
    const other = await newLine(1, []);
    const foreign = await lab.post("/api/storage/placements", {
      inventoryItemId: line.id,
      caneId: b!,
      count: 1,
      batchId: (await detail(other.id)).batches[0]!.id,
    });
    expect(foreign.statusCode).toBe(422);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("show on the proof sheet as a buyer would be sent them: unexpired, with free or unplaced units, soonest first", async () => {
    await writeOffExpiredBatchesJob(t.ctx); // what the tests before left expired in the store
    const tank = await tankWithCanes(lab, 3, 20);
    const [a, b, c] = caneIdsOf(tank);
    const line = await newLine(4, [{ caneId: a!, count: 4 }]);
    const receive = (code: string, expiryDate: string, caneId?: number, motilityPct?: number) =>
      lab.post(`/api/inventory/${line.id}/batches`, {
        batch: { code, expiryDate, motilityPct },
        count: 3,
        positions: caneId ? [{ caneId, count: 3 }] : undefined,
      });
    await receive("SOON", day(200), b, 61);
    await receive("GONE", day(-3), c);
    await receive("UNPLACED", day(100));
    const sheet = async () =>
      (await t.app.inject({ method: "GET", url: `/api/catalogue/${line.id}` })).json();
    expect((await sheet()).batches).toEqual([
      { code: "UNPLACED", collectedOn: null, expiryDate: day(100), motilityPct: null },
      { code: "SOON", collectedOn: null, expiryDate: day(200), motilityPct: 61 },
      { code: "A", collectedOn: day(-90), expiryDate: day(730), motilityPct: 58 },
    ]);
    // An order takes all of SOON's straws (first expiry first) and one of A's: SOON has none left to send.
    await reserve(line.id, 4);
    t.clock.advance(2_000);
    expect((await sheet()).batches.map((b: { code: string }) => b.code)).toEqual(["UNPLACED", "A"]);
  });
});
