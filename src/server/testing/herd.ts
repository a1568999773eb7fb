import { expect } from "vitest";
import { t } from "./app-session";
import {
  asUser,
  confirmPicks,
  inventoryItem,
  loginAs,
  type newClientAccount,
  payByBank,
  staffEmails,
} from "./test-app";

/** Test fixtures of the farmer's herd: a cow, and a straw bought and received to serve her with. */
type Farmer = Awaited<ReturnType<typeof newClientAccount>>;

export async function addCow(who: Farmer, body: object = {}) {
  const res = await who.client.post("/api/client/cows", {
    tag: `KE-${Date.now()}`,
    breed: "Jersey",
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; tag: string };
}
/** A semen straw the farmer bought and received: an order paid, approved, picked and shipped. */
export async function boughtStraw(who: Farmer, quantity = 1, itemId = "SEM-HF-101"): Promise<number> {
  const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
  const logistics = asUser(t.app, await loginAs(t.app, staffEmails.logistics_coordinator));
  const hf = await inventoryItem(t, itemId);
  const placed = (
    await who.client.post("/api/client/orders", {
      items: [{ productId: hf.id, quantity }],
      customerLocation: "Githunguri",
      paymentMethod: "bank",
    })
  ).json();
  await payByBank(director, placed.id, hf.costPerUnit * quantity, t.clock.now());
  await director.post(`/api/orders/${placed.id}/approve`, { estimatedDays: 2 });
  await confirmPicks(logistics, placed.id);
  const shipment = (
    await logistics.post("/api/shipments", {
      orderNumber: placed.orderNumber,
      origin: "Nakuru, Kenya",
      carrier: "DHL Express",
      temperature: "-196°C (Liquid Nitrogen)",
      trackingNumber: `TRK-${Date.now()}`,
    })
  ).json();
  await logistics.patch(`/api/shipments/${shipment.id}/status`, { status: "in_transit" });
  const straws = (await who.client.get("/api/client/straws")).json() as {
    orderItemId: number;
    orderNumber: string;
  }[];
  return straws.find((s) => s.orderNumber === placed.orderNumber)!.orderItemId;
}
