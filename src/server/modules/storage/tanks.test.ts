import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StorageAlert, Tank } from "../../../contract/tanks";
import { inventoryItems, storageAlerts } from "../../db/schema";
import {
  alertsOf as alertsOfStaff,
  dip,
  newTank as makeTank,
  tankOf as tankOfStaff,
} from "../../testing/tanks";
import {
  asUser,
  clientEmail,
  createTestApp,
  loginAs,
  loginClient,
  staffEmails,
  type TestApp,
} from "../../testing/test-app";
import { DAY_MS, nairobiDate } from "../../time";
import { checkRefillsDue } from "./tanks";

let t: TestApp;
let lab: ReturnType<typeof asUser>;
let director: ReturnType<typeof asUser>;
const signIn = async () => {
  lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
};
/** Days pass between dips; sessions idle out meanwhile, so staff sign in again. */
async function later(ms: number) {
  t.clock.advance(ms);
  await signIn();
}
beforeAll(async () => {
  t = await createTestApp();
  await signIn();
});
afterAll(() => t.close());

const newTank = (options: Parameters<typeof makeTank>[1] = {}) => makeTank(lab, options);
const level = (storageUnitId: number, value: number, unit: "cm" | "percent" = "percent") =>
  dip(lab, storageUnitId, value, unit);
const tankOf = (id: number) => tankOfStaff(lab, id);
const alertsOf = (id: number, view: "open" | "history") => alertsOfStaff(lab, id, view);

// First, before the other tests move the clock on.
describe("the demo store", () => {
  it("opens the demo on tanks that need attention", async () => {
    const open = (await director.get("/api/storage/alerts")).json() as StorageAlert[];
    const tankC = open.filter((a) => a.storageUnit === "LN2-Tank-C").map((a) => `${a.kind}:${a.severity}`);
    expect(tankC.sort()).toEqual(["ln2_level:warning", "refill_overdue:warning", "temperature:critical"]);
    const tanks = (await director.get("/api/storage/tanks")).json() as Tank[];
    const a = tanks.find((x) => x.name === "LN2-Tank-A")!;
    expect(a.evaporationPctPerDay).toBeGreaterThan(1.4);
    expect(a.evaporationPctPerDay).toBeLessThan(1.8);
    expect(a.stockAtRiskKes).toBeGreaterThan(0);
  });
});

