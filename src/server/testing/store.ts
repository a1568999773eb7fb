import { expect } from "vitest";
import type { PickList, TankMap } from "../../contract/cryo-store";
import type { Tank } from "../../contract/tanks";
import { asUser, confirmPicks, loginAs, staffEmails, type TestApp } from "./test-app";

type Staff = ReturnType<typeof asUser>;

/** The staff a store test works as, signed in (again, after the clock has moved past their sessions). */
export async function storeStaff(t: TestApp) {
  const as = async (email: string) => asUser(t.app, await loginAs(t.app, email));
  return {
    lab: await as(staffEmails.lab_technician),
    sales: await as(staffEmails.sales_manager),
    director: await as(staffEmails.director),
    logistics: await as(staffEmails.logistics_coordinator),
  };
}
let serial = 0;

/** A tank of the test's own with one canister of `canes` canes holding `room` straws each. */
export async function tankWithCanes(lab: Staff, canes = 3, room = 10): Promise<TankMap> {
  const unit = await lab.post("/api/storage/units", {
    name: `Store-Tank-${++serial}-${Date.now()}`,
    unitType: "liquid_nitrogen",
    location: "Test bay",
    temperature: -196,
  });
  expect(unit.statusCode).toBe(201);
  const tank = unit.json() as Tank;
  const res = await lab.post("/api/storage/canisters", {
    storageUnitId: tank.id,
    caneKind: "cane",
    canes,
    strawsPerCane: room,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as TankMap;
}

export const caneIdsOf = (tank: TankMap) => tank.canisters[0]!.canes.map((c) => c.id);

export const pickListOf = async (staff: Staff, orderId: number): Promise<PickList> =>
  (await staff.get(`/api/orders/${orderId}/pick-list`)).json();

/** Approves an order on credit, as a director would. */
export async function approveOnCredit(director: Staff, order: { id: number }): Promise<void> {
  const approved = await director.post(`/api/orders/${order.id}/approve`, {
    estimatedDays: 3,
    onCredit: true,
  });
  expect(approved.statusCode, approved.body).toBe(200);
}

/** Logistics' Create Shipment for an approved order; answers the raw response. */
export const prepareShipment = (logistics: Staff, order: { orderNumber: string }) =>
  logistics.post("/api/shipments", {
    orderNumber: order.orderNumber,
    customerName: "Kiambu Dairy Farm",
    destination: "Kiambu",
    origin: "Nakuru, Kenya",
    carrier: "DHL Express",
    temperature: "-196°C (Liquid Nitrogen)",
    trackingNumber: `TRK-${Date.now()}`,
    status: "preparing",
  });

/**
 * Approves an order on credit, scans its picks and prepares its shipment, as the director and logistics
 * would (a shipment is made only once every pick is confirmed).
 */
export async function approveAndPrepareShipment(
  director: Staff,
  logistics: Staff,
  order: { id: number; orderNumber: string },
): Promise<number> {
  await approveOnCredit(director, order);
  await confirmPicks(logistics, order.id);
  const shipment = await prepareShipment(logistics, order);
  expect(shipment.statusCode, shipment.body).toBe(201);
  return shipment.json().id;
}
