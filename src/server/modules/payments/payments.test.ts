import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normaliseMpesaPhone } from "../../../contract/payments";
import {
  inventoryItems,
  mpesaSimPrompts,
  orderLines,
  orders,
  outbox,
  payments,
  stockMovements,
  transactions,
} from "../../db/schema";
import {
  asUser,
  clientEmail,
  createTestApp,
  inventoryItem,
  loginAs,
  loginClient,
  newClientAccount,
  staffEmails,
  type TestApp,
} from "../../testing/test-app";
import { expireHolds, HOLD_WARNING_MINUTES, warnHolds } from "./holds";
import { QUERY_AFTER_MS, reconcilePendingMpesa, WAITING_QUERY_AFTER_MS } from "./service";

let t: TestApp;
let client: ReturnType<typeof asUser>;
let director: ReturnType<typeof asUser>;

beforeAll(async () => {
  t = await createTestApp({
    listen: true,
    env: { MAX_OPEN_UNPAID_ORDERS: "100", MAX_OPEN_UNPAID_UNITS: "100000" },
  });
  client = asUser(t.app, await loginClient(t.app, clientEmail));
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
});
afterAll(() => t.close());

const ITEM = "SEM-JE-106";
const item = () => inventoryItem(t, ITEM);
const paymentRow = (id: number) =>
  t.database.read(async (db) => (await db.select().from(payments).where(eq(payments.id, id)))[0]!);
const orderRow = (id: number) =>
  t.database.read(async (db) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!);
const incomeFor = (orderId: number) =>
  t.database.read((db) =>
    db
      .select()
      .from(transactions)
      .where(and(eq(transactions.orderId, orderId), eq(transactions.type, "income"))),
  );

async function place(quantity = 1, paymentMethod: "mpesa" | "bank" = "mpesa", as = client) {
  const { id } = await item();
  const res = await as.post("/api/client/orders", {
    items: [{ productId: id, quantity }],
    customerLocation: "Nyeri",
    paymentMethod,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; orderNumber: string };
}

const releases = (orderId: number) =>
  t.database.read(async (db) =>
    (
      await db
        .select()
        .from(stockMovements)
        .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.kind, "release")))
    ).map((m) => m.reservedDelta),
  );

/** The invariant: an item's reserved stock is exactly what its open orders hold. */
async function expectReservedMatchesOpenOrders() {
  const held = await t.database.read(async (db) => {
    const rows = await db
      .select({ quantity: orderLines.quantity })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(inventoryItems, eq(inventoryItems.id, orderLines.inventoryItemId))
      .where(
        and(eq(inventoryItems.itemId, ITEM), inArray(orders.status, ["pending", "approved", "processing"])),
      );
    return rows.reduce((s, r) => s + r.quantity, 0);
  });
  expect((await item()).reservedStock).toBe(held);
}

async function promptFor(paymentId: number) {
  const p = await paymentRow(paymentId);
  const [prompt] = await t.database.read((db) =>
    db.select().from(mpesaSimPrompts).where(eq(mpesaSimPrompts.checkoutRequestId, p.checkoutRequestId!)),
  );
  return prompt!;
}

