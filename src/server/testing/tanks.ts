import { expect } from "vitest";
import type { StorageAlert, Tank } from "../../contract/tanks";
import type { asUser } from "./test-app";

type Staff = ReturnType<typeof asUser>;
let tankCount = 0;

/** A tank of the test's own, added through the API: 35 L, 50 cm deep when full, 30 % minimum. */
export async function newTank(
  staff: Staff,
  options: { fullLevelCm?: number | null; unitType?: "liquid_nitrogen" | "dry_ice" } = {},
): Promise<Tank> {
  const res = await staff.post("/api/storage/units", {
    name: `Test-Tank-${++tankCount}-${Date.now()}`,
    unitType: options.unitType ?? "liquid_nitrogen",
    location: "Test bay",
    temperature: options.unitType === "dry_ice" ? -78 : -196,
    capacityLitres: 35,
    fullLevelCm: options.fullLevelCm === undefined ? 50 : options.fullLevelCm,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as Tank;
}

/** A dipstick reading, as the lab records one. */
export const dip = (staff: Staff, storageUnitId: number, value: number, unit: "cm" | "percent" = "percent") =>
  staff.post("/api/storage/levels", { storageUnitId, method: "dipstick", unit, value });

export const tankOf = async (staff: Staff, id: number): Promise<Tank> =>
  (await staff.get("/api/storage/tanks?limit=500")).json().find((x: Tank) => x.id === id);

export const alertsOf = async (staff: Staff, id: number, view: "open" | "history"): Promise<StorageAlert[]> =>
  (await staff.get(`/api/storage/alerts?view=${view}&limit=500`))
    .json()
    .filter((a: StorageAlert) => a.storageUnitId === id);
