import { eq, sum } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { alertStatusFor } from "../../../contract/storage";
import { inventoryItems, storageUnits } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { clientEmail, loginAs, loginClient, staffEmails } from "../../testing/test-app";

withTestApp();

describe("storage conditions and temperature alerts", () => {
  it("lists every unit with the stock it holds", async () => {
    const cookie = await loginAs(t.app, staffEmails.lab_technician);
    const res = await t.app.inject({ method: "GET", url: "/api/storage/conditions", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const units = res.json();
    expect(units.length).toBeGreaterThanOrEqual(4);
    const tankA = units.find((u: { storageUnit: string }) => u.storageUnit === "LN2-Tank-A");
    const [held] = await t.database.read((db) =>
      db
        .select({ n: sum(inventoryItems.currentStock) })
        .from(inventoryItems)
        .innerJoin(storageUnits, eq(storageUnits.id, inventoryItems.storageUnitId))
        .where(eq(storageUnits.name, "LN2-Tank-A")),
    );
    expect(tankA.affectedSamples).toBe(Number(held!.n));
    expect(tankA).toMatchObject({ alertStatus: "normal", temperature: -196 });
  });

  it("answers only the units out of range as alerts", async () => {
    const cookie = await loginAs(t.app, staffEmails.lab_technician);
    const res = await t.app.inject({ method: "GET", url: "/api/alerts/temperature", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const alerts = res.json();
    expect(alerts.map((a: { alertStatus: string }) => a.alertStatus).sort()).toEqual(["critical", "warning"]);
  });

  it("is for staff only", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/alerts/temperature" })).statusCode).toBe(401);
    const cookie = await loginClient(t.app, clientEmail);
    const res = await t.app.inject({ method: "GET", url: "/api/storage/conditions", headers: { cookie } });
    expect(res.statusCode).toBe(403);
  });
});

describe("alert thresholds", () => {
  it.each([
    ["liquid_nitrogen", -196, "normal"],
    ["liquid_nitrogen", -185, "normal"],
    ["liquid_nitrogen", -170, "warning"],
    ["liquid_nitrogen", -150, "warning"],
    ["liquid_nitrogen", -140, "critical"],
    ["dry_ice", -78, "normal"],
    ["dry_ice", -65, "warning"],
    ["dry_ice", -50, "critical"],
    ["refrigerated", 4, "normal"],
    ["refrigerated", 9.5, "warning"],
    ["refrigerated", 1, "warning"],
    ["refrigerated", 12, "critical"],
    ["refrigerated", -1, "critical"],
  ] as const)("%s at %d °C is %s", (unitType, temperature, expected) => {
    expect(alertStatusFor(unitType, temperature)).toBe(expected);
  });
});
