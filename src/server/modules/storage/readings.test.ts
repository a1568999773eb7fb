import { beforeAll, describe, expect, it } from "vitest";
import type { LevelReading, TemperatureReading } from "../../../contract/tanks";
import { t, withTestApp } from "../../testing/app-session";
import { alertsOf, dip, newTank, tankOf } from "../../testing/tanks";
import { asUser, loginAs, staffEmails } from "../../testing/test-app";
import { DAY_MS } from "../../time";

/** Readings are checked, a wrong one can be voided, and only a person closes an alarm (issue 36). */

withTestApp();
let lab: ReturnType<typeof asUser>;
beforeAll(async () => {
  lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
});

const temperature = (storageUnitId: number, value: number) =>
  lab.post("/api/storage/readings", { storageUnitId, temperature: value });
const temperatures = async (id: number): Promise<TemperatureReading[]> =>
  (await lab.get(`/api/storage/readings?storageUnitId=${id}&limit=50`)).json();
const levels = async (id: number): Promise<LevelReading[]> =>
  (await lab.get(`/api/storage/levels?storageUnitId=${id}&limit=50`)).json();

describe("LN2 level readings", () => {
  it("refuses a depth beyond the tank's full depth, and a full tank in % is fine", async () => {
    const tank = await newTank(lab, { fullLevelCm: 55 });
    const deep = await dip(lab, tank.id, 80, "cm");
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error.fields.value).toBe("At most 55 cm, this tank's full depth");
    expect((await dip(lab, tank.id, 55, "cm")).statusCode).toBe(201);
    expect((await tankOf(lab, tank.id)).level!.pct).toBe(100);
  });

  it("asks 'Did you refill?' when the level rises with no refill, and records the refill given with it", async () => {
    const tank = await newTank(lab);
    expect((await dip(lab, tank.id, 40)).statusCode).toBe(201);
    const rise = await dip(lab, tank.id, 90);
    expect(rise.statusCode).toBe(409);
    expect(rise.json().error).toMatchObject({ code: "REFILL_UNRECORDED" });
    expect(rise.json().error.message).toMatch(/Did you refill\?/);
    // A little above the last dip is how dipsticks read: no question.
    expect((await dip(lab, tank.id, 43)).statusCode).toBe(201);
    const answered = await lab.post("/api/storage/levels", {
      storageUnitId: tank.id,
      method: "dipstick",
      unit: "percent",
      value: 90,
      refill: { litres: 18, supplier: "BOC Kenya" },
    });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json()).toMatchObject({
      level: { pct: 90 },
      lastRefill: { litres: 18, supplier: "BOC Kenya" },
    });
  });

  it("refuses a refill larger than the tank's free volume", async () => {
    const tank = await newTank(lab);
    expect((await dip(lab, tank.id, 34.5)).statusCode).toBe(201);
    // 35 L at 34.5 %: about 22.9 L free, with 3.5 L allowed for boil-off while filling.
    const refill = (litres: number) =>
      lab.post("/api/storage/refills", { storageUnitId: tank.id, litres, supplier: "BOC Kenya" });
    const tooMuch = await refill(30);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields.litres).toBe("At most 26.4 L fits");
    expect((await refill(22)).statusCode).toBe(201);
  });

  it("voids a wrong level: the tank's level and forecast go back, and the reading stays listed", async () => {
    const tank = await newTank(lab);
    expect((await dip(lab, tank.id, 60)).statusCode).toBe(201);
    t.clock.advance(DAY_MS);
    lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
    expect((await dip(lab, tank.id, 57)).statusCode).toBe(201);
    const rate = (await tankOf(lab, tank.id)).evaporationPctPerDay;
    expect((await dip(lab, tank.id, 20)).statusCode).toBe(201);
    expect((await alertsOf(lab, tank.id, "open")).map((a) => a.kind)).toContain("ln2_level");
    const [wrong] = await levels(tank.id);
    expect(wrong!.levelPct).toBe(20);
    expect((await lab.post(`/api/storage/levels/${wrong!.id}/void`, { reason: " " })).statusCode).toBe(400);
    const voided = await lab.post(`/api/storage/levels/${wrong!.id}/void`, { reason: "Read the wrong tank" });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ voidReason: "Read the wrong tank", voidedBy: expect.any(String) });
    const after = await tankOf(lab, tank.id);
    expect(after.level!.pct).toBe(57);
    expect(after.evaporationPctPerDay).toBe(rate);
    expect((await levels(tank.id)).map((l) => [l.levelPct, l.voidedAt !== null])).toEqual([
      [20, true],
      [57, false],
      [60, false],
    ]);
    // The level alert the wrong dip raised stays until a person acknowledges it.
    const [alert] = (await alertsOf(lab, tank.id, "open")).filter((a) => a.kind === "ln2_level");
    expect(alert).toMatchObject({ clearedAt: expect.any(String), resolvedAt: null });
    expect((await lab.post(`/api/storage/levels/${wrong!.id}/void`, { reason: "again" })).statusCode).toBe(
      409,
    );
  });
});

describe("temperature readings and alerts", () => {
  it("keeps a critical alert open through a normal reading until a person acknowledges it", async () => {
    const tank = await newTank(lab);
    expect((await temperature(tank.id, -120)).statusCode).toBe(201);
    const [critical] = await alertsOf(lab, tank.id, "open");
    expect(critical).toMatchObject({ kind: "temperature", severity: "critical", clearedAt: null });
    expect((await temperature(tank.id, -196)).statusCode).toBe(201);
    const [still] = await alertsOf(lab, tank.id, "open");
    expect(still).toMatchObject({ id: critical!.id, clearedAt: expect.any(String), resolvedAt: null });
    const ack = await lab.post(`/api/storage/alerts/${critical!.id}/acknowledge`, { note: "Lid reseated" });
    expect(ack.json()).toMatchObject({ resolvedAt: expect.any(String), acknowledgementNote: "Lid reseated" });
    expect(await alertsOf(lab, tank.id, "open")).toEqual([]);
  });

  it("voids a wrong temperature: the unit goes back to its last true reading and its alert stays open", async () => {
    const tank = await newTank(lab);
    expect((await temperature(tank.id, -120)).statusCode).toBe(201);
    expect((await temperature(tank.id, -196)).statusCode).toBe(201);
    const [wrong, critical] = await temperatures(tank.id);
    expect(wrong!.temperature).toBe(-196);
    const voided = await lab.post(`/api/storage/readings/${wrong!.id}/void`, {
      reason: "Typed the spec, not the dial",
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const conditions = (await lab.get("/api/storage/conditions?limit=500")).json();
    expect(conditions.find((c: { id: number }) => c.id === tank.id)).toMatchObject({
      temperature: -120,
      alertStatus: "critical",
    });
    const [alert] = await alertsOf(lab, tank.id, "open");
    expect(alert).toMatchObject({ kind: "temperature", severity: "critical", clearedAt: null });
    expect((await temperatures(tank.id)).map((r) => r.voidReason)).toEqual([
      "Typed the spec, not the dial",
      null,
      null,
    ]);
    // The first reading is the tank's when added: a unit always keeps one reading that counts.
    const second = await lab.post(`/api/storage/readings/${critical!.id}/void`, { reason: "Not sure" });
    expect(second.statusCode).toBe(200);
    const [, , first] = await temperatures(tank.id);
    const last = await lab.post(`/api/storage/readings/${first!.id}/void`, { reason: "Not sure" });
    expect(last.statusCode).toBe(409);
  });
});
