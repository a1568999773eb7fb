import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { invariantViolations } from "../../testing/invariants";
import {
  asUser,
  clientEmail,
  confirmPicks,
  inventoryItem,
  loginAs,
  loginClient,
  payByBank,
  secondInstance,
  staffEmails,
} from "../../testing/test-app";
import { nairobiDate } from "../../time";

withTestApp();
let logistics: ReturnType<typeof asUser>;
let director: ReturnType<typeof asUser>;
let client: ReturnType<typeof asUser>;
beforeAll(async () => {
  logistics = asUser(t.app, await loginAs(t.app, staffEmails.logistics_coordinator));
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
  client = asUser(t.app, await loginClient(t.app, clientEmail));
});

const item = (itemId: string) => inventoryItem(t, itemId);

/** A client order for `quantity` units of SEM-HF-101, paid by bank transfer and approved by the director. */
async function approvedOrder(quantity: number) {
  const hf = await item("SEM-HF-101");
  const placed = (
    await client.post("/api/client/orders", {
      items: [{ productId: hf.id, quantity }],
      customerLocation: "Githunguri",
      paymentMethod: "bank",
    })
  ).json();
  await payByBank(director, placed.id, hf.costPerUnit * quantity, t.clock.now());
  expect((await director.post(`/api/orders/${placed.id}/approve`, { estimatedDays: 3 })).statusCode).toBe(
    200,
  );
  // Its picks are scanned at the tank before Logistics makes its shipment.
  await confirmPicks(logistics, placed.id);
  return placed as { id: number; orderNumber: string };
}

/** A day as the client's SMS names it (en-KE, Nairobi). */
const formatDayKe = (day: string) =>
  new Intl.DateTimeFormat("en-KE", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Africa/Nairobi",
  }).format(new Date(`${day}T12:00:00+03:00`));

const shipmentFor = (orderNumber: string, extra: object = {}) => ({
  orderNumber,
  customerName: "John Mwangi",
  origin: "Nakuru, Kenya",
  destination: "Githunguri, Kiambu",
  carrier: "DHL Express",
  temperature: "-196°C (Liquid Nitrogen)",
  specialInstructions: "Keep upright",
  trackingNumber: `TRK-${Date.now()}`,
  status: "preparing",
  ...extra,
});