/** Polls the client's view of a payment until it leaves pending (the callback arrives over HTTP). */
async function settled(paymentId: number) {
  for (let i = 0; i < 100; i++) {
    const body = (await client.get(`/api/client/payments/${paymentId}`)).json();
    if (body.status !== "pending") return body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("payment stayed pending");
}

const simulator = (path: string) => fetch(`${t.baseUrl}${path}`, { method: "POST", redirect: "manual" });

describe("M-Pesa STK push through the simulator", () => {
  it("normalises Kenyan numbers and refuses anything else", async () => {
    expect(normaliseMpesaPhone("0712 345 678")).toBe("254712345678");
    expect(normaliseMpesaPhone("+254 112-345-678")).toBe("254112345678");
    expect(normaliseMpesaPhone("254712345678")).toBe("254712345678");
    expect(normaliseMpesaPhone("0812345678")).toBeNull();
    expect(normaliseMpesaPhone("12345")).toBeNull();
    const order = await place();
    const bad = await client.post(`/api/client/orders/${order.id}/pay`, {
      method: "mpesa",
      phone: "0812 000",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.phone).toBe("Enter an M-Pesa number like 0712 345 678");
  });

  it("pays: prompt accepted on the simulated phone, real callback, order paid, income written once", async () => {
    const order = await place(2);
    const started = await client.post(`/api/client/orders/${order.id}/pay`, {
      method: "mpesa",
      phone: "0712345678",
    });
    expect(started.statusCode, started.body).toBe(201);
    const { paymentId, status } = started.json();
    expect(status).toBe("pending");
    const listed = () =>
      client.get("/api/client/orders").then((r) => r.json().find((o: { id: number }) => o.id === order.id));
    // A page reloaded mid-prompt finds the prompt it should follow again.
    expect(await listed()).toMatchObject({ paymentStatus: "pending", pendingPaymentId: paymentId });
    const prompt = await promptFor(paymentId);
    expect(prompt).toMatchObject({
      phone: "254712345678",
      amount: (await orderRow(order.id)).totalAmountKes,
    });
    const page = await (await fetch(`${t.baseUrl}/mpesa-simulator`)).text();
    expect(page).toContain(prompt.checkoutRequestId);
    expect((await simulator(`/mpesa-simulator/${prompt.id}/accept`)).status).toBe(303);
    const paid = await settled(paymentId);
    expect(paid).toMatchObject({ status: "paid", message: "Payment received. Thank you!" });
    expect((await listed()).pendingPaymentId).toBeNull();
    expect(paid.receipt).toMatch(/^S[0-9A-F]{10}$/);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ paymentStatus: "paid", amountPaidKes: row.totalAmountKes });
    const income = await incomeFor(order.id);
    expect(income).toHaveLength(1);
    expect(income[0]).toMatchObject({ status: "completed", paymentId, reference: paid.receipt });

    // Daraja repeats callbacks: the same one again credits nothing.
    const raw = (await paymentRow(paymentId)).rawCallback;
    const token = (await paymentRow(paymentId)).callbackToken;
    const again = await t.app.inject({
      method: "POST",
      url: `/api/payments/mpesa/callback/${token}`,
      payload: raw as object,
    });
    expect(again.statusCode).toBe(200);
    expect(await incomeFor(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).amountPaidKes).toBe(row.totalAmountKes);
    // Paying a paid order is refused.
    expect(
      (await client.post(`/api/client/orders/${order.id}/pay`, { method: "mpesa", phone: "0712345678" }))
        .statusCode,
    ).toBe(409);
  });

  it("recovers a lost callback with the STK query", async () => {
    const order = await place();
    const { paymentId } = (
      await client.post(`/api/client/orders/${order.id}/pay`, { method: "mpesa", phone: "0722000111" })
    ).json();
    const prompt = await promptFor(paymentId);
    await simulator(`/mpesa-simulator/${prompt.id}/accept?callback=lost`);
    await new Promise((r) => setTimeout(r, 200));
    expect((await paymentRow(paymentId)).status).toBe("pending");
    // Too early: the callback still has its minute.
    expect(await reconcilePendingMpesa(t.ctx)).toBe(0);
    t.clock.advance(QUERY_AFTER_MS + 1000);
    expect(await reconcilePendingMpesa(t.ctx)).toBe(1);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "paid", needsReview: false });
    expect((await orderRow(order.id)).paymentStatus).toBe("paid");
    expect(await incomeFor(order.id)).toHaveLength(1);
  });

  it("asks M-Pesa at once when the client says they have paid, at most every 5 s, for their own prompt only", async () => {
    const order = await place();
    const { paymentId } = (
      await client.post(`/api/client/orders/${order.id}/pay`, { method: "mpesa", phone: "0722000112" })
    ).json();
    // Not answered yet on the phone: still pending, and a tap right after asks nothing more.
    const early = await client.post(`/api/client/payments/${paymentId}/check`, {});
    expect(early.statusCode).toBe(200);
    expect(early.json().status).toBe("pending");
    const prompt = await promptFor(paymentId);
    await simulator(`/mpesa-simulator/${prompt.id}/accept?callback=lost`);
    expect((await client.post(`/api/client/payments/${paymentId}/check`, {})).json().status).toBe("pending");
    t.clock.advance(5_001);
    const paid = await client.post(`/api/client/payments/${paymentId}/check`, {});
    expect(paid.json()).toMatchObject({ status: "paid" });
    expect(await incomeFor(order.id)).toHaveLength(1);
    // Another client's prompt is not theirs to ask about.
    const other = await newClientAccount(t.app);
    expect((await other.client.post(`/api/client/payments/${paymentId}/check`, {})).statusCode).toBe(404);
  });

  it("finds a lost callback's payment while the client polls, once the prompt is 10 s old, without a tap", async () => {
    const order = await place();
    const { paymentId } = (
      await client.post(`/api/client/orders/${order.id}/pay`, { method: "mpesa", phone: "0722000113" })
    ).json();
    await simulator(`/mpesa-simulator/${(await promptFor(paymentId)).id}/accept?callback=lost`);
    const poll = async () => (await client.get(`/api/client/payments/${paymentId}`)).json().status;
    // A young prompt's callback may still come: the poll only reads.
    t.clock.advance(WAITING_QUERY_AFTER_MS - 2_000);
    expect(await poll()).toBe("pending");
    expect((await paymentRow(paymentId)).lastQueriedAt).toBeNull();
    t.clock.advance(2_000);
    expect(await poll()).toBe("paid");
    expect(await incomeFor(order.id)).toHaveLength(1);
  });

  it("refuses a second prompt while the first waits on the phone, and says when a new one may go", async () => {
    const order = await place();
    const pay = () =>
      client.post(`/api/client/orders/${order.id}/pay`, { method: "mpesa", phone: "0722000114" });
    const first = await pay();
    expect(first.statusCode, first.body).toBe(201);
    const { paymentId } = first.json();
    const waiting = (await client.get(`/api/client/payments/${paymentId}`)).json();
    const promptMs = t.config.mpesa.promptMs;
    expect(Date.parse(waiting.newPromptFrom) - Date.parse(waiting.createdAt)).toBe(promptMs);
    t.clock.advance(promptMs - 1_000);
    const early = await pay();
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/was just sent to your phone/);
    t.clock.advance(1_000);
    const second = await pay();
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().paymentId).not.toBe(paymentId);
  });

  it("shows each failure code in plain words, and the order keeps its hold until it expires", async () => {
    const cases = [
      ["0712341032", "cancelled", "You cancelled the M-Pesa prompt on your phone."],
      [
        "0712341037",
        "failed",
        "We could not reach your phone. Check it is on and has signal, then try again.",
      ],
      ["0712341019", "expired", "The M-Pesa prompt expired before it was answered."],
      ["0712340001", "failed", "Your M-Pesa balance was not enough for this payment."],
      ["0712342001", "failed", "The M-Pesa PIN entered was wrong."],
    ] as const;
    for (const [phone, status, message] of cases) {
      const before = await item();
      const order = await place(3);
      const { paymentId } = (
        await client.post(`/api/client/orders/${order.id}/pay`, { method: "mpesa", phone })
      ).json();
      expect(await settled(paymentId)).toMatchObject({ status, message });
      const row = await orderRow(order.id);
      expect(row).toMatchObject({ status: "pending", paymentStatus: "unpaid" });
      expect((await item()).reservedStock).toBe(before.reservedStock + 3);
    }
  });

  it("flags a callback whose amount differs from what was asked, and credits nothing", async () => {
    const order = await place();
    const { paymentId } = (
      await client.post(`/api/client/orders/${order.id}/pay`, { method: "mpesa", phone: "0733000222" })
    ).json();
    const p = await paymentRow(paymentId);
    const body = {
      Body: {
        stkCallback: {
          MerchantRequestID: p.merchantRequestId,
          CheckoutRequestID: p.checkoutRequestId,
          ResultCode: 0,
          ResultDesc: "The service request is processed successfully.",
          CallbackMetadata: {
            Item: [
              { Name: "Amount", Value: 1 },
              { Name: "MpesaReceiptNumber", Value: "SKE1234567" },
              { Name: "PhoneNumber", Value: 254733000222 },
            ],
          },
        },
      },
    };
    const res = await t.app.inject({
      method: "POST",
      url: `/api/payments/mpesa/callback/${p.callbackToken}`,
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(await paymentRow(paymentId)).toMatchObject({
      status: "paid",
      needsReview: true,
      reviewReason: `Paid KES 1, asked KES ${p.amountKes}`,
    });
    expect(await incomeFor(order.id)).toHaveLength(0);
    expect((await orderRow(order.id)).paymentStatus).toBe("unpaid");
  });

  it("accepts callbacks only on a payment's own token and CheckoutRequestID", async () => {
    const order = await place();
    const { paymentId } = (
      await client.post(`/api/client/orders/${order.id}/pay`, { method: "mpesa", phone: "0744000333" })
    ).json();
    const p = await paymentRow(paymentId);
    const body = (checkout: string) => ({
      Body: { stkCallback: { CheckoutRequestID: checkout, ResultCode: 0, ResultDesc: "ok" } },
    });
    const post = (token: string, payload: object) =>
      t.app.inject({ method: "POST", url: `/api/payments/mpesa/callback/${token}`, payload });
    expect((await post("x".repeat(32), body(p.checkoutRequestId!))).statusCode).toBe(404);
    expect((await post(p.callbackToken!, body("ws_CO_someone_else"))).statusCode).toBe(400);
    expect((await post(p.callbackToken!, { hello: "world" })).statusCode).toBe(400);
    expect((await paymentRow(paymentId)).status).toBe("pending");
  });

  it("lets a client see only their own orders' payments", async () => {
    const order = await place();
    const { paymentId } = (
      await client.post(`/api/client/orders/${order.id}/pay`, { method: "mpesa", phone: "0755000444" })
    ).json();
    await t.app.inject({
      method: "POST",
      url: "/api/client-signup",
      payload: {
        firstName: "Wanjiru",
        lastName: "Kamau",
        email: "wanjiru@example.co.ke",
        phone: "0711222333",
        password: "secret12",
        confirmPassword: "secret12",
        farmName: "Kamau Farm",
        farmType: "dairy",
        location: "Nyeri",
        county: "Nyeri",
        herdSize: "1-10",
        experience: "beginner",
        interests: [],
      },
    });
    const other = asUser(t.app, await loginClient(t.app, "wanjiru@example.co.ke", "secret12"));
    expect((await other.get(`/api/client/payments/${paymentId}`)).statusCode).toBe(404);
    expect(
      (await other.post(`/api/client/orders/${order.id}/pay`, { method: "mpesa", phone: "0711222333" }))
        .statusCode,
    ).toBe(404);
  });
});