describe("storage units", () => {
  it("adds a tank once by name, with its first reading and any alert it raises", async () => {
    const body = {
      name: `Kitale-Tank-${Date.now()}`,
      unitType: "liquid_nitrogen",
      location: "Kitale",
      temperature: -140,
    };
    const res = await director.post("/api/storage/units", body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      alertStatus: "critical",
      minSafeLevelPct: 30,
      level: null,
      samples: 0,
    });
    expect((await alertsOf(res.json().id, "open")).map((a) => a.kind)).toEqual(["temperature"]);
    const again = await director.post("/api/storage/units", { ...body, name: ` ${body.name} ` });
    expect(again.statusCode).toBe(409);
    const bad = await director.post("/api/storage/units", {
      name: "",
      unitType: "tank",
      location: "",
      temperature: "x",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual([
      "location",
      "name",
      "temperature",
      "unitType",
    ]);
  });
});

describe("LN2 level readings and the forecast", () => {
  it("turns dipstick cm into % of the tank's full depth", async () => {
    const tank = await newTank();
    const res = await level(tank.id, 30, "cm");
    expect(res.statusCode).toBe(201);
    expect(res.json().level.pct).toBe(60);
  });

  it("forecasts from the readings' evaporation rate, with the stock at risk", async () => {
    const tank = await newTank();
    await t.database.tx((db) =>
      db.insert(inventoryItems).values({
        itemId: `TNK-${tank.id}`,
        type: "sperm",
        breedName: "Test Boran",
        acquiredFrom: "Test",
        currentStock: 12,
        storageLocation: "Canister 1",
        storageUnitId: tank.id,
        costPerUnit: 2500,
        geneticData: {},
      }),
    );
    const start = t.clock.now();
    await level(tank.id, 90);
    await later(DAY_MS);
    await level(tank.id, 88);
    await later(DAY_MS);
    const res = await level(tank.id, 86);
    const day = (n: number) => nairobiDate(new Date(start.getTime() + n * DAY_MS));
    expect(res.json()).toMatchObject({
      level: { pct: 86 },
      evaporationPctPerDay: 2,
      minSafeOn: day(30),
      nextRefillOn: day(27),
      refillOverdue: false,
      samples: 12,
      stockAtRiskKes: 30_000,
    });
    expect(await tankOf(tank.id)).toMatchObject({ evaporationPctPerDay: 2, minSafeOn: day(30) });
  });

  it("starts the forecast again after a refill", async () => {
    const tank = await newTank();
    await level(tank.id, 70);
    await later(DAY_MS);
    await level(tank.id, 67);
    const res = await lab.post("/api/storage/refills", {
      storageUnitId: tank.id,
      litres: 12.5,
      supplier: "BOC Kenya",
      levelAfterPct: 96,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      level: { pct: 96 },
      evaporationPctPerDay: null,
      minSafeOn: null,
      lastRefill: { litres: 12.5, supplier: "BOC Kenya" },
    });
  });

  it("refuses readings it cannot use", async () => {
    const shipper = await newTank({ unitType: "dry_ice" });
    expect((await level(shipper.id, 50)).statusCode).toBe(422);
    const undipped = await newTank({ fullLevelCm: null });
    const cm = await level(undipped.id, 20, "cm");
    expect(cm.statusCode).toBe(422);
    expect(cm.json().error.fields).toEqual({ unit: "Record this tank's level in %" });
    expect((await level(undipped.id, 101)).json().error.fields.value).toBe("Level must be at most 100%");
    const scaleCm = await lab.post("/api/storage/levels", {
      storageUnitId: undipped.id,
      method: "scale",
      unit: "cm",
      value: 20,
    });
    expect(scaleCm.statusCode).toBe(400);
    expect((await level(999_999, 50)).statusCode).toBe(404);
    const refill = await lab.post("/api/storage/refills", {
      storageUnitId: undipped.id,
      litres: 0,
      supplier: "",
    });
    expect(refill.statusCode).toBe(400);
    expect(Object.keys(refill.json().error.fields).sort()).toEqual(["litres", "supplier"]);
  });

  it("is for those who look after storage", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/storage/tanks" })).statusCode).toBe(401);
    const sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    expect((await sales.get("/api/storage/tanks")).statusCode).toBe(403);
    const client = asUser(t.app, await loginClient(t.app, clientEmail));
    expect((await client.post("/api/storage/levels", {})).statusCode).toBe(403);
  });
});

