import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { marketingWording } from "../../../contract/data-rights";
import { customers, messageRecipients, orders, outbox, serviceRequests, users } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { invariantViolations } from "../../testing/invariants";
import {
  asUser,
  clientEmail,
  inventoryItem,
  loginAs,
  loginClient,
  newClientAccount,
  newPhoneFarmer,
  staffEmails,
  textedCode,
} from "../../testing/test-app";
import { DELETION_CODES_PER_ACCOUNT } from "./service";

withTestApp();

/** A farmer of the test's own, signed in, with one order placed. */
async function farmerWithOrder(extra: Record<string, unknown> = {}) {
  const farmer = await newClientAccount(t.app, extra);
  const straw = await inventoryItem(t, "SEM-JE-106");
  const placed = await farmer.client.post("/api/client/orders", {
    items: [{ productId: straw.id, quantity: 1 }],
    deliveryAddress: "Shamba, Kiambu",
    paymentMethod: "bank",
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return { ...farmer, order: placed.json() as { id: number; orderNumber: string } };
}

/** DELETE /api/client/account as the session behind `cookie`, confirmed with `payload`. */
const deleteAccount = (cookie: string, payload: object) =>
  t.app.inject({ method: "DELETE", url: "/api/client/account", headers: { cookie }, payload });

/** A PD visit the farmer asks for, with directions to the farm. */
async function askForVisit(who: { client: ReturnType<typeof asUser> }, cowId: number, description: string) {
  const res = await who.client.post("/api/client/service-requests", {
    cowId,
    kind: "pd",
    location: { county: "Kiambu", description },
    phone: "0722 000 333",
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

const unzip = (body: Buffer) => {
  const files = unzipSync(new Uint8Array(body));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
};

describe("downloading my data", () => {
  it("gives the client a ZIP of JSON and CSV with their rows and no one else's", async () => {
    const mine = await farmerWithOrder();
    const theirs = await farmerWithOrder();
    // Each keeps a cow, and records a heat for her.
    for (const [who, tag] of [
      [mine, "MINE-001"],
      [theirs, "THEIRS-001"],
    ] as const) {
      const cow = (await who.client.post("/api/client/cows", { tag, breed: "Jersey" })).json();
      await who.client.post(`/api/client/cows/${cow.id}/events`, {
        type: "heat",
        date: new Date(t.clock.now().getTime() + 3 * 3_600_000).toISOString().slice(0, 10),
      });
      await askForVisit(who, cow.id, `${tag} behind the dip`);
    }
    const res = await mine.client.get("/api/client/my-data");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="urithi-my-data-/);
    const files = unzip(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(
      [
        "README.txt",
        "call-backs.json",
        "consents.json",
        "cow-events.csv",
        "herd.json",
        "invoices.csv",
        "invoices.json",
        "messages.csv",
        "messages.json",
        "orders.csv",
        "orders.json",
        "payments.csv",
        "payments.json",
        "profile.json",
        "visits.csv",
        "visits.json",
      ].sort(),
    );
    const profile = JSON.parse(files["profile.json"]!);
    expect(profile.account.email).toBe(mine.email);
    expect(profile.account.passwordHash).toBeUndefined();
    expect(files["orders.csv"]).toContain(mine.order.orderNumber);
    expect(JSON.parse(files["orders.json"]!)).toHaveLength(1);
    expect(JSON.parse(files["messages.json"]!).length).toBeGreaterThan(0);
    expect(JSON.parse(files["herd.json"]!)).toMatchObject([{ tag: "MINE-001", events: [{ type: "heat" }] }]);
    expect(files["cow-events.csv"]!.split("\n").filter(Boolean)).toHaveLength(2);
    expect(JSON.parse(files["visits.json"]!)).toMatchObject([
      { kind: "pd", description: "MINE-001 behind the dip" },
    ]);
    const everything = Object.values(files).join("\n");
    expect(everything).not.toContain(theirs.order.orderNumber);
    expect(everything).not.toContain(theirs.email);
    expect(everything).not.toContain("THEIRS-001");

    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const requests = (await director.get("/api/data-requests?kind=export")).json();
    expect(requests[0]).toMatchObject({ email: mine.email, kind: "export" });
    expect(requests[0].completedAt).not.toBeNull();
  });

  it("is the client's alone: staff and the signed-out are refused", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/client/my-data" })).statusCode).toBe(401);
    const sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    expect((await sales.get("/api/client/my-data")).statusCode).toBe(403);
    expect((await sales.get("/api/data-requests")).statusCode).toBe(403);
    const client = asUser(t.app, await loginClient(t.app, clientEmail));
    expect((await client.get("/api/data-requests")).statusCode).toBe(403);
  });
});

describe("correcting my data", () => {
  it("edits every profile field, the customer record follows, and the change is audited as the client's", async () => {
    const farmer = await farmerWithOrder();
    const profile = (await farmer.client.get("/api/client/profile")).json();
    expect(profile).toMatchObject({ email: farmer.email, farmName: "Otieno Farm", county: "Kisumu" });
    const corrected = {
      ...profile,
      firstName: "Akinyi",
      farmName: "Akinyi Dairy",
      location: "Maseno",
      herdSize: "11-50",
      email: `akinyi.${Date.now()}@example.co.ke`,
    };
    const res = await farmer.client.put("/api/client/profile", corrected);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(corrected);
    expect((await farmer.client.get("/api/auth/me")).json().user.firstName).toBe("Akinyi");
    const [account] = await t.database.read((db) =>
      db.select().from(users).where(eq(users.email, corrected.email)),
    );
    const [customer] = await t.database.read((db) =>
      db.select().from(customers).where(eq(customers.id, account!.customerId!)),
    );
    expect(customer).toMatchObject({
      name: "Akinyi Dairy",
      email: corrected.email,
      address: "Maseno, Kisumu",
    });

    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const trail = (await director.get(`/api/audit?entity=users&entityId=${account!.id}`)).json();
    expect(trail[0]).toMatchObject({ actorId: account!.id, actorRole: "client", action: "update" });
    expect(trail[0].changes.first_name).toEqual(["Achieng", "Akinyi"]);

    const other = await farmerWithOrder();
    const taken = await other.client.put("/api/client/profile", {
      ...corrected,
      email: corrected.email.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.email).toBe("An account with this email already exists");
    const bad = await other.client.put("/api/client/profile", {
      ...corrected,
      county: "Atlantis",
      firstName: "",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["county", "firstName"]);
  });
});

describe("marketing consent", () => {
  it("is off by default, given at signup or later with the words shown, and withdrawn", async () => {
    const plain = await farmerWithOrder();
    expect((await plain.client.get("/api/client/consents")).json()).toEqual({
      marketing: false,
      history: [],
    });

    const keen = await farmerWithOrder({ marketingConsent: true, language: "sw" });
    const given = (await keen.client.get("/api/client/consents")).json();
    expect(given.marketing).toBe(true);
    expect(given.history[0]).toMatchObject({ granted: true, language: "sw", wording: marketingWording.sw });

    const withdrawn = await keen.client.put("/api/client/consents/marketing", {
      granted: false,
      language: "en",
    });
    expect(withdrawn.json().marketing).toBe(false);
    expect(withdrawn.json().history.map((c: { granted: boolean }) => c.granted)).toEqual([false, true]);
    expect((await keen.client.put("/api/client/consents/marketing", { granted: "yes" })).statusCode).toBe(
      400,
    );
  });
});

describe("deleting my account", () => {
  it("anonymises the person and keeps the orders, with the books and invariants whole", async () => {
    const farmer = await farmerWithOrder();
    const cow = (await farmer.client.post("/api/client/cows", { tag: "GONE-1", breed: "Jersey" })).json();
    const visit = await askForVisit(farmer, cow.id, "Past the blue gate");
    const wrong = await deleteAccount(farmer.client.cookie, { password: "not-it" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.password).toBe("Your password is not right");

    const [before] = await t.database.read((db) =>
      db.select().from(users).where(eq(users.email, farmer.email)),
    );
    const res = await deleteAccount(farmer.client.cookie, { password: farmer.password });
    expect(res.statusCode, res.body).toBe(200);
    expect((await farmer.client.get("/api/auth/me")).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/client-login",
          payload: { email: farmer.email, password: farmer.password },
        })
      ).statusCode,
    ).toBe(401);

    const [after] = await t.database.read((db) => db.select().from(users).where(eq(users.id, before!.id)));
    expect(after).toMatchObject({
      firstName: "Deleted",
      phone: null,
      farmName: null,
      isActive: false,
      passwordHash: null,
    });
    expect(after!.email).not.toContain("rights.");
    expect(after!.deletedAt).not.toBeNull();
    const [customer] = await t.database.read((db) =>
      db.select().from(customers).where(eq(customers.id, before!.customerId!)),
    );
    expect(customer!.name).toBe(`Deleted client ${before!.id}`);
    expect(customer!.phone).toBe("");
    const [order] = await t.database.read((db) =>
      db.select().from(orders).where(eq(orders.id, farmer.order.id)),
    );
    expect(order).toMatchObject({
      customerName: `Deleted client ${before!.id}`,
      customerPhone: null,
      deliveryAddress: null,
    });
    expect(order!.totalAmountKes).toBeGreaterThan(0);
    const left = await t.database.read((db) =>
      db.select().from(outbox).where(eq(outbox.recipient, farmer.email)),
    );
    expect(left).toEqual([]);
    // Nor does the messages search remember the address.
    const remembered = await t.database.read((db) =>
      db.select().from(messageRecipients).where(eq(messageRecipients.recipient, farmer.email)),
    );
    expect(remembered).toEqual([]);
    const everything = JSON.stringify(
      await t.database.read((db) => db.select().from(orders).where(eq(orders.id, farmer.order.id))),
    );
    expect(everything).not.toContain(farmer.phone);
    // The visit keeps its cow and county; how to reach and find the farmer is gone, and it will not happen.
    const [kept] = await t.database.read((db) =>
      db.select().from(serviceRequests).where(eq(serviceRequests.id, visit.id)),
    );
    expect(kept).toMatchObject({
      phone: "[deleted]",
      description: null,
      county: "Kiambu",
      status: "cancelled",
    });
    expect(await invariantViolations(t.database)).toEqual([]);

    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const deletions = (await director.get("/api/data-requests?kind=deletion")).json();
    expect(deletions[0]).toMatchObject({ userId: before!.id, kind: "deletion" });
    expect(deletions[0].email).toContain("deleted.urithi.invalid");
    // The order is still in the books.
    expect((await director.get(`/api/orders/${farmer.order.id}`)).statusCode).toBe(200);
  });

  it("is confirmed by a code texted to a farmer who signs in by phone and has no password", async () => {
    const farmer = await newPhoneFarmer(t.app, t.database);
    const me = async () => (await farmer.client.get("/api/auth/me")).json().user;
    expect(await me()).toMatchObject({ phoneOnly: true, phoneVerified: true });
    const remove = (payload: object) => deleteAccount(farmer.client.cookie, payload);
    expect((await remove({ password: "" })).json().error.fields.password).toBe("Password is required");
    expect((await remove({ code: "12345" })).json().error.fields.code).toBe("Enter the 6-digit code");
    const unasked = await remove({ code: "123456" });
    expect(unasked.statusCode).toBe(400);
    expect(unasked.json().error.fields.code).toMatch(/wrong or has expired/);

    const askCode = () => farmer.client.post("/api/client/account/deletion-code", {});
    expect((await askCode()).statusCode).toBe(202);
    const first = await textedCode(t.database, farmer.phone, "deletion_code");
    const wrong = String((Number(first) + 1) % 1_000_000).padStart(6, "0");
    expect((await remove({ code: wrong })).statusCode).toBe(400);
    expect(await me()).toMatchObject({ phoneOnly: true });
    for (let i = 1; i < DELETION_CODES_PER_ACCOUNT; i++) expect((await askCode()).statusCode).toBe(202);
    expect((await askCode()).statusCode).toBe(429);
    // Each new code replaces the one before.
    const newest = await textedCode(t.database, farmer.phone, "deletion_code");
    if (newest !== first) expect((await remove({ code: first })).statusCode).toBe(400);
    const done = await remove({ code: newest });
    expect(done.statusCode, done.body).toBe(200);
    expect((await farmer.client.get("/api/auth/me")).statusCode).toBe(401);
    const [after] = await t.database.read((db) => db.select().from(users).where(eq(users.id, farmer.userId)));
    expect(after).toMatchObject({
      firstName: "Deleted",
      phone: null,
      phoneVerifiedAt: null,
      isActive: false,
    });
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("takes a password account's password, never a texted code", async () => {
    const farmer = await farmerWithOrder();
    const asked = await farmer.client.post("/api/client/account/deletion-code", {});
    expect(asked.statusCode).toBe(400);
    expect(asked.json().error.fields.password).toBe("Confirm with your password");
    const byCode = await deleteAccount(farmer.client.cookie, { code: "123456" });
    expect(byCode.statusCode).toBe(400);
    expect((await farmer.client.get("/api/auth/me")).json().user.phoneOnly).toBe(false);
  });

  it("keeps the shared demo account", async () => {
    const demo = asUser(t.app, await loginClient(t.app, clientEmail));
    const res = await deleteAccount(demo.cookie, { password: "demo1234" });
    expect(res.statusCode).toBe(409);
  });
});