describe("shipments", () => {
  it("lists shipments and the four summary figures", async () => {
    const list = (await logistics.get("/api/shipments?limit=500")).json();
    expect(list.length).toBeGreaterThan(5);
    const summary = (await logistics.get("/api/shipments/summary")).json();
    expect(summary).toEqual({
      totalShipments: list.length,
      inTransit: list.filter((s: { status: string }) => ["shipped", "in_transit"].includes(s.status)).length,
      delivered: list.filter((s: { status: string }) => s.status === "delivered").length,
      delayed: list.filter((s: { status: string }) => s.status === "delayed").length,
    });
  });

  it("splits the list into active, delivered and cancelled shipments", async () => {
    const all = (await logistics.get("/api/shipments?limit=500")).json() as { id: number; status: string }[];
    const ids = async (view: string) =>
      ((await logistics.get(`/api/shipments?view=${view}&limit=500`)).json() as { id: number }[]).map(
        (s) => s.id,
      );
    const active = await ids("active");
    const delivered = await ids("delivered");
    const cancelled = await ids("cancelled");
    expect(active.length).toBeGreaterThan(0);
    expect(delivered.length).toBeGreaterThan(0);
    expect(active).toEqual(
      all.filter((s) => !["delivered", "cancelled"].includes(s.status)).map((s) => s.id),
    );
    expect(delivered).toEqual(all.filter((s) => s.status === "delivered").map((s) => s.id));
    expect(active.length + delivered.length + cancelled.length).toBe(all.length);
    expect((await logistics.get("/api/shipments?view=lost")).statusCode).toBe(400);
  });

  it("keeps one delivery date: the client's request reaches staff, approval sets it, the shipment keeps it", async () => {
    const hf = await item("SEM-HF-101");
    const asked = new Date(t.clock.now().getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
    const placed = (
      await client.post("/api/client/orders", {
        items: [{ id: hf.id, quantity: 1 }],
        deliveryAddress: "Plot 12, Githunguri",
        deliveryDate: asked,
        specialInstructions: "Call Peter at the gate",
        paymentMethod: "bank",
      })
    ).json();
    const pending = (await director.get("/api/orders/pending?limit=500"))
      .json()
      .find((o: { id: number }) => o.id === placed.id);
    expect(pending).toMatchObject({
      requestedDeliveryDate: asked,
      specialInstructions: "Call Peter at the gate",
      deliveryAddress: "Plot 12, Githunguri",
    });
    await payByBank(director, placed.id, hf.costPerUnit, t.clock.now());
    expect((await director.post(`/api/orders/${placed.id}/approve`, { estimatedDays: 7 })).statusCode).toBe(
      200,
    );
    await confirmPicks(logistics, placed.id);
    const approved = (await director.get(`/api/orders/${placed.id}`)).json();
    const promised = approved.expectedDeliveryDate;
    // A calendar day, kept as noon in Nairobi.
    expect(promised).toBe(
      new Date(
        `${nairobiDate(new Date(t.clock.now().getTime() + 7 * 86_400_000))}T12:00:00+03:00`,
      ).toISOString(),
    );
    // The day asked for stays on the order beside the estimate that replaced it.
    expect(approved).toMatchObject({
      requestedDeliveryDate: asked,
      specialInstructions: "Call Peter at the gate",
    });

    const form = shipmentFor(placed.orderNumber, { specialInstructions: "" });
    const shipment = (await logistics.post("/api/shipments", form)).json();
    expect(shipment.expectedDelivery).toBe(promised);
    expect(shipment.specialInstructions).toBe("Call Peter at the gate");

    // A shipment due on another day moves the order's date with it, so the client sees the shipment's.
    const other = await approvedOrder(1);
    const due = new Date(t.clock.now().getTime() + 2 * 86_400_000).toISOString();
    const quick = (
      await logistics.post("/api/shipments", shipmentFor(other.orderNumber, { expectedDelivery: due }))
    ).json();
    const tracked = (await client.get("/api/client/orders?limit=500"))
      .json()
      .filter((o: { id: number }) => o.id === placed.id || o.id === other.id);
    const day = (iso: string) => nairobiDate(new Date(iso));
    expect(
      Object.fromEntries(
        tracked.map((o: { id: number; estimatedDelivery: string }) => [o.id, day(o.estimatedDelivery)]),
      ),
    ).toEqual({
      [placed.id]: day(promised),
      [other.id]: day(quick.expectedDelivery),
    });
    const history = (await director.get(`/api/orders/${other.id}`)).json().history;
    expect(history.at(-1).changes.expectedDeliveryDate.to).toBe(quick.expectedDelivery);
  });

  it("ships an approved order; the order follows its shipment to delivered and the stock leaves", async () => {
    const before = await item("SEM-HF-101");
    const order = await approvedOrder(4);
    const created = await logistics.post("/api/shipments", shipmentFor(order.orderNumber));
    expect(created.statusCode).toBe(201);
    const shipment = created.json();
    // Customer and destination come from the order, whatever the form sent.
    expect(shipment).toMatchObject({
      status: "preparing",
      orderId: order.id,
      carrier: "DHL Express",
      customerName: "John Mwangi",
      destination: "Githunguri",
    });
    const second = await logistics.post(
      "/api/shipments",
      shipmentFor(order.orderNumber, { trackingNumber: undefined }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toMatch(/already has shipment/);
    const expected = nairobiDate(new Date(t.clock.now().getTime() + 3 * 86_400_000));
    expect(shipment.expectedDelivery).toBe(new Date(`${expected}T12:00:00+03:00`).toISOString());
    const orderStatus = async () => (await director.get(`/api/orders/${order.id}`)).json().status;
    expect(await orderStatus()).toBe("processing");

    await confirmPicks(logistics, order.id);
    expect(
      (await logistics.patch(`/api/shipments/${shipment.id}/status`, { status: "in_transit" })).statusCode,
    ).toBe(200);
    expect(await orderStatus()).toBe("shipped");
    const shipped = await item("SEM-HF-101");
    expect(shipped.currentStock).toBe(before.currentStock - 4);
    expect(shipped.reservedStock).toBe(before.reservedStock);

    const tracked = (await client.get("/api/client/orders?limit=500"))
      .json()
      .find((o: { id: number }) => o.id === order.id);
    // The client reads the staff's "in transit" as their own, with the carrier's tracking page.
    expect(tracked).toMatchObject({
      status: "shipped",
      state: "in_transit",
      trackingNumber: shipment.trackingNumber,
      trackingUrl: `https://www.dhl.com/ke-en/home/tracking/tracking-express.html?submit=1&tracking-id=${encodeURIComponent(shipment.trackingNumber)}`,
    });

    const back = await logistics.patch(`/api/shipments/${shipment.id}/status`, { status: "preparing" });
    expect(back.statusCode).toBe(409);
    expect(back.json().error.message).toMatch(/cannot go back to preparing/);
    // A delay asks for the new day and why; shipment, order and the client's message all carry the new day.
    const delay = (body: object) =>
      logistics.patch(`/api/shipments/${shipment.id}/status`, { status: "delayed", ...body });
    const bare = await delay({});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields).toEqual({
      expectedDelivery: "Enter the new expected delivery date",
      reason: "Say why it is delayed",
    });
    const today = nairobiDate(t.clock.now());
    expect((await delay({ expectedDelivery: today, reason: "Road closed" })).json().error.fields).toEqual({
      expectedDelivery: "Choose a day after today",
    });
    const newDay = nairobiDate(new Date(t.clock.now().getTime() + 5 * 86_400_000));
    const delayedRes = await delay({ expectedDelivery: newDay, reason: "Flight to Kisumu cancelled" });
    expect(delayedRes.statusCode, delayedRes.body).toBe(200);
    expect(nairobiDate(new Date(delayedRes.json().expectedDelivery))).toBe(newDay);
    expect(await orderStatus()).toBe("shipped");
    const delayed = (await client.get("/api/client/orders?limit=500"))
      .json()
      .find((o: { id: number }) => o.id === order.id);
    expect(delayed).toMatchObject({ status: "shipped", shipmentStatus: "delayed", state: "delayed" });
    expect(nairobiDate(new Date(delayed.estimatedDelivery))).toBe(newDay);
    const [sms] = await t.database.read((db) =>
      db
        .select({ body: outbox.body })
        .from(outbox)
        .where(
          and(eq(outbox.orderId, order.id), eq(outbox.kind, "order_delayed"), eq(outbox.channel, "sms")),
        ),
    );
    expect(sms!.body).toContain("Flight to Kisumu cancelled.");
    expect(sms!.body).toContain(formatDayKe(newDay));
    const history = (await director.get(`/api/orders/${order.id}`)).json().history;
    expect(history.at(-1).note).toBe("Delivery delayed: Flight to Kisumu cancelled");
    const unnamed = await logistics.patch(`/api/shipments/${shipment.id}/status`, { status: "delivered" });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error.fields).toEqual({ receivedBy: "Enter who received the order" });
    const future = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const early = await logistics.patch(`/api/shipments/${shipment.id}/status`, {
      status: "delivered",
      receivedBy: "Wanjiru Kamau",
      receivedAt: future,
    });
    expect(early.statusCode).toBe(400);
    const delivered = await logistics.patch(`/api/shipments/${shipment.id}/status`, {
      status: "delivered",
      receivedBy: "Wanjiru Kamau (farm manager)",
    });
    expect(delivered.json()).toMatchObject({
      status: "delivered",
      receivedBy: "Wanjiru Kamau (farm manager)",
      deliveredAt: t.clock.now().toISOString(),
    });
    const after = (await director.get(`/api/orders/${order.id}`)).json().history;
    expect(after.at(-1).note).toContain("received by Wanjiru Kamau (farm manager)");
    expect(await orderStatus()).toBe("delivered");
    // Delivered is final.
    const late = await logistics.patch(`/api/shipments/${shipment.id}/status`, { status: "in_transit" });
    expect(late.statusCode).toBe(409);
    expect((await item("SEM-HF-101")).currentStock).toBe(before.currentStock - 4);
  });

  it("cancelling the order cancels its preparing shipment and frees the order for nothing else", async () => {
    const before = await item("SEM-HF-101");
    const order = await approvedOrder(2);
    const shipment = (await logistics.post("/api/shipments", shipmentFor(order.orderNumber))).json();
    // It was paid: cancelling asks what happens to the money first.
    const undecided = await director.del(`/api/orders/${order.id}`);
    expect(undecided.statusCode).toBe(409);
    expect(undecided.json().error.code).toBe("REFUND_DECISION_REQUIRED");
    expect((await director.post(`/api/orders/${order.id}/cancel`, { refund: "later" })).statusCode).toBe(200);
    const list = (await logistics.get("/api/shipments?limit=500")).json();
    expect(list.find((s: { id: number }) => s.id === shipment.id).status).toBe("cancelled");
    expect((await item("SEM-HF-101")).reservedStock).toBe(before.reservedStock);
    const revived = await logistics.patch(`/api/shipments/${shipment.id}/status`, { status: "shipped" });
    expect(revived.statusCode).toBe(409);
    expect(revived.json().error.message).toMatch(/cancelled/);
  });

  it("will not ship an approved order whose payment was refunded (neither paid nor on credit)", async () => {
    const order = await approvedOrder(1);
    const [payment] = (await director.get(`/api/orders/${order.id}/payments`)).json();
    expect(
      (
        await director.post(`/api/payments/${payment.id}/refund`, {
          amountKes: payment.amountKes,
          reason: "Bounced cheque",
          cancelOrder: false,
        })
      ).statusCode,
    ).toBe(200);
    const refused = await logistics.post("/api/shipments", shipmentFor(order.orderNumber));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/neither paid nor approved on credit/);
    expect(
      (await logistics.get("/api/shipments?limit=500"))
        .json()
        .some((s: { orderId: number }) => s.orderId === order.id),
    ).toBe(false);
  });

  it("ships an approved order on credit", async () => {
    const hf = await item("SEM-HF-101");
    const placed = (
      await client.post("/api/client/orders", {
        items: [{ productId: hf.id, quantity: 1 }],
        customerLocation: "Limuru",
        paymentMethod: "bank",
      })
    ).json();
    // Approved on credit by a Director, then the credit is what lets it ship.
    const approve = await director.post(`/api/orders/${placed.id}/approve`, {
      estimatedDays: 3,
      onCredit: true,
    });
    expect(approve.json()).toMatchObject({ status: "approved", onCredit: true, paymentStatus: "unpaid" });
    // No shipment before its picks are scanned: refused, saying why.
    const early = await logistics.post("/api/shipments", shipmentFor(placed.orderNumber));
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(
      /scan every cane on its pick list before creating the shipment/,
    );
    await confirmPicks(logistics, placed.id);
    expect((await logistics.post("/api/shipments", shipmentFor(placed.orderNumber))).statusCode).toBe(201);
  });

  it("refuses pending or unknown orders and missing fields", async () => {
    const hf = await item("SEM-HF-101");
    const pending = (
      await client.post("/api/client/orders", {
        items: [{ productId: hf.id, quantity: 1 }],
        customerLocation: "x",
        paymentMethod: "mpesa",
      })
    ).json();
    expect((await logistics.post("/api/shipments", shipmentFor(pending.orderNumber))).statusCode).toBe(409);
    const unknown = await logistics.post("/api/shipments", shipmentFor("ORD-1999-000001"));
    expect(unknown.statusCode).toBe(400);
    const missing = await logistics.post("/api/shipments", {
      orderNumber: "",
      customerName: "",
      destination: "",
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields)).toEqual(["orderNumber"]);
  });

  it("answers 400 for an unknown status and 404 for an unknown shipment; roles", async () => {
    const [first] = (await logistics.get("/api/shipments")).json();
    expect((await logistics.patch(`/api/shipments/${first.id}/status`, { status: "lost" })).statusCode).toBe(
      400,
    );
    expect((await logistics.patch("/api/shipments/999999/status", { status: "shipped" })).statusCode).toBe(
      404,
    );
    const lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
    expect((await lab.get("/api/shipments")).statusCode).toBe(403);
    expect((await client.get("/api/shipments")).statusCode).toBe(403);
  });

  it("keep the four summary figures, from the totals the trigger keeps, equal to the shipments counted", async () => {
    // After every test above has made, moved, delivered and cancelled shipments.
    const list = (await logistics.get("/api/shipments?limit=500")).json() as { status: string }[];
    const summary = (await logistics.get("/api/shipments/summary")).json();
    expect(summary).toEqual({
      totalShipments: list.length,
      inTransit: list.filter((s) => ["shipped", "in_transit"].includes(s.status)).length,
      delivered: list.filter((s) => s.status === "delivered").length,
      delayed: list.filter((s) => s.status === "delayed").length,
    });
    expect(list.some((s) => s.status === "cancelled")).toBe(true);
    expect(await invariantViolations(t.database)).toEqual([]);
  });
});

describe("concurrent shipment creation", () => {
  it("creates one shipment per order from two instances at once, without a deadlock or a 500", async () => {
    const other = await secondInstance(t);
    try {
      for (let round = 0; round < 5; round++) {
        const order = await approvedOrder(1);
        const apps = [t.app, other.app];
        const responses = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            apps[i % 2]!.inject({
              method: "POST",
              url: "/api/shipments",
              headers: { cookie: logistics.cookie },
              payload: shipmentFor(order.orderNumber, { trackingNumber: undefined }),
            }),
          ),
        );
        const statuses = responses.map((r) => r.statusCode).sort();
        expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
        // Refused because the order has its shipment, not because the database broke a deadlock.
        for (const refused of responses.filter((r) => r.statusCode === 409)) {
          expect(refused.json().error.message).toMatch(/already has shipment|only approved orders/);
        }
      }
    } finally {
      await other.close();
    }
  });
});
