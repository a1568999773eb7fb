import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import {
  asUser,
  confirmPicks,
  inventoryItem,
  loginAs,
  newClientAccount,
  payByBank,
  staffEmails,
} from "../../testing/test-app";
import { DAY_MS, nairobiDate } from "../../time";

withTestApp();
let director: ReturnType<typeof asUser>;
let logistics: ReturnType<typeof asUser>;
let farmer: Awaited<ReturnType<typeof newClientAccount>>;

beforeAll(async () => {
  // 01:30 in Nairobi is still the day before in UTC: a day read in the wrong zone shows here.
  const now = t.clock.now();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 22, 30));
  t.clock.set(next > now ? next : new Date(next.getTime() + DAY_MS));
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
  logistics = asUser(t.app, await loginAs(t.app, staffEmails.logistics_coordinator));
  farmer = await newClientAccount(t.app);
});

const dayAfter = (days: number) => nairobiDate(new Date(t.clock.now().getTime() + days * DAY_MS));
const smsDay = (day: string) =>
  new Intl.DateTimeFormat("en-KE", { day: "numeric", month: "short", year: "numeric" }).format(
    new Date(`${day}T12:00:00Z`),
  );

async function place(deliveryDate?: string) {
  const hf = await inventoryItem(t, "SEM-HF-101");
  const res = await farmer.client.post("/api/client/orders", {
    items: [{ productId: hf.id, quantity: 1 }],
    customerLocation: "Githunguri",
    paymentMethod: "bank",
    ...(deliveryDate ? { deliveryDate } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  const placed = res.json() as { id: number; orderNumber: string };
  t.clock.advance(1000);
  await payByBank(director, placed.id, hf.costPerUnit, t.clock.now());
  return placed;
}

const detail = async (id: number) => {
  const res = await farmer.client.get(`/api/client/orders/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const sms = async (orderId: number, kind: "order_approved" | "order_delayed" | "order_delivered") => {
  const [row] = await t.database.read((db) =>
    db
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.orderId, orderId), eq(outbox.kind, kind), eq(outbox.channel, "sms"))),
  );
  return row!.body;
};

describe("one truth about delivery dates", () => {
  it("keeps the day asked, the day confirmed, each new day and the day delivered apart; SMS and screens agree", async () => {
    const asked = dayAfter(10);
    const order = await place(asked);
    // Pending: the farmer asked for a day, and nothing is promised yet.
    expect(await detail(order.id)).toMatchObject({
      delivery: { requested: asked, confirmed: null, expected: null, redates: [], deliveredAt: null },
      estimatedDelivery: null,
      expectedDeliveryDate: null,
    });

    t.clock.advance(1000);
    expect((await director.post(`/api/orders/${order.id}/approve`, { estimatedDays: 7 })).statusCode).toBe(
      200,
    );
    const confirmed = dayAfter(7);
    const approved = await detail(order.id);
    expect(approved.delivery).toMatchObject({
      requested: asked,
      confirmed,
      expected: confirmed,
      redates: [],
    });
    expect(nairobiDate(new Date(approved.estimatedDelivery))).toBe(confirmed);
    expect(await sms(order.id, "order_approved")).toContain(`Expected delivery: ${smsDay(confirmed)}.`);

    // Logistics ships it on a quicker day, then it is delayed: two new days, the confirmed one stays.
    await confirmPicks(logistics, order.id);
    t.clock.advance(1000);
    const quick = dayAfter(2);
    const tracking = `TRK-${Date.now()}`;
    const made = await logistics.post("/api/shipments", {
      orderNumber: order.orderNumber,
      origin: "Nakuru, Kenya",
      carrier: "DHL Express",
      temperature: "-196°C (Liquid Nitrogen)",
      trackingNumber: tracking,
      expectedDelivery: `${quick}T12:00:00+03:00`,
    });
    expect(made.statusCode, made.body).toBe(201);
    const shipment = made.json();
    t.clock.advance(1000);
    expect(
      (await logistics.patch(`/api/shipments/${shipment.id}/status`, { status: "in_transit" })).statusCode,
    ).toBe(200);
    t.clock.advance(1000);
    const late = dayAfter(5);
    const delayed = await logistics.patch(`/api/shipments/${shipment.id}/status`, {
      status: "delayed",
      expectedDelivery: late,
      reason: "Flight to Kisumu cancelled",
    });
    expect(delayed.statusCode, delayed.body).toBe(200);
    const moved = await detail(order.id);
    expect(moved.delivery).toMatchObject({
      requested: asked,
      confirmed,
      expected: late,
      redates: [
        { from: confirmed, to: quick, reason: null },
        { from: quick, to: late, reason: "Flight to Kisumu cancelled" },
      ],
    });
    expect(await sms(order.id, "order_delayed")).toContain(`New expected date: ${smsDay(late)}.`);
    // The list reads the same fields as the order's page.
    const listed = (await farmer.client.get("/api/client/orders"))
      .json()
      .find((o: { id: number }) => o.id === order.id);
    expect(listed.delivery).toEqual(moved.delivery);

    t.clock.advance(3 * 60_000);
    const receivedAt = new Date(t.clock.now().getTime() - 60_000).toISOString();
    const delivered = await logistics.patch(`/api/shipments/${shipment.id}/status`, {
      status: "delivered",
      receivedBy: "Wanjiru Kamau",
      receivedAt,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const done = await detail(order.id);
    expect(done.delivery.deliveredAt).toBe(receivedAt);
    expect(await sms(order.id, "order_delivered")).toContain(
      `was delivered on ${smsDay(nairobiDate(new Date(receivedAt)))}.`,
    );
    expect(done.shipment).toMatchObject({
      trackingNumber: tracking,
      receivedBy: "Wanjiru Kamau",
    });
    expect(done.payments).toMatchObject([{ method: "bank", status: "paid", receipt: `KCB-${order.id}` }]);
    expect(done.history.map((h: { event: string }) => h.event)).toEqual([
      "placed",
      "paid",
      "approved",
      "processing",
      "redated",
      "shipped",
      "redated",
      "delivered",
    ]);
    expect(done.history.find((h: { reason: string | null }) => h.reason)).toMatchObject({
      event: "redated",
      day: late,
      reason: "Flight to Kisumu cancelled",
    });
  });

  it("promises nothing for an order with no day asked, and nothing once it is cancelled", async () => {
    const order = await place();
    expect((await detail(order.id)).delivery).toEqual({
      requested: null,
      confirmed: null,
      expected: null,
      redates: [],
      deliveredAt: null,
    });
    await director.post(`/api/orders/${order.id}/approve`, { estimatedDays: 3 });
    // Staff moving the day of a confirmed order is a new date too, with no reason given.
    const later = dayAfter(9);
    const edited = await director.patch(`/api/orders/${order.id}`, { expectedDeliveryDate: later });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await detail(order.id)).delivery).toMatchObject({
      confirmed: dayAfter(3),
      expected: later,
      redates: [{ from: dayAfter(3), to: later, reason: null }],
    });
    const cancelled = await director.post(`/api/orders/${order.id}/cancel`, {
      reason: "Farm closed",
      refund: "later",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await detail(order.id)).delivery).toMatchObject({ confirmed: dayAfter(3), expected: null });
  });

  it("shows a client only their own order", async () => {
    const order = await place();
    const other = await newClientAccount(t.app);
    const res = await other.client.get(`/api/client/orders/${order.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("NOT_FOUND");
  });
});
