import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_TOTAL_CAP } from "../../../contract/list-total";
import { type Message, type MessageKind, outboxStatuses } from "../../../contract/messages";
import { rowsOf } from "../../db/adapter";
import { outbox } from "../../db/schema";
import { OVER_CAP_MS } from "../../http/list-total";
import { startFakeAfricasTalking } from "../../testing/fake-africas-talking";
import { invariantViolations } from "../../testing/invariants";
import {
  asUser,
  createTestApp,
  inventoryItem,
  loginAs,
  loginClient,
  signupPayload,
  staffEmails,
  type TestApp,
} from "../../testing/test-app";
import { AfricasTalkingClient } from "./africas-talking";
import { dispatchMessages, drainOutbox, retryDelayMs } from "./dispatcher";
import { type Enqueue, enqueueMessage, type Reader } from "./outbox";
import { storeTransport } from "./transport";

const AT = { username: "urithi", apiKey: "at-test-key-0123456789" };
const SECRET = "delivery-report-secret-42";

let t: TestApp;
let at: Awaited<ReturnType<typeof startFakeAfricasTalking>>;
let director: ReturnType<typeof asUser>;
let sms: AfricasTalkingClient;

beforeAll(async () => {
  at = await startFakeAfricasTalking(AT);
  t = await createTestApp({
    env: { AT_USERNAME: AT.username, AT_API_KEY: AT.apiKey, AT_API_URL: at.url, AT_CALLBACK_SECRET: SECRET },
  });
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
  sms = new AfricasTalkingClient(t.config.messaging.africasTalking!);
});
afterAll(async () => {
  await t.close();
  await at.close();
});

const transports = () => ({ sms, email: storeTransport });

async function signUp(email: string, language: "en" | "sw") {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/client-signup",
    payload: { ...signupPayload(email), phone: "0722 123 456", language },
  });
  expect(res.statusCode, res.body).toBe(201);
  return asUser(t.app, await loginClient(t.app, email, "mbegu-bora-2026"));
}

async function order(client: ReturnType<typeof asUser>, quantity = 1, paymentMethod = "bank") {
  const item = await inventoryItem(t, "SEM-HF-101");
  return client.post("/api/client/orders", {
    items: [{ productId: item.id, quantity }],
    customerLocation: "Nyeri",
    paymentMethod,
  });
}

/** The clock moves by hours here, past a session's idle timeout: each look signs in afresh. */
async function asDirector() {
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
  return director;
}
const messagesOf = async (orderId: number) =>
  (await (await asDirector()).get(`/api/messages?orderId=${orderId}&limit=500`)).json() as Message[];

/** Someone reached by SMS only. */
const texted = (phone: string): Reader => ({
  name: "Achieng",
  phone,
  email: null,
  language: "en",
  notifyBy: "sms",
  userId: null,
});

/** A text to `phone` written to the outbox, as an event would write it. */
const queueText = (kind: MessageKind, phone: string, facts: Enqueue["facts"], orderId?: number) =>
  t.database.tx((db) =>
    enqueueMessage(db, {
      kind,
      reader: texted(phone),
      facts,
      orderId,
      now: t.clock.now(),
    }),
  );

/** Sends everything due. */
const drain = () => drainOutbox(t.ctx, transports());

/** Drains until nothing waits, a send that timed out on a busy machine included (it is due a minute later). */
async function settle() {
  for (let round = 0; round < 5; round++) {
    await drain();
    const [waiting] = await t.database.read((db) =>
      db.select({ n: count() }).from(outbox).where(eq(outbox.status, "pending")),
    );
    if (waiting!.n === 0) return;
    t.clock.advance(retryDelayMs(6));
  }
  throw new Error("The outbox did not settle");
}

