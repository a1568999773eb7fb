import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ItemWhereabouts, PlacementSuggestion, TankMap } from "../../../contract/cryo-store";
import type { InventoryItem } from "../../../contract/inventory";
import { rowsOf } from "../../db/adapter";
import { t, withTestApp } from "../../testing/app-session";
import { invariantViolations } from "../../testing/invariants";
import { countStatements, notRateLimit } from "../../testing/statements";
import { storeStaff } from "../../testing/store";
import type { asUser } from "../../testing/test-app";

withTestApp();
let lab: ReturnType<typeof asUser>;
beforeAll(async () => {
  ({ lab } = await storeStaff(t));
});

let serial = 0;
/** A tank of the test's own with a canister of canes (semen) and one of goblets (embryos). */
async function tankWithBoth(
  canes = 4,
  room = 10,
): Promise<{ canes: number[]; goblets: number[]; id: number }> {
  const unit = await lab.post("/api/storage/units", {
    name: `Kinds-Tank-${++serial}-${Date.now()}`,
    unitType: "liquid_nitrogen",
    location: "Test bay",
    temperature: -196,
  });
  const id = unit.json().id as number;
  const add = async (caneKind: "cane" | "goblet") =>
    (
      (
        await lab.post("/api/storage/canisters", { storageUnitId: id, caneKind, canes, strawsPerCane: room })
      ).json() as TankMap
    ).canisters
      .at(-1)!
      .canes.map((c) => c.id);
  return { canes: await add("cane"), goblets: await add("goblet"), id };
}