describe("payments staff record", () => {
  it("adds part payments up, refuses going past the total, and refunds with a reversal", async () => {
    const order = await place(2, "bank");
    const total = (await orderRow(order.id)).totalAmountKes;
    const record = (amountKes: number, key?: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/orders/${order.id}/payments`,
        headers: { cookie: director.cookie, ...(key ? { "idempotency-key": key } : {}) },
        payload: {
          method: "bank",
          amountKes,
          reference: "KCB-FT-99",
          date: new Date().toISOString().slice(0, 10),
        },
      });
    const first = await record(total - 1000);
    expect(first.statusCode, first.body).toBe(201);
    // Dated today: stamped now, never later today (it would sort above everything recorded after it).
    expect(Date.parse(first.json().paidAt)).toBeLessThanOrEqual(t.clock.now().getTime());
    expect((await orderRow(order.id)).paymentStatus).toBe("part_paid");
    const tooMuch = await record(1001);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toMatch(/owes KES 1,000/);
    const rest = await record(1000);
    expect(rest.statusCode).toBe(201);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid", amountPaidKes: total });
    expect((await record(1)).statusCode).toBe(409);

    const sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    const refundOf = (body: object) => ({ amountKes: 1000, cancelOrder: false, reason: "x", ...body });
    const refundUrl = `/api/payments/${rest.json().id}/refund`;
    expect((await sales.post(refundUrl, refundOf({}))).statusCode).toBe(403);
    expect((await director.post(refundUrl, refundOf({ reason: " " }))).statusCode).toBe(400);
    const tooBig = await director.post(refundUrl, refundOf({ amountKes: 1001 }));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.fields.amountKes).toBe("At most KSh 1,000");
    // Part, then the rest: each its own refund and ledger entry of type refund.
    const part = await director.post(refundUrl, refundOf({ amountKes: 400, reason: "Duplicate transfer" }));
    expect(part.json()).toMatchObject({ status: "part_refunded", refundedKes: 400 });
    const refunded = await director.post(
      refundUrl,
      refundOf({ amountKes: 600, reason: "Duplicate transfer", method: "mpesa", reference: "RFD123" }),
    );
    expect(refunded.json()).toMatchObject({
      status: "refunded",
      refundedKes: 1000,
      refundReason: "Duplicate transfer",
      refunds: [
        { amountKes: 400, method: "bank", reference: null },
        { amountKes: 600, method: "mpesa", reference: "RFD123" },
      ],
    });
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: "part_paid",
      amountPaidKes: total - 1000,
      refundedKes: 1000,
      status: "pending",
    });
    const reversal = await t.database.read((db) =>
      db
        .select()
        .from(transactions)
        .where(and(eq(transactions.paymentId, rest.json().id), eq(transactions.type, "refund"))),
    );
    expect(reversal.map((r) => Number(r.amount)).sort()).toEqual([400, 600]);
    expect((await director.post(refundUrl, refundOf({ amountKes: 1 }))).statusCode).toBe(409);
    const list = (await director.get(`/api/orders/${order.id}/payments`)).json();
    expect(list.map((p: { status: string }) => p.status)).toEqual(["paid", "refunded"]);
  });

  it("refuses a payment dated in the future and a non-ISO date", async () => {
    const order = await place(1, "bank");
    const body = (date: string) => ({ method: "bank", amountKes: 100, reference: "R", date });
    expect((await director.post(`/api/orders/${order.id}/payments`, body("2999-01-01"))).statusCode).toBe(
      400,
    );
    expect((await director.post(`/api/orders/${order.id}/payments`, body("hello 5"))).statusCode).toBe(400);
  });
});

describe("Idempotency-Key", () => {
  const body = async () => ({
    items: [{ productId: (await item()).id, quantity: 1 }],
    customerLocation: "Nyeri",
    paymentMethod: "bank",
  });
  const send = (key: string, payload: object) =>
    t.app.inject({
      method: "POST",
      url: "/api/client/orders",
      headers: { cookie: client.cookie, "idempotency-key": key },
      payload,
    });
  const count = async () => (await client.get("/api/client/orders?limit=500")).json().length;

  it("replays the first answer, refuses another body with 422, and makes one order from a double tap", async () => {
    const payload = await body();
    const before = await count();
    const first = await send("checkout-attempt-0001", payload);
    const replay = await send("checkout-attempt-0001", payload);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(await count()).toBe(before + 1);
    const other = await send("checkout-attempt-0001", { ...payload, customerLocation: "Meru" });
    expect(other.statusCode).toBe(422);

    const taps = await Promise.all([
      send("checkout-attempt-0002", payload),
      send("checkout-attempt-0002", payload),
    ]);
    const statuses = taps.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    expect(await count()).toBe(before + 2);
  });
});

describe("holds that expire", () => {
  it("texts the client once, 10 minutes before an M-Pesa hold ends, and never about a bank transfer's", async () => {
    const mpesa = await place(1, "mpesa");
    const bank = await place(1, "bank");
    const held = (await orderRow(mpesa.id)).holdExpiresAt!.getTime();
    const warnings = (orderId: number) =>
      t.database.read((db) =>
        db
          .select()
          .from(outbox)
          .where(and(eq(outbox.orderId, orderId), eq(outbox.kind, "hold_ending"), eq(outbox.channel, "sms"))),
      );
    t.clock.set(new Date(held - (HOLD_WARNING_MINUTES + 1) * 60_000));
    await warnHolds(t.ctx);
    expect(await warnings(mpesa.id)).toEqual([]);
    t.clock.set(new Date(held - (HOLD_WARNING_MINUTES - 1) * 60_000));
    // Two runs at once (as two instances would): one text.
    await Promise.all([warnHolds(t.ctx), warnHolds(t.ctx)]);
    const [sms, ...more] = await warnings(mpesa.id);
    expect(more).toEqual([]);
    expect(sms!.body).toMatch(
      /^Urithi: Order \S+ is held for you for 9 more minutes\. Pay KSh [\d,]+ by M-Pesa/,
    );
    await warnHolds(t.ctx);
    expect(await warnings(mpesa.id)).toHaveLength(1);
    expect(await warnings(bank.id)).toEqual([]);
    // (The session idled out while the clock moved on.)
    client = asUser(t.app, await loginClient(t.app, clientEmail));
  });

  it("releases an unpaid order's stock when its hold runs out, once, and tells the client why", async () => {
    const before = await item();
    const mpesa = await place(4, "mpesa");
    const bank = await place(5, "bank");
    expect((await item()).reservedStock).toBe(before.reservedStock + 9);
    const paidOrder = await place(1, "mpesa");
    const { paymentId } = (
      await client.post(`/api/client/orders/${paidOrder.id}/pay`, { method: "mpesa", phone: "0712345678" })
    ).json();
    await simulator(`/mpesa-simulator/${(await promptFor(paymentId)).id}/accept`);
    await settled(paymentId);

    t.clock.advance(31 * 60_000);
    // Two runs at once (as two instances would): each order expires exactly once.
    await Promise.all([expireHolds(t.ctx), expireHolds(t.ctx)]);
    const expired = await orderRow(mpesa.id);
    expect(expired).toMatchObject({ status: "cancelled", holdExpiresAt: null });
    expect(expired.notes).toMatch(/Payment was not received in time/);
    expect((await orderRow(bank.id)).status).toBe("pending");
    expect((await orderRow(paidOrder.id)).status).toBe("pending");
    expect(await releases(mpesa.id)).toEqual([-4]);
    expect(await releases(bank.id)).toEqual([]);
    await expectReservedMatchesOpenOrders();
    // (The session idled out while the clock moved on.)
    client = asUser(t.app, await loginClient(t.app, clientEmail));
    const seen = (await client.get("/api/client/orders?limit=500"))
      .json()
      .find((o: { id: number }) => o.id === mpesa.id);
    expect(seen).toMatchObject({ status: "cancelled", notes: expect.stringMatching(/not received in time/) });

    t.clock.advance(72 * 3600_000);
    await Promise.all([expireHolds(t.ctx), expireHolds(t.ctx)]);
    expect((await orderRow(bank.id)).status).toBe("cancelled");
    expect((await orderRow(paidOrder.id)).status).toBe("pending");
    // Once released, nothing is released again.
    expect(await expireHolds(t.ctx)).toBe(0);
    expect(await releases(mpesa.id)).toEqual([-4]);
    expect(await releases(bank.id)).toEqual([-5]);
    await expectReservedMatchesOpenOrders();
    expect((await item()).reservedStock).toBeLessThan(before.reservedStock + 10);
  });
});

describe("the per-client cap on unpaid orders", () => {
  it("answers 409 past the open unpaid orders and units allowed", async () => {
    const capped = await createTestApp({ env: { MAX_OPEN_UNPAID_ORDERS: "2", MAX_OPEN_UNPAID_UNITS: "5" } });
    try {
      const c = asUser(capped.app, await loginClient(capped.app, clientEmail));
      const [row] = await capped.database.read((db) =>
        db.select().from(inventoryItems).where(eq(inventoryItems.itemId, ITEM)),
      );
      const order = (quantity: number) =>
        c.post("/api/client/orders", {
          items: [{ productId: row!.id, quantity }],
          customerLocation: "Nyeri",
          paymentMethod: "bank",
        });
      // The seeded demo client already has unpaid pending orders; count what is open now.
      const units = await order(6);
      expect(units.statusCode).toBe(409);
      const seeded = (await c.get("/api/client/orders?limit=500"))
        .json()
        .filter(
          (o: { status: string; paymentStatus: string }) =>
            o.status === "pending" && o.paymentStatus === "unpaid",
        ).length;
      const placedOk = [];
      for (let i = seeded; i < 2; i++) placedOk.push((await order(1)).statusCode);
      expect(placedOk.every((s) => s === 201)).toBe(true);
      const over = await order(1);
      expect(over.statusCode).toBe(409);
      expect(over.json().error.message).toMatch(/unpaid orders/);
    } finally {
      await capped.close();
    }
  });
});