describe("the outbox", () => {
  it("writes a client order's messages with it, in the client's language, for the approvers too", async () => {
    const client = await signUp("wanjiru.outbox@example.co.ke", "sw");
    const placed = await order(client);
    expect(placed.statusCode, placed.body).toBe(201);
    const messages = await messagesOf(placed.json().id);
    const toClient = messages.filter((m) => m.kind !== "approval_needed");
    expect(toClient.map((m) => `${m.kind}/${m.channel}`).sort()).toEqual([
      "order_received/email",
      "order_received/sms",
      "payment_bank_details/email",
      "payment_bank_details/sms",
    ]);
    const received = toClient.find((m) => m.kind === "order_received" && m.channel === "sms")!;
    expect(received).toMatchObject({ recipient: "+254722123456", language: "sw", status: "pending" });
    expect(received.body).toContain(`tumepokea agizo lako ${placed.json().orderNumber}`);
    const bank = toClient.find((m) => m.kind === "payment_bank_details" && m.channel === "email")!;
    expect(bank.body).toContain(`Nambari ya akaunti: ${t.config.bank.accountNumber}`);
    const approvals = messages.filter((m) => m.kind === "approval_needed");
    expect(approvals.length).toBeGreaterThanOrEqual(2);
    expect(approvals.every((m) => m.channel === "email" && m.language === "en")).toBe(true);
    expect(approvals.map((m) => m.recipient)).toContain(staffEmails.director);
  });

  it("sends a client's order messages only the way they chose: SMS, email or both", async () => {
    const client = await signUp("choice.outbox@example.co.ke", "en");
    expect((await client.get("/api/auth/me")).json().user.notifyBy).toBe("both");
    const bad = await client.put("/api/auth/messaging", { notifyBy: "pigeon", phone: "12345" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      notifyBy: "Choose SMS, email or both",
      phone: "Enter a Kenyan mobile number like 0712 345 678",
    });
    expect((await client.put("/api/auth/messaging", {})).statusCode).toBe(400);
    const chose = await client.put("/api/auth/messaging", { notifyBy: "email", phone: "0733 000 111" });
    expect(chose.json().user).toMatchObject({ notifyBy: "email", phone: "+254733000111" });
    const placed = (await order(client)).json();
    const channels = (await messagesOf(placed.id))
      .filter((m) => m.kind !== "approval_needed")
      .map((m) => m.channel);
    expect(channels).toEqual(["email", "email"]);
  });

  it("writes nothing for an order that is refused or rolled back", async () => {
    const before = (await director.get("/api/messages/summary")).json().counts;
    const client = await signUp("refused.outbox@example.co.ke", "en");
    const item = await inventoryItem(t, "SEM-HF-101");
    const refused = await order(client, item.currentStock - item.reservedStock + 1);
    expect(refused.statusCode).toBe(409);
    await expect(
      t.database.tx(async (db) => {
        await enqueueMessage(db, {
          kind: "order_delivered",
          reader: texted("0711000111"),
          facts: { orderNumber: "ORD-X" },
          now: t.clock.now(),
        });
        throw new Error("the event failed");
      }),
    ).rejects.toThrow("the event failed");
    expect((await director.get("/api/messages/summary")).json().counts).toEqual(before);
  });

  it("tells the client at each step: approved with its date, shipped with its tracking number, delivered", async () => {
    const client = await signUp("steps.outbox@example.co.ke", "en");
    const placed = (await order(client)).json();
    const total = (await director.get(`/api/orders/${placed.id}`)).json().totalAmountKes as number;
    const paid = await director.post(`/api/orders/${placed.id}/payments`, {
      method: "bank",
      amountKes: total,
      reference: "FT-2231",
      date: "2026-11-20",
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const scientist = asUser(t.app, await loginAs(t.app, staffEmails.chief_scientist));
    const approved = await scientist.post(`/api/orders/${placed.id}/approve`, { estimatedDays: 7 });
    expect(approved.statusCode, approved.body).toBe(200);
    const expected = new Date(approved.json().expectedDeliveryDate);
    const texts = (await messagesOf(placed.id)).filter((m) => m.channel === "sms");
    expect(texts.map((m) => m.kind)).toEqual(expect.arrayContaining(["payment_received", "order_approved"]));
    const day = new Intl.DateTimeFormat("en-KE", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "Africa/Nairobi",
    });
    expect(texts.find((m) => m.kind === "order_approved")!.body).toContain(
      `Expected delivery: ${day.format(expected)}`,
    );
    expect(texts.find((m) => m.kind === "payment_received")!.body).toContain(
      `KSh ${total.toLocaleString("en-KE")}`,
    );
  });
});

describe("the dispatcher", () => {
  it("sends through Africa's Talking, retries with backoff, and gives up after the last try", async () => {
    const client = await signUp("retry.outbox@example.co.ke", "en");
    const placed = (await order(client)).json();
    await settle();
    // Every message so far has gone; now the provider fails twice, then recovers.
    at.failNext({ http: 500 }, { http: 502 });
    await queueText("order_delivered", "0722123456", { orderNumber: placed.orderNumber }, placed.id);
    const one = async () =>
      (await messagesOf(placed.id)).find((m) => m.kind === "order_delivered" && m.channel === "sms")!;
    expect(await dispatchMessages(t.ctx, transports())).toEqual({ sent: 0, retrying: 1, failed: 0 });
    let m = await one();
    expect(m).toMatchObject({ status: "pending", attempts: 1 });
    expect(m.lastError).toContain("500");
    expect(new Date(m.nextAttemptAt!).getTime() - t.clock.now().getTime()).toBe(retryDelayMs(1));
    // Not due yet: nothing is tried.
    expect(await dispatchMessages(t.ctx, transports())).toEqual({ sent: 0, retrying: 0, failed: 0 });
    t.clock.advance(retryDelayMs(1));
    expect(await dispatchMessages(t.ctx, transports())).toEqual({ sent: 0, retrying: 1, failed: 0 });
    m = await one();
    expect(new Date(m.nextAttemptAt!).getTime() - t.clock.now().getTime()).toBe(retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    t.clock.advance(retryDelayMs(2));
    expect(await dispatchMessages(t.ctx, transports())).toEqual({ sent: 1, retrying: 0, failed: 0 });
    m = await one();
    expect(m).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    const delivered = at.delivered.filter((d) => d.messageId === m.providerMessageId);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.message).toBe(m.body);

    // Past the last try the message fails, and a Director can send it again.
    const max = t.config.messaging.maxAttempts;
    at.failNext(...Array.from({ length: max }, () => ({ http: 503 })));
    await queueText(
      "order_shipped",
      "0722123456",
      { orderNumber: placed.orderNumber, carrier: "DHL Express", trackingNumber: "TRK-1" },
      placed.id,
    );
    for (let i = 0; i < max; i++) {
      await dispatchMessages(t.ctx, transports());
      t.clock.advance(retryDelayMs(max));
    }
    const failed = (await messagesOf(placed.id)).find((x) => x.kind === "order_shipped")!;
    expect(failed).toMatchObject({ status: "failed", attempts: max, nextAttemptAt: null });
    await asDirector();
    const again = await director.post(`/api/messages/${failed.id}/resend`, {});
    expect(again.json()).toMatchObject({ status: "pending", attempts: 0 });
    expect((await director.post(`/api/messages/${failed.id}/resend`, {})).statusCode).toBe(409);
    expect(await dispatchMessages(t.ctx, transports())).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect((await director.post("/api/messages/999999/resend", {})).statusCode).toBe(404);
  });

  it("sends a burst larger than a batch in one beat", async () => {
    await drain();
    for (let i = 0; i < 45; i++)
      await queueText("order_delivered", `07220${String(i).padStart(5, "0")}`, { orderNumber: `ORD-B${i}` });
    expect(await drainOutbox(t.ctx, transports(), { batch: 20 })).toEqual({
      sent: 45,
      retrying: 0,
      failed: 0,
    });
    expect(await drainOutbox(t.ctx, transports())).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it("does not retry a number Africa's Talking says can never receive", async () => {
    await drain();
    at.failNext({ statusCode: 403, status: "InvalidPhoneNumber" });
    await queueText("order_delivered", "0711999888", { orderNumber: "ORD-2026-INVALID" });
    expect(await dispatchMessages(t.ctx, transports())).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const [row] = await t.database.read((db) =>
      db.select().from(outbox).where(eq(outbox.recipient, "+254711999888")),
    );
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row!.lastError).toContain("InvalidPhoneNumber");
  });

  it("sends a message whose sender died mid-send again with the same key, and the provider delivers it once", async () => {
    await drain();
    await queueText("order_delivered", "0711222333", { orderNumber: "ORD-2026-CRASH" });
    // This sender hands the message over, then dies before it records the outcome.
    const dying = {
      sms: {
        name: "dies",
        send: async (m: Parameters<typeof sms.send>[0]) => {
          await sms.send(m);
          throw new Error("process killed");
        },
      },
      email: storeTransport,
    };
    await dispatchMessages(t.ctx, dying).catch(() => {});
    // Its claim holds others off until it runs out.
    expect(await dispatchMessages(t.ctx, transports())).toEqual({ sent: 0, retrying: 0, failed: 0 });
    t.clock.advance(10 * 60_000);
    await drain();
    const [row] = await t.database.read((db) =>
      db.select().from(outbox).where(eq(outbox.recipient, "+254711222333")),
    );
    expect(row!.status).toBe("sent");
    expect(at.requests.filter((r) => r.idempotencyKey === row!.idempotencyKey)).toHaveLength(2);
    expect(at.delivered.filter((d) => d.idempotencyKey === row!.idempotencyKey)).toHaveLength(1);
  });

  it("never sends a message twice when two app instances dispatch at once", async () => {
    await drain();
    const before = at.delivered.length;
    const asked = at.requests.length;
    await t.database.tx(async (db) => {
      for (let i = 0; i < 40; i++) {
        await enqueueMessage(db, {
          kind: "order_delivered",
          reader: texted(`07110${String(i).padStart(5, "0")}`),
          facts: { orderNumber: `ORD-2026-P${i}` },
          now: t.clock.now(),
        });
      }
    });
    const { secondInstance } = await import("../../testing/test-app");
    const instance = await secondInstance(t);
    try {
      const other = { ...t.ctx, database: instance.database };
      const results = await Promise.all([
        dispatchMessages(t.ctx, transports(), 7),
        dispatchMessages(other, transports(), 7),
        dispatchMessages(t.ctx, transports(), 7),
        dispatchMessages(other, transports(), 7),
      ]);
      await Promise.all([drain(), drain()]);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBeGreaterThan(0);
    } finally {
      await instance.close();
    }
    const sent = at.delivered.slice(before);
    expect(sent).toHaveLength(40);
    // Forty requests in all: no message was handed to the provider twice.
    const keys = at.requests.slice(asked).map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(40);
    expect(new Set(keys).size).toBe(40);
  });
});

describe("delivery reports", () => {
  it("marks an SMS delivered or failed from Africa's Talking's report, which must carry the secret", async () => {
    await drain();
    await queueText("order_delivered", "0711444555", { orderNumber: "ORD-2026-DLR" });
    await drain();
    const [row] = await t.database.read((db) =>
      db.select().from(outbox).where(eq(outbox.recipient, "+254711444555")),
    );
    const report = (secret: string, body: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/messages/delivery-reports?secret=${secret}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: body,
      });
    const form = (status: string) =>
      new URLSearchParams({
        id: row!.providerMessageId!,
        status,
        phoneNumber: "+254711444555",
        networkCode: "63902",
      }).toString();
    await asDirector();
    expect((await report("wrong-secret-wrong-secret", form("Success"))).statusCode).toBe(403);
    expect((await report(SECRET, "status=Success")).statusCode).toBe(400);
    expect((await report(SECRET, form("Buffered"))).json()).toEqual({ matched: true });
    expect((await report(SECRET, form("Success"))).json()).toEqual({ matched: true });
    const [after] = await t.database.read((db) => db.select().from(outbox).where(eq(outbox.id, row!.id)));
    expect(after).toMatchObject({ status: "delivered" });
    expect(after!.deliveredAt).not.toBeNull();
    // A late failure report never takes a delivered message back.
    await report(SECRET, form("Failed"));
    const [still] = await t.database.read((db) => db.select().from(outbox).where(eq(outbox.id, row!.id)));
    expect(still!.status).toBe("delivered");
    expect(
      (
        await report(SECRET, new URLSearchParams({ id: "ATXid_unknown", status: "Success" }).toString())
      ).json(),
    ).toEqual({
      matched: false,
    });
  });

  it("is refused by an app with no callback secret set", async () => {
    const bare = await createTestApp({ seed: false });
    try {
      const res = await bare.app.inject({
        method: "POST",
        url: "/api/messages/delivery-reports?secret=anything",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "id=x&status=Success",
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe("the messages page's API", () => {
  it("is for Directors, lists newest first with filters and a total, and counts by status", async () => {
    await asDirector();
    const sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    expect((await sales.get("/api/messages")).statusCode).toBe(403);
    const page = await director.get("/api/messages?limit=5&channel=sms");
    expect(page.statusCode).toBe(200);
    const rows = page.json() as Message[];
    expect(rows.length).toBe(5);
    expect(rows.every((m) => m.channel === "sms")).toBe(true);
    expect(Number(page.headers["x-total-count"])).toBeGreaterThan(5);
    const times = rows.map((m) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const summary = (await director.get("/api/messages/summary")).json();
    expect(summary.channels).toEqual({
      sms: "Africa's Talking (urithi)",
      email: "kept in the database (no provider configured)",
    });
    expect(summary.counts.sent + summary.counts.delivered).toBeGreaterThan(0);
    expect((await director.get("/api/messages?status=lost")).statusCode).toBe(400);
    // Emails went to no provider: kept, never called sent, and each filter finds only its own.
    expect(summary.counts.kept).toBeGreaterThan(0);
    const kept = (await director.get("/api/messages?status=kept&limit=500")).json() as Message[];
    expect(kept.length).toBe(Math.min(summary.counts.kept, 500));
    expect(kept.every((m) => m.channel === "email" && m.status === "kept")).toBe(true);
    const sent = (await director.get("/api/messages?status=sent&limit=500")).json() as Message[];
    expect(sent.every((m) => m.channel === "sms" && m.status === "sent")).toBe(true);
  });

  it("finds messages by any part of an address in any case, or by subject, and forgets an address rewritten", async () => {
    await asDirector();
    const reader = (name: string, email: string, phone: string): Reader => ({
      name,
      phone,
      email,
      language: "en",
      notifyBy: "both",
      userId: null,
    });
    const write = (r: Reader, orderNumber: string) =>
      t.database.tx((db) =>
        enqueueMessage(db, { kind: "order_received", reader: r, facts: { orderNumber }, now: t.clock.now() }),
      );
    const wanjiru = reader("Wanjiru", "Wanjiru.Kamau@Shamba.example", "+254711000417");
    await write(wanjiru, "ORD-FIND-1");
    await write(wanjiru, "ORD-FIND-2");
    await write(reader("Other", "wanjiru_kamau@shamba.example", "+254711000418"), "ORD-FIND-3");
    const found = async (term: string) =>
      (
        (await director.get(`/api/messages?search=${encodeURIComponent(term)}&limit=500`)).json() as Message[]
      ).map((m) => `${m.recipient} ${m.channel}`);

    expect(await found("wanjiru.kamau@SHAMBA")).toEqual([
      "Wanjiru.Kamau@Shamba.example email",
      "Wanjiru.Kamau@Shamba.example email",
    ]);
    // LIKE's wildcards are taken literally: the underscore finds only the address that has one.
    expect(await found("wanjiru_kamau")).toEqual(["wanjiru_kamau@shamba.example email"]);
    expect(await found("711000417")).toEqual(["+254711000417 sms", "+254711000417 sms"]);
    expect(await found("ORD-FIND-3")).toEqual(["wanjiru_kamau@shamba.example email"]);

    // A farmer's data erased rewrites the address: the search no longer knows it, by any part.
    await t.database.tx((db) =>
      db.update(outbox).set({ recipient: "[deleted]" }).where(eq(outbox.recipient, wanjiru.email!)),
    );
    expect(await found("wanjiru.kamau")).toEqual([]);
    const kept = await t.database.read((db) =>
      rowsOf<{ recipient: string }>(
        db,
        sql`select recipient from message_recipients where recipient ilike '%kamau%' or recipient like '%417'`,
      ),
    );
    // The rewritten address is gone; the phone and the other farmer's address still have their messages.
    expect(kept.map((r) => r.recipient).sort()).toEqual(["+254711000417", "wanjiru_kamau@shamba.example"]);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("sorts by status, and within a status by time, either way", async () => {
    await asDirector();
    const rank = (m: Message) => outboxStatuses.indexOf(m.status === "kept" ? "sent" : m.status);
    for (const order of ["asc", "desc"] as const) {
      const rows = (
        await director.get(`/api/messages?sort=status&order=${order}&limit=500`)
      ).json() as Message[];
      expect(new Set(rows.map((m) => m.status)).size).toBeGreaterThan(1);
      const keys = rows.map((m) => [rank(m), m.createdAt, m.id] as const);
      const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]) || a[2] - b[2]);
      expect(keys).toEqual(order === "asc" ? sorted : sorted.reverse());
    }
  });

  it("counts a status's sent messages and a channel's messages from an index alone", async () => {
    // Planned with only index scans allowed: the index must carry what the filter reads, or the plan is not
    // index-only (at 3M messages, the sent count read 15,000 rows from the table for 10,000 of them).
    const plans = await t.database.tx(async (db) => {
      await db.execute(sql`set local enable_seqscan = off`);
      await db.execute(sql`set local enable_bitmapscan = off`);
      const plan = async (filter: ReturnType<typeof sql>) =>
        JSON.stringify(
          await rowsOf(
            db,
            sql`explain (format json) select count(*) from (select 1 from outbox where ${filter} limit 10001) m`,
          ),
        );
      return [await plan(sql`status = 'sent' and not kept`), await plan(sql`channel = 'sms'`)];
    });
    for (const plan of plans) expect(plan).toContain('"Node Type":"Index Only Scan"');
  });

  it("counts each status exactly up to the lists' cap, and past it says so", async () => {
    await asDirector();
    const counts = async () => (await director.get("/api/messages/summary")).json().counts;
    const before = await counts();
    const [exact] = await t.database.read((db) =>
      rowsOf<Record<string, number>>(
        db,
        sql`select count(*) filter (where status = 'delivered')::int as delivered,
                   count(*) filter (where status = 'failed')::int as failed,
                   count(*) filter (where status = 'sent' and kept)::int as kept from outbox`,
      ),
    );
    expect(before).toMatchObject(exact!);
    // Enough delivered texts to pass the cap, and one more failed one.
    const add = (n: number, status: string) =>
      t.database.tx((db) =>
        db.execute(sql`insert into outbox (kind, channel, recipient, language, body, status, idempotency_key)
          select 'order_received', 'sms', '+254700000000', 'en', 'Bulk text ' || g, ${status}::message_status,
                 'bulk-' || ${status} || '-' || g
          from generate_series(1, ${n}) g`),
      );
    await add(LIST_TOTAL_CAP - exact!.delivered!, "delivered");
    expect(await counts()).toMatchObject({ delivered: LIST_TOTAL_CAP });
    await add(1, "delivered");
    await add(1, "failed");
    expect(await counts()).toMatchObject({
      ...before,
      delivered: `${LIST_TOTAL_CAP}+`,
      failed: exact!.failed! + 1,
    });
    // Found over the cap, a status is taken to be over it for a few seconds without counting again, while
    // the others are still counted each time; then it is counted again.
    await t.database.tx((db) =>
      db.execute(sql`delete from outbox where idempotency_key like 'bulk-delivered-%'`),
    );
    await add(1, "failed");
    expect(await counts()).toMatchObject({ delivered: `${LIST_TOTAL_CAP}+`, failed: exact!.failed! + 2 });
    t.clock.advance(OVER_CAP_MS);
    expect(await counts()).toMatchObject({ delivered: exact!.delivered, failed: exact!.failed! + 2 });
  });
});