async function newItem(
  type: "sperm" | "embryo",
  stock: number,
  storageUnitId?: number,
): Promise<InventoryItem> {
  const res = await lab.post("/api/inventory", {
    itemId: `${type === "sperm" ? "SEM" : "EMB"}-KIND-${++serial}-${Date.now() % 100000}`,
    type,
    breedName: "Boran",
    acquiredFrom: "KAGRC Kenya",
    currentStock: stock,
    costPerUnit: 2_500,
    storageLocation: "Store map",
    storageUnitId,
    geneticData: { category: "beef", origin: "Kenya", region_suitability: ["Coast"] },
    genetics: { bullName: `Kinds Bull ${serial}`, sireName: `Kinds Sire ${serial}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const place = (body: object) => lab.post("/api/storage/placements", body);

describe("placement", () => {
  it("puts semen only on canes and embryos only in goblets", async () => {
    const tank = await tankWithBoth();
    const semen = await newItem("sperm", 10);
    const embryo = await newItem("embryo", 4);
    const wrong = await place({
      inventoryItemId: semen.id,
      placements: [{ caneId: tank.goblets[0], count: 2 }],
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields).toEqual({ caneId: "Semen straws go on a cane" });
    const wrongEmbryo = await place({ inventoryItemId: embryo.id, caneId: tank.canes[0], count: 1 });
    expect(wrongEmbryo.statusCode).toBe(422);
    expect(wrongEmbryo.json().error.fields).toEqual({ caneId: "Embryos go in a goblet" });
    expect((await place({ inventoryItemId: embryo.id, caneId: tank.goblets[0], count: 4 })).statusCode).toBe(
      201,
    );
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("places on many canes in one step, with a batch, all or nothing", async () => {
    const tank = await tankWithBoth(4, 10);
    const item = await newItem("sperm", 30);
    const detail = (await lab.get(`/api/inventory/${item.id}`)).json();
    const batchId = detail.batches[0].id as number;
    const res = await place({
      inventoryItemId: item.id,
      batchId,
      placements: [
        { caneId: tank.canes[0], count: 10 },
        { caneId: tank.canes[1], count: 10 },
        { caneId: tank.canes[2], count: 5 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json() as ItemWhereabouts;
    expect(placed.unplaced).toBe(5);
    expect(placed.caneKind).toBe("cane");
    expect(placed.positions.map((p) => [p.caneId, p.count, p.batchId])).toEqual([
      [tank.canes[0], 10, batchId],
      [tank.canes[1], 10, batchId],
      [tank.canes[2], 5, batchId],
    ]);
    // One cane without room refuses the whole step: nothing of it is kept.
    const partly = await place({
      inventoryItemId: item.id,
      placements: [
        { caneId: tank.canes[3], count: 2 },
        { caneId: tank.canes[0], count: 1 },
      ],
    });
    expect(partly.statusCode).toBe(409);
    expect((await lab.get(`/api/storage/locate?q=${item.itemId}`)).json()[0].unplaced).toBe(5);
    expect((await place({ inventoryItemId: item.id, placements: [] })).statusCode).toBe(400);
  });

  it("places on any number of canes in the same number of statements", async () => {
    // Three reads for the canes, one insert for the positions (decision 49): the demo seed places 227 runs.
    const tank = await tankWithBoth(8, 10);
    const placing = async (canes: number[]) => {
      const item = await newItem("sperm", 80);
      return countStatements(async () => {
        const res = await place({
          inventoryItemId: item.id,
          placements: canes.map((caneId) => ({ caneId, count: 10 })),
        });
        expect(res.statusCode, res.body).toBe(201);
      }, notRateLimit);
    };
    const two = await placing(tank.canes.slice(0, 2));
    const six = await placing(tank.canes.slice(2, 8));
    expect(six).toBe(two);
  });

  it("asks before two items share a cane, and shares it once confirmed", async () => {
    const tank = await tankWithBoth(2, 20);
    const first = await newItem("sperm", 5);
    const second = await newItem("sperm", 5);
    expect((await place({ inventoryItemId: first.id, caneId: tank.canes[0], count: 5 })).statusCode).toBe(
      201,
    );
    const mixed = await place({ inventoryItemId: second.id, caneId: tank.canes[0], count: 5 });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().error.code).toBe("MIXED_POSITION");
    expect(mixed.json().error.message).toContain(first.itemId);
    const confirmed = await place({
      inventoryItemId: second.id,
      placements: [{ caneId: tank.canes[0], count: 5 }],
      allowMixing: true,
    });
    expect(confirmed.statusCode).toBe(201);

    // A move onto a cane of another item asks the same.
    const third = await newItem("sperm", 4);
    expect((await place({ inventoryItemId: third.id, caneId: tank.canes[1], count: 4 })).statusCode).toBe(
      201,
    );
    const move = { inventoryItemId: third.id, fromCaneId: tank.canes[1], toCaneId: tank.canes[0], count: 2 };
    const moved = await lab.post("/api/storage/transfers", move);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.code).toBe("MIXED_POSITION");
    expect((await lab.post("/api/storage/transfers", { ...move, allowMixing: true })).statusCode).toBe(201);
    const toGoblet = await lab.post("/api/storage/transfers", {
      ...move,
      toCaneId: tank.goblets[0],
      count: 1,
    });
    expect(toGoblet.statusCode).toBe(422);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("suggests a run of the item's kind with room, its own canes first, and receiving places on it", async () => {
    const tank = await tankWithBoth(4, 10);
    const item = await newItem("sperm", 6, tank.id);
    expect((await place({ inventoryItemId: item.id, caneId: tank.canes[2], count: 6 })).statusCode).toBe(201);
    const other = await newItem("sperm", 3, tank.id);
    expect((await place({ inventoryItemId: other.id, caneId: tank.canes[0], count: 3 })).statusCode).toBe(
      201,
    );

    const run = (
      await lab.get(`/api/storage/suggest?inventoryItemId=${item.id}&count=18`)
    ).json() as PlacementSuggestion;
    // Its own cane's room first, never a cane of another item nor a goblet, then the next empty canes.
    expect(run.placements.map((p) => [p.caneId, p.count])).toEqual([
      [tank.canes[2], 4],
      [tank.canes[1], 10],
      [tank.canes[3], 4],
    ]);
    expect(run.short).toBe(0);

    const received = await lab.post(`/api/inventory/${item.id}/batches`, {
      batch: { code: "RUN-1" },
      count: 18,
      positions: run.placements.map(({ caneId, count }) => ({ caneId, count })),
    });
    expect(received.statusCode, received.body).toBe(201);
    const where = (await lab.get(`/api/storage/locate?q=${item.itemId}`)).json()[0] as ItemWhereabouts;
    expect(where.unplaced).toBe(0);
    expect(where.positions.filter((p) => p.batchCode === "RUN-1").reduce((s, p) => s + p.count, 0)).toBe(18);

    const embryo = await newItem("embryo", 3, tank.id);
    const goblets = (await lab.get(`/api/storage/suggest?inventoryItemId=${embryo.id}&count=3`)).json();
    expect(goblets.placements.map((p: { caneId: number }) => p.caneId)).toEqual([tank.goblets[0]]);
    const tooMuch = (await lab.get(`/api/storage/suggest?inventoryItemId=${embryo.id}&count=1000000`)).json();
    expect(tooMuch.short).toBeGreaterThan(0);
    expect((await lab.get("/api/storage/suggest?inventoryItemId=999999&count=1")).statusCode).toBe(404);
    expect((await lab.get(`/api/storage/suggest?inventoryItemId=${item.id}&count=0`)).statusCode).toBe(400);
  });

  it("finds straws by the bull's or sire's name, and the item reads its storage from its positions", async () => {
    const tank = await tankWithBoth(2, 10);
    const item = await newItem("sperm", 15, tank.id);
    await place({
      inventoryItemId: item.id,
      placements: [
        { caneId: tank.canes[0], count: 10 },
        { caneId: tank.canes[1], count: 3 },
      ],
    });
    const bull = item.genetics.bullName!;
    const byBull = (await lab.get(`/api/storage/locate?q=${encodeURIComponent(bull.toLowerCase())}`)).json();
    expect(byBull.map((w: ItemWhereabouts) => w.itemId)).toEqual([item.itemId]);
    const sire = (
      await lab.get(`/api/storage/locate?q=${encodeURIComponent(item.genetics.sireName!)}`)
    ).json();
    expect(sire.map((w: ItemWhereabouts) => w.itemId)).toEqual([item.itemId]);

    // Every label the store prints finds what it holds: the cane's, the canister's, the tank's.
    for (const label of [`T${tank.id}-C1-2`, `T${tank.id}-C1`, `t${tank.id}`]) {
      const held = (await lab.get(`/api/storage/locate?q=${label}`)).json();
      expect(
        held.map((w: ItemWhereabouts) => w.itemId),
        label,
      ).toEqual([item.itemId]);
    }
    const read = (await lab.get(`/api/inventory/${item.id}`)).json() as InventoryItem;
    expect(read.placement).toEqual({
      labels: [`T${tank.id}-C1-1`, `T${tank.id}-C1-2`],
      positions: 2,
      placed: 13,
      tank: expect.stringMatching(/^Kinds-Tank-/),
    });
  });

  it("has every seeded straw placed, each cane or goblet holding one item of its kind", async () => {
    const rows = await t.database.read((db) =>
      rowsOf<{ unplaced: number; mixed: number; wrong_kind: number }>(
        db,
        sql`select
          (select count(*)::int from inventory_items i where i.item_id not like '%-KIND-%' and i.current_stock >
            coalesce((select sum(p.count) from stock_positions p where p.inventory_item_id = i.id), 0)) as unplaced,
          (select count(*)::int from (select cane_id from stock_positions group by cane_id
            having count(distinct inventory_item_id) > 1) m
            where m.cane_id not in (select c.id from storage_canes c join storage_canisters cn on cn.id = c.canister_id
              join storage_units su on su.id = cn.storage_unit_id where su.name like 'Kinds-Tank-%')) as mixed,
          (select count(*)::int from stock_positions p join inventory_items i on i.id = p.inventory_item_id
            join storage_canes c on c.id = p.cane_id join storage_canisters cn on cn.id = c.canister_id
            where cn.cane_kind <> case when i.type = 'embryo' then 'goblet'::cane_kind else 'cane'::cane_kind end) as wrong_kind`,
      ),
    );
    expect(rows[0]).toEqual({ unplaced: 0, mixed: 0, wrong_kind: 0 });
  });
});

describe("a canister's count", () => {
  it("moves each item by what was found in that canister, off its canes, large ones after a second person", async () => {
    const { director } = await storeStaff(t);
    const unit = (
      await lab.post("/api/storage/units", {
        name: `Count-Tank-${Date.now()}`,
        unitType: "liquid_nitrogen",
        location: "Test bay",
        temperature: -196,
      })
    ).json();
    const add = async () =>
      (
        (
          await lab.post("/api/storage/canisters", {
            storageUnitId: unit.id,
            caneKind: "cane",
            canes: 2,
            strawsPerCane: 20,
          })
        ).json() as TankMap
      ).canisters.at(-1)!;
    const first = await add();
    const second = await add();
    const item = await newItem("sperm", 40, unit.id);
    await place({
      inventoryItemId: item.id,
      placements: [
        { caneId: first.canes[0]!.id, count: 20 },
        { caneId: first.canes[1]!.id, count: 18 },
        { caneId: second.canes[0]!.id, count: 2 },
      ],
    });
    const inCanister = async (canisterId: number) =>
      ((await lab.get(`/api/storage/map?limit=500`)).json() as TankMap[])
        .find((m) => m.id === unit.id)!
        .canisters.find((c) => c.id === canisterId)!.filled;

    // 36 found where the map has 38: 2 of 40 is 5 %, applied at once, off this canister's canes.
    const small = await lab.post(`/api/storage/canisters/${first.id}/count`, {
      lines: [{ inventoryItemId: item.id, counted: 36 }],
    });
    expect(small.statusCode, small.body).toBe(200);
    expect(small.json()[0]).toMatchObject({ applied: true, item: { currentStock: 38 } });
    expect(await inCanister(first.id)).toBe(36);
    expect(await inCanister(second.id)).toBe(2);
    const detail = (await lab.get(`/api/inventory/${item.id}`)).json();
    expect(detail.movements[0].note).toMatch(
      new RegExp(`^Count: T${unit.id}-C\\d+ \\(Count-Tank-\\d+\\): 36 found, 38 on the map`),
    );

    // 20 found where the map has 36: large, so it waits for a second person, then comes off this canister.
    const large = await lab.post(`/api/storage/canisters/${first.id}/count`, {
      lines: [{ inventoryItemId: item.id, counted: 20 }],
      note: "Goblet cracked",
    });
    expect(large.json()[0]).toMatchObject({ applied: false, pendingCount: { delta: -16 } });
    expect(await inCanister(first.id)).toBe(36);
    const pending = large.json()[0].pendingCount.id;
    expect((await lab.post(`/api/inventory/counts/${pending}/confirm`, {})).statusCode).toBe(403);
    const confirmed = await director.post(`/api/inventory/counts/${pending}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().item.currentStock).toBe(22);
    expect(await inCanister(first.id)).toBe(20);
    expect(await inCanister(second.id)).toBe(2);
    expect(await invariantViolations(t.database)).toEqual([]);

    expect(
      (
        await lab.post("/api/storage/canisters/999999/count", {
          lines: [{ inventoryItemId: item.id, counted: 1 }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await lab.post(`/api/storage/canisters/${first.id}/count`, { lines: [] })).statusCode).toBe(400);
  });
});

describe("a write-off from a named cane", () => {
  it("takes the straws off that cane only, and says so in the history", async () => {
    const tank = await tankWithBoth(3, 10);
    const item = await newItem("sperm", 20);
    await place({
      inventoryItemId: item.id,
      placements: [
        { caneId: tank.canes[0], count: 10 },
        { caneId: tank.canes[1], count: 10 },
      ],
    });
    const off = await lab.post(`/api/inventory/${item.id}/write-off`, {
      quantity: 3,
      reason: "damaged",
      caneId: tank.canes[0],
    });
    expect(off.statusCode, off.body).toBe(200);
    const where = (await lab.get(`/api/storage/locate?q=${item.itemId}`)).json()[0] as ItemWhereabouts;
    expect(where.positions.map((p) => [p.caneId, p.count])).toEqual([
      [tank.canes[0], 7],
      [tank.canes[1], 10],
    ]);
    const detail = (await lab.get(`/api/inventory/${item.id}`)).json();
    expect(detail.movements[0].note).toBe(`Damaged (from T${tank.id}-C1-1)`);
    const tooMany = await lab.post(`/api/inventory/${item.id}/write-off`, {
      quantity: 8,
      reason: "damaged",
      caneId: tank.canes[0],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toMatch(/That cane holds 7/);
    const elsewhere = await lab.post(`/api/inventory/${item.id}/write-off`, {
      quantity: 1,
      reason: "damaged",
      caneId: tank.canes[2],
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(await invariantViolations(t.database)).toEqual([]);
  });
});
