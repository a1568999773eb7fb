import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderEvents, outbox, transactions } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import {
  asUser,
  clientEmail,
  inventoryItem,
  loginAs,
  loginClient,
  staffEmails,
} from "../../testing/test-app";
import { nairobiDate } from "../../time";

/** Money on an order that will not be delivered is paid back or knowingly left due, never kept silently. */

withTestApp();
let director: ReturnType<typeof asUser>;
let logistics: ReturnType<typeof asUser>;
let client: ReturnType<typeof asUser>;
beforeAll(async () => {
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
  logistics = asUser(t.app, await loginAs(t.app, staffEmails.logistics_coordinator));
  client = asUser(t.app, await loginClient(t.app, clientEmail));
});

/** A client's order of `quantity` SEM-HF-101 straws, paid in full by bank; approved when asked. */
async function paidOrder(quantity: number, approve: boolean) {
  const straw = await inventoryItem(t, "SEM-HF-101");
  const placed = await client.post("/api/client/orders", {
    items: [{ productId: straw.id, quantity }],
    customerLocation: "Githunguri",
    paymentMethod: "bank",
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json() as { id: number; orderNumber: string };
  const total = straw.costPerUnit * quantity;
  const paid = await director.post(`/api/orders/${order.id}/payments`, {
    method: "bank",
    amountKes: total,
    reference: `KCB-${order.id}`,
    date: nairobiDate(t.clock.now()),
  });
  expect(paid.statusCode, paid.body).toBe(201);
  if (approve) {
    const approved = await director.post(`/api/orders/${order.id}/approve`, { estimatedDays: 3 });
    expect(approved.statusCode, approved.body).toBe(200);
  }
  return { ...order, total, paymentId: paid.json().id as number };
}

const orderOf = async (id: number) => (await director.get(`/api/orders/${id}`)).json();
const financial = async () => (await director.get("/api/financial")).json();
const messagesOf = (orderId: number, kind: "refund_sent" | "order_cancelled" | "order_rejected") =>
  t.database.read((db) =>
    db
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.orderId, orderId), eq(outbox.kind, kind))),
  );
const historyOf = (orderId: number) =>
  t.database.read((db) =>
    db.select({ note: orderEvents.note }).from(orderEvents).where(eq(orderEvents.orderId, orderId)),
  );