describe("storage alerts", () => {
  it("raises a critical level alert that a named person acknowledges with a note", async () => {
    const tank = await newTank();
    await level(tank.id, 45);
    expect(await alertsOf(tank.id, "open")).toEqual([]);
    await level(tank.id, 38);
    expect((await alertsOf(tank.id, "open")).map((a) => a.severity)).toEqual(["warning"]);
    await level(tank.id, 29.5);
    const [alert] = await alertsOf(tank.id, "open");
    expect(alert).toMatchObject({ kind: "ln2_level", severity: "critical", acknowledgedAt: null });
    expect(alert!.message).toContain("29.5%");

    const short = await director.post(`/api/storage/alerts/${alert!.id}/acknowledge`, { note: "ok" });
    expect(short.statusCode).toBe(400);
    const ack = await director.post(`/api/storage/alerts/${alert!.id}/acknowledge`, {
      note: "Refill ordered from BOC, arriving 2 pm",
    });
    expect(ack.statusCode).toBe(200);
    expect(ack.json()).toMatchObject({
      acknowledgedBy: expect.stringMatching(/\S+ \S+/),
      acknowledgementNote: "Refill ordered from BOC, arriving 2 pm",
      resolvedAt: null,
    });
    expect(await alertsOf(tank.id, "open")).toEqual([]);
    expect((await alertsOf(tank.id, "history")).map((a) => a.id)).toContain(alert!.id);
    const again = await director.post(`/api/storage/alerts/${alert!.id}/acknowledge`, { note: "twice over" });
    expect(again.statusCode).toBe(409);
    expect(
      (await director.post("/api/storage/alerts/999999/acknowledge", { note: "nothing" })).statusCode,
    ).toBe(404);
  });

  it("takes an acknowledged temperature alert off the banner, and resolves it when back in range", async () => {
    const tank = await newTank();
    const banner = async () =>
      (await lab.get("/api/alerts/temperature")).json().map((c: { id: number }) => c.id) as number[];
    await lab.post("/api/storage/readings", { storageUnitId: tank.id, temperature: -140 });
    expect(await banner()).toContain(tank.id);
    const [alert] = await alertsOf(tank.id, "open");
    expect(alert).toMatchObject({ kind: "temperature", severity: "critical" });
    await lab.post(`/api/storage/alerts/${alert!.id}/acknowledge`, { note: "Lid reseated, topping up" });
    expect(await banner()).not.toContain(tank.id);
    await lab.post("/api/storage/readings", { storageUnitId: tank.id, temperature: -196 });
    const [history] = await alertsOf(tank.id, "history");
    expect(history).toMatchObject({ id: alert!.id, resolvedAt: expect.any(String) });
  });

  it("puts an acknowledged warning back on the list when it turns critical", async () => {
    const tank = await newTank();
    await lab.post("/api/storage/readings", { storageUnitId: tank.id, temperature: -170 });
    const [warning] = await alertsOf(tank.id, "open");
    await lab.post(`/api/storage/alerts/${warning!.id}/acknowledge`, { note: "Watching it" });
    await lab.post("/api/storage/readings", { storageUnitId: tank.id, temperature: -160 });
    expect(await alertsOf(tank.id, "open")).toEqual([]);
    await lab.post("/api/storage/readings", { storageUnitId: tank.id, temperature: -135 });
    expect(await alertsOf(tank.id, "open")).toMatchObject([{ id: warning!.id, severity: "critical" }]);
  });

  it("keeps one open alert per tank and kind when readings arrive together", async () => {
    const tank = await newTank();
    await Promise.all([level(tank.id, 20), level(tank.id, 21), level(tank.id, 19)]);
    const open = await t.database.read((db) =>
      db.select().from(storageAlerts).where(eq(storageAlerts.storageUnitId, tank.id)),
    );
    expect(open.filter((a) => a.kind === "ln2_level")).toHaveLength(1);
  });

  it("raises a refill alert when the clock passes the refill day", async () => {
    const tank = await newTank();
    await level(tank.id, 60);
    await later(DAY_MS);
    await level(tank.id, 55);
    // 5 %/day from 55 %: the minimum (30 %) in 5 days, the refill due in 2.
    await checkRefillsDue(t.ctx);
    expect(await alertsOf(tank.id, "open")).toEqual([]);
    await later(2.5 * DAY_MS);
    await checkRefillsDue(t.ctx);
    expect(await alertsOf(tank.id, "open")).toMatchObject([{ kind: "refill_overdue", severity: "warning" }]);
    expect((await tankOf(tank.id)).refillOverdue).toBe(true);
    await later(3 * DAY_MS);
    await checkRefillsDue(t.ctx);
    expect(await alertsOf(tank.id, "open")).toMatchObject([{ kind: "refill_overdue", severity: "critical" }]);
    const refilled = await lab.post("/api/storage/refills", {
      storageUnitId: tank.id,
      litres: 20,
      supplier: "BOC",
      levelAfterPct: 95,
    });
    expect(refilled.statusCode, refilled.body).toBe(201);
    // The refill clears the condition; only a person's acknowledgement closes the alert.
    const [cleared] = await alertsOf(tank.id, "open");
    expect(cleared).toMatchObject({ kind: "refill_overdue", clearedAt: expect.any(String) });
    const ack = await lab.post(`/api/storage/alerts/${cleared!.id}/acknowledge`, {
      note: "Refilled from BOC",
    });
    expect(ack.json()).toMatchObject({ resolvedAt: expect.any(String), acknowledgedBy: expect.any(String) });
    expect(await alertsOf(tank.id, "open")).toEqual([]);
  });
});
