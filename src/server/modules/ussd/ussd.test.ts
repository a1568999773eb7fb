import { and, eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { USSD_SCREEN_MAX } from "../../../contract/ussd";
import { rowsOf } from "../../db/adapter";
import {
  callbackRequests,
  cowEvents,
  customers,
  inventoryItems,
  mpesaSimPrompts,
  orders,
  payments,
  serviceRequests,
  users,
  ussdCallers,
  ussdSessions,
} from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { invariantViolations } from "../../testing/invariants";
import {
  asUser,
  createTestApp,
  loginAs,
  newClientAccount,
  secondInstance,
  staffEmails,
} from "../../testing/test-app";
import { dropExpiredSessions } from "./sessions";
import { answersSeen, phoneSession, postUssd, TEST_USSD_SECRET } from "./ussd-test-phone";

withTestApp({ listen: true, env: { USSD_SECRET: TEST_USSD_SECRET } });

const phone = (number: string) => phoneSession(number, () => t.app);
let serial = 0;
/** A Kenyan mobile no other test uses. */
function freshMobile() {
  serial += 1;
  return `+2547${String(Date.now() + serial).slice(-8)}`;
}

const ordersOf = (userId: number) =>
  t.database.read((db) => db.select().from(orders).where(eq(orders.clientUserId, userId)));
const reservedOf = async (itemId: number) =>
  (await t.database.read((db) => db.select().from(inventoryItems).where(eq(inventoryItems.id, itemId))))[0]!
    .reservedStock;

/** A farmer with an account, their mobile, one paid-for order of a semen item, and their language chosen. */
async function farmerWithOrder(language: "1" | "2") {
  const farmer = await newClientAccount(t.app);
  const [item] = await t.database.read((db) =>
    rowsOf<{ id: number }>(
      db,
      sql`select id from inventory_items where type = 'sperm' and is_active and viability_status = 'viable'
          and current_stock - reserved_stock > 20 order by id limit 1`,
    ),
  );
  const placed = await farmer.client.post("/api/client/orders", {
    items: [{ productId: item!.id, quantity: 1 }],
    customerLocation: "Nyeri",
    paymentMethod: "mpesa",
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const [user] = await t.database.read((db) => db.select().from(users).where(eq(users.email, farmer.email)));
  const first = phone(farmer.phone);
  await first.dial();
  await first.press(language);
  return { ...farmer, userId: user!.id, itemId: item!.id };
}

describe("USSD callback", () => {
  it("answers 403 to a wrong secret, 400 to a malformed callback, and 404 where USSD is not set up", async () => {
    const wrong = await postUssd(t.app, { sessionId: "s1", phoneNumber: "+254712000001", text: "" }, "nope");
    expect(wrong.statusCode).toBe(403);
    const malformed = await t.app.inject({
      method: "POST",
      url: `/api/ussd?secret=${TEST_USSD_SECRET}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "text=1",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.sessionId).toBeDefined();
    const production = await createTestApp({ seed: false, env: { DEMO_MODE: "false" } });
    try {
      const off = await postUssd(production.app, { sessionId: "s1", phoneNumber: "+254712000001", text: "" });
      expect(off.statusCode).toBe(404);
      expect((await production.app.inject({ url: "/ussd-simulator" })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });

  it("signs an unknown phone up in Kiswahili, proving its mobile, and remembers the language", async () => {
    const mobile = freshMobile();
    const p = phone(mobile);
    expect(await p.dial()).toBe("CON Karibu Urithi / Welcome to Urithi\n1 Kiswahili\n2 English");
    expect(await p.press("1")).toMatch(/^CON Karibu Urithi! Fungua akaunti/);
    expect(await p.press("Wanjiku")).toMatch(/^CON Andika majina mawili/);
    expect(await p.press("Wan*jiku Kamau")).toMatch(/^CON Tumia herufi tu/);
    expect(await p.press("Wanjiku Kamau")).toMatch(/^CON Kaunti yako:\n1 Nairobi/);
    expect(await p.press("9")).toMatch(/^CON Kaunti yako:\n1 Garissa\n2 Kakamega[\s\S]*\n0 Rudi$/);
    expect(await p.press("0")).toMatch(/1 Nairobi/);
    expect(await p.press("12")).toMatch(/^CON Chaguo si sahihi/);
    expect(await p.press("3")).toMatch(/^CON Shamba lako/);
    expect(await p.press("1")).toMatch(
      /^CON Akaunti yako imefunguliwa\.\nKaribu Urithi, Wanjiku\n1 Agiza tena/,
    );
    const [user] = await t.database.read((db) => db.select().from(users).where(eq(users.phone, mobile)));
    expect(user).toMatchObject({ role: "client", firstName: "Wanjiku", lastName: "Kamau", language: "sw" });
    expect(user!.phoneVerifiedAt).not.toBeNull();
    const [customer] = await t.database.read((db) =>
      db.select().from(customers).where(eq(customers.id, user!.customerId!)),
    );
    expect(customer!.address).toContain("Nakuru");
    // The next call goes straight to the menu, in Kiswahili.
    expect(await phone(mobile).dial()).toBe(
      "CON Karibu Urithi, Wanjiku\n1 Agiza tena\n2 Madume bora\n3 Oda zangu\n4 Ng'ombe wangu\n5 Omba mhimilishaji\n6 Nipigie simu\n0 Lugha/Language",
    );
  });

  it("re-orders in English: reserves stock once, even when the final step comes twice, and is paid through the M-Pesa simulator", async () => {
    const farmer = await farmerWithOrder("2");
    const before = await reservedOf(farmer.itemId);
    const p = phone(farmer.phone);
    expect(await p.dial()).toMatch(/^CON Welcome to Urithi, /);
    expect(await p.press("1")).toMatch(/^CON Order again:\n1 .+ KES [\d,]+\n0 Back$/);
    expect(await p.press("1")).toMatch(/How many \(1-99\)\?$/);
    expect(await p.press("0")).toMatch(/^CON Not a valid choice/);
    const confirm = await p.press("2");
    expect(confirm).toMatch(
      /^CON 2 x .+\nTotal KES [\d,]+\nPay by M-Pesa from 07\d{8}\n1 Confirm\n2 Cancel$/,
    );
    // The final confirm twice at once, on two instances, then once more as a retried callback.
    const other = await secondInstance(t);
    try {
      const [a, b] = await Promise.all([p.press("1"), p.again(other.app)]);
      expect(a).toMatch(
        /^END Order \S+ for KES [\d,]+ is placed\. Check your phone for the M-Pesa prompt\.$/,
      );
      expect(b).toBe(a);
      expect(await p.again()).toBe(a);
    } finally {
      await other.close();
    }
    const ussdOrders = (await ordersOf(farmer.userId)).filter((o) => o.source === "ussd");
    expect(ussdOrders).toHaveLength(1);
    const order = ussdOrders[0]!;
    expect(order).toMatchObject({ paymentMethod: "mpesa", status: "pending" });
    expect(order.holdExpiresAt).not.toBeNull();
    expect(await reservedOf(farmer.itemId)).toBe(before + 2);

    // The prompt went to the calling phone; the farmer accepts it on the simulator.
    const [payment] = await t.database.read((db) =>
      db.select().from(payments).where(eq(payments.orderId, order.id)),
    );
    expect(payment!.phone).toBe(farmer.phone.replace("+", ""));
    const [prompt] = await t.database.read((db) =>
      db
        .select()
        .from(mpesaSimPrompts)
        .where(eq(mpesaSimPrompts.checkoutRequestId, payment!.checkoutRequestId!)),
    );
    const accepted = await fetch(`${t.baseUrl}/mpesa-simulator/${prompt!.id}/accept`, {
      method: "POST",
      redirect: "manual",
    });
    expect(accepted.status).toBe(303);
    let paid = order;
    for (let i = 0; i < 100 && paid.paymentStatus !== "paid"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      paid = (await ordersOf(farmer.userId)).find((o) => o.id === order.id)!;
    }
    expect(paid.paymentStatus).toBe("paid");
    const staff = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    const listed = (await staff.get(`/api/orders?search=${order.orderNumber}`)).json();
    expect(listed[0]).toMatchObject({ orderNumber: order.orderNumber, source: "ussd" });
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("keeps nothing reserved when the session times out before the final confirm", async () => {
    const farmer = await farmerWithOrder("2");
    const before = await reservedOf(farmer.itemId);
    const p = phone(farmer.phone);
    await p.dial();
    await p.press("1");
    await p.press("1");
    expect(await p.press("3")).toMatch(/1 Confirm/);
    t.clock.advance(181_000);
    expect(await p.press("1")).toBe("END Your session timed out. Nothing was kept. Dial *384*22# again.");
    expect((await ordersOf(farmer.userId)).filter((o) => o.source === "ussd")).toEqual([]);
    expect(await reservedOf(farmer.itemId)).toBe(before);
    // The job drops sessions past their 180 s, on any instance.
    const stale = phone(farmer.phone);
    await stale.dial();
    t.clock.advance(181_000);
    expect(await dropExpiredSessions(t.ctx)).toBeGreaterThanOrEqual(1);
    const left = await t.database.read((db) =>
      db.select().from(ussdSessions).where(eq(ussdSessions.sessionId, stale.sessionId)),
    );
    expect(left).toEqual([]);
  });

  it("shows the top bulls by breed and goal with their rate and price, and orders nothing on cancel (Kiswahili)", async () => {
    const farmer = await farmerWithOrder("1");
    const p = phone(farmer.phone);
    await p.dial();
    expect(await p.press("2")).toMatch(/^CON Madume bora\. Chagua aina:\n1 /);
    expect(await p.press("1")).toBe("CON Kwa ajili ya?\n1 Maziwa\n2 Nyama\n3 Yote mawili");
    let bulls = await p.press("1");
    for (const goal of ["2", "3"]) {
      if (!bulls.includes("hakuna") && !bulls.includes("Hakuna")) break;
      // No dairy bull of the first breed: back to the menu and try the next goal.
      const q = phone(farmer.phone);
      await q.dial();
      await q.press("2");
      await q.press("1");
      bulls = await q.press(goal);
    }
    expect(bulls).toMatch(/^CON Chagua moja uagize:\n1 .+ (\d+%|mpya) KES [\d,]+/);
    expect(await p.press("0")).toMatch(/^CON Karibu Urithi/);
    const orders = (await ordersOf(farmer.userId)).length;
    const q = phone(farmer.phone);
    await q.dial();
    await q.press("1");
    await q.press("1");
    await q.press("1");
    expect(await q.press("2")).toBe("END Imeghairiwa. Hakuna kilichoagizwa.");
    expect((await ordersOf(farmer.userId)).length).toBe(orders);
  });

  it("lists the latest orders with their state, in both languages", async () => {
    const farmer = await farmerWithOrder("2");
    const [order] = await ordersOf(farmer.userId);
    const en = phone(farmer.phone);
    await en.dial();
    expect(await en.press("3")).toBe(`END Your latest orders:\n${order!.orderNumber} Waiting`);
    const sw = phone(farmer.phone);
    await sw.dial();
    await sw.press("0");
    await sw.press("1");
    expect(await sw.press("3")).toBe(`END Oda zako za mwisho:\n${order!.orderNumber} Inasubiri`);
    // Once approved, the day promised shows beside it.
    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const approved = await director.post(`/api/orders/${order!.id}/approve`, {
      estimatedDays: 3,
      onCredit: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [promised] = await ordersOf(farmer.userId);
    const day = new Intl.DateTimeFormat("sw-KE", {
      timeZone: "Africa/Nairobi",
      day: "numeric",
      month: "short",
    });
    const again = phone(farmer.phone);
    await again.dial();
    expect(await again.press("3")).toBe(
      `END Oda zako za mwisho:\n${order!.orderNumber} Imekubaliwa, kufika ${day.format(promised!.expectedDeliveryDate!)}`,
    );
  });

  it("records a cow's heat and insemination by tag, refuses a PD too soon, and books an inseminator", async () => {
    const farmer = await farmerWithOrder("2");
    const cow = await farmer.client.post("/api/client/cows", {
      tag: "KE-77",
      name: "Neema",
      breed: "Friesian",
    });
    expect(cow.statusCode, cow.body).toBe(201);
    const cowId = cow.json().id as number;
    const heat = phone(farmer.phone);
    await heat.dial();
    expect(await heat.press("4")).toBe("CON My cows. Enter the cow's ear tag:");
    expect(await heat.press("KE-99")).toMatch(/^CON No cow in your herd has tag KE-99\./);
    expect(await heat.press("ke-77")).toMatch(/^CON Neema: what happened today\?/);
    expect(await heat.press("1")).toBe("END Recorded for Neema today: heat. Thank you.");
    const served = phone(farmer.phone);
    await served.dial();
    await served.press("4");
    await served.press("KE-77");
    expect(await served.press("2")).toMatch(/^CON Which semen\?\n(1 .+\n)*0 Other semen$/);
    expect(await served.press("0")).toBe("END Recorded for Neema today: insemination. Thank you.");
    const pd = phone(farmer.phone);
    await pd.dial();
    await pd.press("4");
    await pd.press("KE-77");
    expect(await pd.press("3")).toMatch(/^END Not recorded: .*30 days/);
    const events = await t.database.read((db) =>
      db.select().from(cowEvents).where(eq(cowEvents.cowId, cowId)),
    );
    expect(events.map((e) => e.type).sort()).toEqual(["heat", "insemination"]);

    const visit = phone(farmer.phone);
    await visit.dial();
    expect(await visit.press("5")).toBe("CON Ask for an inseminator. Enter the cow's ear tag:");
    expect(await visit.press("KE-77")).toMatch(/^CON Which visit\?\n1 Insemination \(KES [\d,]+\)/);
    expect(await visit.press("1")).toMatch(/^CON When did you see her in heat\?/);
    expect(await visit.press("2")).toBe("CON Your county (for example Nakuru):");
    expect(await visit.press("Atlantis")).toMatch(/^CON County not known\./);
    expect(await visit.press("nakuru")).toBe("CON Your ward or village:");
    expect(await visit.press("Bahati")).toMatch(
      /^END Request sent for .+\. We will text you the inseminator's name and phone\.$/,
    );
    const [request] = await t.database.read((db) =>
      db.select().from(serviceRequests).where(eq(serviceRequests.cowId, cowId)),
    );
    expect(request).toMatchObject({ kind: "ai", county: "Nakuru", ward: "Bahati", phone: farmer.phone });
    expect(request!.visitFrom).not.toBeNull();
    const twice = phone(farmer.phone);
    await twice.dial();
    await twice.press("5");
    await twice.press("KE-77");
    await twice.press("2");
    await twice.press("Nakuru");
    expect(await twice.press("Bahati")).toMatch(/^END Not booked: .*already has a visit/);
  });

  it("takes a call-me request once per phone, lists it for sales staff and counts the day's sessions", async () => {
    const farmer = await farmerWithOrder("1");
    const staff = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    const summaryBefore = (await staff.get("/api/ussd/summary")).json();
    for (let i = 0; i < 2; i++) {
      const p = phone(farmer.phone);
      await p.dial();
      expect(await p.press("6")).toMatch(
        /^END Asante\. Timu yetu ya mauzo itakupigia 07\d{8} hivi karibuni\.$/,
      );
    }
    const open = await staff.get("/api/callback-requests?view=open&limit=50&offset=0");
    expect(open.statusCode).toBe(200);
    const mine = open.json().filter((c: { phone: string }) => c.phone === farmer.phone);
    expect(mine).toHaveLength(1);
    expect(mine[0].customerId).toBeGreaterThan(0);
    const summary = (await staff.get("/api/ussd/summary")).json();
    expect(summary.sessionsToday).toBe(summaryBefore.sessionsToday + 2);
    expect(summary.openCallbacks).toBe(summaryBefore.openCallbacks + 1);
    expect((await staff.post(`/api/callback-requests/${mine[0].id}/called`, {})).statusCode).toBe(204);
    expect((await staff.post(`/api/callback-requests/${mine[0].id}/called`, {})).statusCode).toBe(409);
    const [row] = await t.database.read((db) =>
      db
        .select()
        .from(callbackRequests)
        .where(and(eq(callbackRequests.phone, farmer.phone))),
    );
    expect(row!.calledAt).not.toBeNull();
    const client = farmer.client;
    expect((await client.get("/api/callback-requests")).statusCode).toBe(403);
  });

  it("forgets whom to ring and the phone's language when the farmer deletes the account", async () => {
    const farmer = await farmerWithOrder("1");
    const p = phone(farmer.phone);
    await p.dial();
    await p.press("6");
    // Their data download lists the request first.
    const download = await farmer.client.get("/api/client/my-data");
    const callBacks = JSON.parse(
      strFromU8(unzipSync(new Uint8Array(download.rawPayload))["call-backs.json"]!),
    );
    expect(callBacks).toMatchObject([{ phone: farmer.phone, channel: "ussd", calledAt: null }]);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: "/api/client/account",
      headers: { cookie: farmer.client.cookie },
      payload: { password: farmer.password },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const [request] = await t.database.read((db) =>
      db.select().from(callbackRequests).where(eq(callbackRequests.userId, farmer.userId)),
    );
    expect(request).toMatchObject({ phone: "[deleted]", name: null });
    expect(request!.calledAt).not.toBeNull();
    const remembered = await t.database.read((db) =>
      db.select().from(ussdCallers).where(eq(ussdCallers.phone, farmer.phone)),
    );
    expect(remembered).toEqual([]);
    // The number is a stranger now: asked for its language, then to sign up.
    expect(await phone(farmer.phone).dial()).toMatch(/^CON Karibu Urithi \/ Welcome to Urithi/);
  });

  it("keeps a session across two instances, and ends the older of two sessions from one phone", async () => {
    const farmer = await farmerWithOrder("2");
    const other = await secondInstance(t);
    try {
      const p = phoneSession(farmer.phone, () => t.app);
      await p.dial(other.app);
      await p.press("1", t.app);
      expect(await p.press("1", other.app)).toMatch(/How many/);
      const newer = phone(farmer.phone);
      await newer.dial(other.app);
      expect(await p.press("2", t.app)).toMatch(/^END Your session timed out/);
      expect(await newer.press("3", t.app)).toMatch(/^END Your latest orders:/);
    } finally {
      await other.close();
    }
  });

  it("ends politely for a number outside Kenya, a staff number, and a step of a session it never saw", async () => {
    const foreign = phone("+14155550123");
    expect(await foreign.dial()).toBe(
      "END Urithi kwa USSD ni kwa namba za Kenya tu.\nUrithi by USSD is for Kenyan numbers only.",
    );
    const [staff] = await t.database.read((db) =>
      db.select().from(users).where(eq(users.email, staffEmails.sales_manager)),
    );
    expect(staff!.phone).toMatch(/^\+254 7/);
    expect(await phone(staff!.phone!.replace(/ /g, "")).dial()).toMatch(
      /^END Namba hii ni ya mfanyakazi[\s\S]*staff account/,
    );
    const stray = phone(freshMobile());
    expect(await stray.press("1")).toMatch(/^END Muda wako umekwisha[\s\S]*Your session timed out/);
    const blank = await farmerWithOrder("2");
    const p = phone(blank.phone);
    await p.dial();
    expect(await p.press("9")).toMatch(/^CON Not a valid choice\.\nWelcome to Urithi/);
    expect(await p.press("")).toMatch(/^CON You entered nothing\.\nWelcome to Urithi/);
  });

  it("never answers 5xx, or without CON or END, to random text", async () => {
    const farmer = await farmerWithOrder("2");
    const alphabet = "0123456789*#*** abcXYZ-'é\u0000\u200b\n";
    let seed = 41;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 120; i++) {
      const sessionId = `fuzz-${i % 7}`;
      const length = Math.floor(random() * 24);
      const text = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
      const res = await postUssd(t.app, {
        sessionId,
        phoneNumber: i % 5 === 0 ? "0700" : farmer.phone,
        text,
      });
      expect(res.statusCode, `${JSON.stringify(text)}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode === 200) {
        expect(res.body).toMatch(/^(CON|END) /);
        expect(res.body.length).toBeLessThanOrEqual(USSD_SCREEN_MAX);
      } else {
        expect(res.statusCode).toBe(400);
      }
    }
  });

  it("never answered a screen over 182 characters", () => {
    expect(answersSeen.length).toBeGreaterThan(60);
    expect(answersSeen.filter((a) => a.length > USSD_SCREEN_MAX)).toEqual([]);
  });
});