describe("rejecting or cancelling an order that holds money", () => {
  it("asks for a refund decision, then refunds it now: history, ledger, message and the client's card", async () => {
    const order = await paidOrder(1, false);
    const undecided = await director.post(`/api/orders/${order.id}/reject`, { reason: "Bull withdrawn" });
    expect(undecided.statusCode).toBe(409);
    expect(undecided.json().error.code).toBe("REFUND_DECISION_REQUIRED");
    expect((await orderOf(order.id)).status).toBe("pending");

    const rejected = await director.post(`/api/orders/${order.id}/reject`, {
      reason: "Bull withdrawn",
      internalNote: "Semen failed the motility check",
      refund: { amountKes: order.total, method: "mpesa", reference: "RFD-1" },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: "rejected", paymentStatus: "refunded", refundDueKes: 0 });
    const history = (await historyOf(order.id)).map((e) => e.note);
    expect(history).toContain(
      `Refunded KSh ${order.total.toLocaleString("en-KE")} by M-Pesa (ref RFD-1): Bull withdrawn. Semen failed the motility check`,
    );
    const [ledger] = await t.database.read((db) =>
      db
        .select()
        .from(transactions)
        .where(and(eq(transactions.orderId, order.id), eq(transactions.type, "refund"))),
    );
    expect(Number(ledger!.amount)).toBe(order.total);
    const sms = await messagesOf(order.id, "refund_sent");
    expect(sms.length).toBeGreaterThan(0);
    expect(sms[0]!.body).toContain(`KSh ${order.total.toLocaleString("en-KE")}`);
    // The client sees the refund and the reason, never the internal note.
    const card = (await client.get("/api/client/orders?limit=100"))
      .json()
      .find((o: { id: number }) => o.id === order.id);
    expect(card).toMatchObject({ status: "rejected", paymentStatus: "refunded", notes: "Bull withdrawn" });
  });

  it("leaves what a part refund did not pay back due, on the order and on Financial", async () => {
    const order = await paidOrder(2, false);
    const before = await financial();
    const rejected = await director.post(`/api/orders/${order.id}/reject`, {
      reason: "Out of season",
      refund: { amountKes: 1000, method: "bank", reference: null },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      refundDueKes: order.total - 1000,
      amountPaidKes: order.total - 1000,
    });
    const after = await financial();
    expect(after.refundDueKes).toBe(before.refundDueKes + order.total - 1000);
    expect(after.depositsKes).toBe(before.depositsKes - order.total);
    expect(after.refundedKes).toBe(before.refundedKes + 1000);
    const again = await director.post(`/api/orders/${order.id}/reject`, { reason: "x", refund: "later" });
    expect(again.statusCode).toBe(409);
  });

  it("cancels with the refund left for later, and a refund afterwards settles it", async () => {
    const order = await paidOrder(1, true);
    const before = await financial();
    const cancelled = await director.post(`/api/orders/${order.id}/cancel`, {
      reason: "Farm sold",
      clientNote: "Cancelled at your request",
      refund: "later",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", refundDueKes: order.total });
    expect((await financial()).refundDueKes).toBe(before.refundDueKes + order.total);
    expect((await messagesOf(order.id, "order_cancelled"))[0]!.body).toContain("Cancelled at your request");
    // Sales & Orders lists what is to refund: the orders behind Financial's figure.
    const toRefund = async () =>
      (
        (await director.get("/api/orders?refundDue=true&limit=500")).json() as {
          id: number;
          refundDueKes: number;
        }[]
      )
        .filter((o) => o.id === order.id)
        .map((o) => o.refundDueKes);
    expect(await toRefund()).toEqual([order.total]);

    const settled = await director.post(`/api/payments/${order.paymentId}/refund`, {
      amountKes: order.total,
      reason: "Farm sold",
      method: "bank",
      reference: "EFT-77",
      cancelOrder: false,
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect((await orderOf(order.id)).refundDueKes).toBe(0);
    expect((await financial()).refundDueKes).toBe(before.refundDueKes);
    expect(await toRefund()).toEqual([]);
  });

  it("refunds and cancels in one step: stock released, client told, gone from Logistics' orders to ship", async () => {
    const order = await paidOrder(3, true);
    const reserved = (await inventoryItem(t, "SEM-HF-101")).reservedStock;
    const ready = async () =>
      (await logistics.get("/api/orders?readyToShip=true&limit=500"))
        .json()
        .some((o: { id: number }) => o.id === order.id);
    expect(await ready()).toBe(true);
    const refunded = await director.post(`/api/payments/${order.paymentId}/refund`, {
      amountKes: order.total,
      reason: "Client changed breed",
      cancelOrder: true,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect((await inventoryItem(t, "SEM-HF-101")).reservedStock).toBe(reserved - 3);
    expect(await messagesOf(order.id, "order_cancelled")).not.toHaveLength(0);
    expect(await messagesOf(order.id, "refund_sent")).not.toHaveLength(0);
    expect(await ready()).toBe(false);
  });

  it("keeps a refunded order that is not cancelled, but no longer offers it to ship", async () => {
    const order = await paidOrder(1, true);
    const kept = await director.post(`/api/payments/${order.paymentId}/refund`, {
      amountKes: order.total,
      reason: "Cheque bounced",
      cancelOrder: false,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ status: "approved", paymentStatus: "refunded" });
    const list = (await logistics.get("/api/orders?readyToShip=true&limit=500")).json();
    expect(list.some((o: { id: number }) => o.id === order.id)).toBe(false);
  });
});
