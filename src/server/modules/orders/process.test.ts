import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canTransition, type OrderStatus, orderStatuses } from "../../../contract/orders";
import {
  type ShipmentStatus,
  shipmentStatusChoices,
  shipmentStatuses,
  shipmentTransitions,
} from "../../../contract/shipping";
import { inventoryItems, orderEvents, orders, shipments, transactions, users } from "../../db/schema";
import {
  asUser,
  clientEmail,
  confirmPicks,
  createTestApp,
  loginAs,
  loginClient,
  type TestApp,
} from "../../testing/test-app";
import { nairobiDate } from "../../time";
import { changeOrderStatus } from "./process";

let t: TestApp;
let client: ReturnType<typeof asUser>;
let director: ReturnType<typeof asUser>;
let directorId: number;
const QTY = 2;

beforeAll(async () => {
  t = await createTestApp({ env: { MAX_OPEN_UNPAID_ORDERS: "1000", MAX_OPEN_UNPAID_UNITS: "100000" } });
  client = asUser(t.app, await loginClient(t.app, clientEmail));
  director = asUser(t.app, await loginAs(t.app, "director2@urithi.co.ke"));
  directorId = (
    await t.database.read((db) => db.select().from(users).where(eq(users.email, "director2@urithi.co.ke")))
  )[0]!.id;
});
afterAll(() => t.close());

const ITEM = "SEM-HF-101";
const stock = () =>
  t.database.read(async (db) => {
    const [row] = await db.select().from(inventoryItems).where(eq(inventoryItems.itemId, ITEM));
    return { current: row!.currentStock, reserved: row!.reservedStock, id: row!.id, price: row!.costPerUnit };
  });

async function snapshot(orderId: number) {
  const itemStock = await stock();
  return t.database.read(async (db) => {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const [events] = await db
      .select({ n: count() })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId));
    const [ledger] = await db
      .select({ n: count() })
      .from(transactions)
      .where(eq(transactions.orderId, orderId));
    const ship = await db.select().from(shipments).where(eq(shipments.orderId, orderId));
    return {
      order: order!,
      events: Number(events!.n),
      ledgerRows: Number(ledger!.n),
      shipments: ship,
      stock: itemStock,
    };
  });
}

async function shipmentOf(orderId: number) {
  const [row] = await t.database.read((db) =>
    db
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, orderId))),
  );
  return row!;
}

/** A real order brought to `status` through the API, paid in full by bank transfer when it gets approved. */
async function orderIn(status: OrderStatus): Promise<number> {
  const { id: productId, price } = await stock();
  const placed = await client.post("/api/client/orders", {
    items: [{ productId, quantity: QTY }],
    customerLocation: "Githunguri, Kiambu",
    paymentMethod: "bank",
  });
  expect(placed.statusCode).toBe(201);
  const id = placed.json().id as number;
  const ok = (res: { statusCode: number; body: string }) =>
    expect(res.statusCode, res.body).toBeLessThan(300);
  if (status === "pending") return id;
  if (status === "rejected") {
    ok(await director.post(`/api/orders/${id}/reject`, { reason: "No" }));
    return id;
  }
  if (status === "cancelled") {
    ok(await director.del(`/api/orders/${id}`));
    return id;
  }
  const day = new Date().toISOString().slice(0, 10);
  ok(
    await director.post(`/api/orders/${id}/payments`, {
      method: "bank",
      amountKes: price * QTY,
      reference: `R${id}`,
      date: day,
    }),
  );
  ok(await director.post(`/api/orders/${id}/approve`, { estimatedDays: 3 }));
  if (status === "approved") return id;
  const number = placed.json().orderNumber as string;
  // Every pick is scanned before its shipment is made.
  await confirmPicks(director, id);
  ok(await director.post("/api/shipments", { orderNumber: number }));
  if (status === "processing") return id;
  const shipment = await shipmentOf(id);
  ok(await director.patch(`/api/shipments/${shipment.id}/status`, { status: "shipped" }));
  if (status === "shipped") return id;
  ok(
    await director.patch(`/api/shipments/${shipment.id}/status`, {
      status: "delivered",
      receivedBy: "Farm manager",
    }),
  );
  return id;
}

const open = (s: OrderStatus) => s === "pending" || s === "approved" || s === "processing";

describe("the order process, every (from, to) pair", () => {
  for (const from of orderStatuses) {
    for (const to of orderStatuses) {
      const allowed = canTransition(from, to);
      it(`${from} -> ${to}: ${allowed ? "moves" : "409, nothing changes"}`, async () => {
        const id = await orderIn(from);
        if (allowed && (to === "shipped" || to === "processing")) await confirmPicks(director, id);
        const before = await snapshot(id);
        expect(before.order.status).toBe(from);
        const attempt = t.database.tx((db) =>
          changeOrderStatus(db, id, {
            to,
            actor: { id: directorId, role: "director" },
            now: t.clock.now(),
            reason: "table test",
            expectedDeliveryDate: new Date(Date.now() + 86_400_000),
            approval: { onCredit: true },
            refund: "later",
          }),
        );
        if (!allowed) {
          await expect(attempt).rejects.toMatchObject({ statusCode: 409 });
          expect(await snapshot(id)).toEqual(before);
          return;
        }
        await attempt;
        const after = await snapshot(id);
        expect(after.order.status).toBe(to);
        // Stock: shipping takes the held units off the shelf; ending an open order gives them back.
        const leaves = to === "shipped" ? QTY : 0;
        const released = (to === "cancelled" || to === "rejected") && open(from) ? QTY : 0;
        expect(after.stock.current).toBe(before.stock.current - leaves);
        expect(after.stock.reserved).toBe(before.stock.reserved - leaves - released);
        // Ledger: a status change moves no money.
        expect(after.order.amountPaidKes).toBe(before.order.amountPaidKes);
        expect(after.ledgerRows).toBe(before.ledgerRows);
        // History: exactly one event, from -> to, by the actor.
        expect(after.events).toBe(before.events + 1);
        const [last] = await t.database
          .read((db) =>
            db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.id),
          )
          .then((rows) => rows.slice(-1));
        expect(last).toMatchObject({ fromStatus: from, toStatus: to, actorUserId: directorId });
        // A preparing shipment is cancelled with its order.
        if (to === "cancelled" && from === "processing") expect(after.shipments[0]!.status).toBe("cancelled");
      });
    }
  }
});

/** A shipment brought to `status` on a paid, approved order. */
/** A status change's body: a delay carries its new day (three days on) and its reason. */
const statusBody = (status: ShipmentStatus) =>
  status === "delivered"
    ? { status, receivedBy: "Wanjiru Kamau" }
    : status === "delayed"
      ? {
          status,
          expectedDelivery: nairobiDate(new Date(t.clock.now().getTime() + 3 * 86_400_000)),
          reason: "Flight cancelled",
        }
      : { status };

async function shipmentIn(status: ShipmentStatus) {
  const orderId = await orderIn("processing");
  const shipment = await shipmentOf(orderId);
  await confirmPicks(director, orderId);
  const move = async (s: ShipmentStatus) =>
    expect((await director.patch(`/api/shipments/${shipment.id}/status`, statusBody(s))).statusCode).toBe(
      200,
    );
  if (status === "cancelled") {
    const cancelled = await director.post(`/api/orders/${orderId}/cancel`, { refund: "later" });
    expect(cancelled.statusCode).toBe(200);
  } else if (status === "delivered") {
    await move("shipped");
    await move("delivered");
  } else if (status !== "preparing") await move(status);
  return { orderId, shipmentId: shipment.id };
}

describe("the shipment machine, every (from, to) pair", () => {
  for (const from of shipmentStatuses) {
    for (const to of shipmentStatusChoices) {
      const allowed = from === to || shipmentTransitions[from].includes(to);
      it(`${from} -> ${to}: ${allowed ? "200" : "409"}`, async () => {
        const { orderId, shipmentId } = await shipmentIn(from);
        const before = await snapshot(orderId);
        const res = await director.patch(`/api/shipments/${shipmentId}/status`, statusBody(to));
        const after = await snapshot(orderId);
        if (!allowed) {
          expect(res.statusCode).toBe(409);
          expect(after).toEqual(before);
          return;
        }
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().status).toBe(to);
        const leaving = from === "preparing" && to !== "preparing";
        const expectedOrder = to === "delivered" ? "delivered" : leaving ? "shipped" : before.order.status;
        expect(after.order.status).toBe(expectedOrder);
        expect(after.stock.current).toBe(before.stock.current - (leaving ? QTY : 0));
        // Leaving, delivery and a delay (its new day) each write one history event.
        const newEvents =
          (leaving ? 1 : 0) +
          (to === "delivered" && from !== to ? 1 : 0) +
          (to === "delayed" && from !== to ? 1 : 0);
        expect(after.events).toBe(before.events + newEvents);
        expect(after.ledgerRows).toBe(before.ledgerRows);
      });
    }
  }
});
