import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { customers } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { invariantViolations } from "../../testing/invariants";
import { clientEmail, loginAs, loginClient, staffEmails } from "../../testing/test-app";

withTestApp();
let director: string;
beforeAll(async () => {
  director = await loginAs(t.app, staffEmails.director);
});

const get = (url: string, cookie = director) => t.app.inject({ method: "GET", url, headers: { cookie } });
const post = (payload: unknown, cookie = director) =>
  t.app.inject({ method: "POST", url: "/api/customers", payload: payload as object, headers: { cookie } });

/** The customer summary as counting every customer gives it (the endpoint reads counts a trigger keeps). */
async function countedSummary() {
  const counted = await t.database.read(async (db) => {
    const rows = await db
      .select({ type: customers.type, n: count() })
      .from(customers)
      .where(eq(customers.isActive, true))
      .groupBy(customers.type);
    return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
  });
  const [all] = await t.database.read((db) => db.select({ n: count() }).from(customers));
  return {
    totalCustomers: Object.values(counted).reduce((a, b) => a + b, 0),
    allCustomers: all!.n,
    farms: counted.farm ?? 0,
    breeders: counted.breeder ?? 0,
    veterinarians: counted.veterinarian ?? 0,
    distributors: counted.distributor ?? 0,
  };
}

const newCustomer = {
  name: "Nyahururu Heifer Breeders",
  type: "breeder",
  email: "Info@NyahururuHeifers.co.ke",
  phone: "+254 722 000 111",
  address: "Nyahururu, Laikipia",
  contactPerson: "Moses Gitau",
  notes: "Interested in Ayrshire embryos",
};

describe("access", () => {
  const cases = [
    ["director", 200, 201],
    ["sales_manager", 200, 201],
    ["chief_scientist", 403, 403],
    ["lab_technician", 403, 403],
    ["logistics_coordinator", 403, 403],
  ] as const;
  for (const [role, readStatus, writeStatus] of cases) {
    it(`${role}: GET ${readStatus}, POST ${writeStatus}`, async () => {
      const cookie = await loginAs(t.app, staffEmails[role]);
      expect((await get("/api/customers", cookie)).statusCode).toBe(readStatus);
      expect((await get("/api/customers/summary", cookie)).statusCode).toBe(readStatus);
      const created = await post(
        { ...newCustomer, name: `${newCustomer.name} ${role}`, email: `${role}@nyahururuheifers.co.ke` },
        cookie,
      );
      expect(created.statusCode).toBe(writeStatus);
      if (writeStatus === 403) expect(created.json().error.code).toBe("FORBIDDEN");
    });
  }

  it("client: 403 everywhere", async () => {
    const cookie = await loginClient(t.app, clientEmail);
    expect((await get("/api/customers", cookie)).statusCode).toBe(403);
    expect((await post(newCustomer, cookie)).statusCode).toBe(403);
  });

  it("anonymous: 401 even with an invalid body", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/customers", payload: { name: "" } });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/customers" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "DELETE", url: "/api/customers/1" })).statusCode).toBe(401);
  });
});

describe("list and summary", () => {
  it("lists seeded customers newest first with every field", async () => {
    const res = await get("/api/customers");
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        "address",
        "contactPerson",
        "createdAt",
        "email",
        "id",
        "isActive",
        "kraPin",
        "name",
        "notes",
        "phone",
        "type",
      ].sort(),
    );
    const dates = list.map((c: { createdAt: string }) => c.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("searches name, email and contact person case-insensitively", async () => {
    const byName = (await get("/api/customers?search=kIAMBU%20dairy")).json();
    expect(byName.map((c: { name: string }) => c.name)).toEqual(["Kiambu Dairy Farm"]);
    const byEmail = (await get("/api/customers?search=RVBREEDERS")).json();
    expect(byEmail.map((c: { name: string }) => c.name)).toEqual(["Rift Valley Breeders Ltd"]);
    const byContact = (await get("/api/customers?search=ruth%20jep")).json();
    expect(byContact.map((c: { name: string }) => c.name)).toEqual(["Eldoret Genetics Co-operative"]);
    expect((await get("/api/customers?search=zzzz-no-match")).json()).toEqual([]);
    // LIKE wildcards are taken literally.
    expect((await get("/api/customers?search=%25")).json()).toEqual([]);
  });

  it("filters by type and pages with limit/offset", async () => {
    const vets = (await get("/api/customers?type=veterinarian")).json();
    expect(vets.length).toBeGreaterThan(0);
    expect(vets.every((c: { type: string }) => c.type === "veterinarian")).toBe(true);
    const all = (await get("/api/customers")).json();
    const page = (await get("/api/customers?limit=2&offset=1")).json();
    expect(page).toEqual(all.slice(1, 3));
    expect((await get("/api/customers?type=alien")).statusCode).toBe(400);
    expect((await get("/api/customers?limit=0")).statusCode).toBe(400);
    expect((await get("/api/customers?limit=100000")).statusCode).toBe(400);
  });

  it("summary counts active customers per type, from the database", async () => {
    const summary = (await get("/api/customers/summary")).json();
    expect(summary).toEqual(await countedSummary());
    expect(summary.farms).toBeGreaterThan(0);
    expect(summary.distributors).toBeGreaterThan(0);
  });
});

describe("duplicates", () => {
  const farm = {
    ...newCustomer,
    name: "Ol Joro Orok Dairy",
    type: "farm",
    email: "accounts@oljoroorok.co.ke",
  };

  it("takes one active customer per email, even when two are added at once (409, not 500)", async () => {
    const [a, b] = await Promise.all([post(farm), post({ ...farm, email: "Accounts@OlJoroOrok.co.ke" })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().error).toMatchObject({
      code: "CONFLICT",
      fields: { email: "An active customer with this email already exists" },
    });
    const created = (a.statusCode === 201 ? a : b).json();
    // Deactivated, the email is free again; the old record cannot come back beside the new one.
    await t.app.inject({
      method: "DELETE",
      url: `/api/customers/${created.id}`,
      headers: { cookie: director },
    });
    const again = await post(farm);
    expect(again.statusCode).toBe(201);
    const revive = await t.app.inject({
      method: "PATCH",
      url: `/api/customers/${created.id}`,
      payload: { isActive: true },
      headers: { cookie: director },
    });
    expect(revive.statusCode).toBe(409);
  });

  it("names active customers that look like the one being typed", async () => {
    const similar = async (query: string) =>
      (await get(`/api/customers/similar?${query}`)).json() as { name: string; id: number }[];
    await post({ ...farm, name: "Kinangop Highland Dairy", email: "office@kinangophighland.co.ke" });
    const found = await similar("name=kinangop highlands dairy");
    expect(found.map((c) => c.name)).toEqual(["Kinangop Highland Dairy"]);
    expect(await similar(`name=Kinangop Highland Dairy&excludeId=${found[0]!.id}`)).toEqual([]);
    expect(await similar("name=Mombasa Camel Traders")).toEqual([]);
    expect((await get("/api/customers/similar?name=ab")).statusCode).toBe(400);
  });
});

describe("merging", () => {
  it("moves a duplicate's orders to the kept customer and deactivates it with a note (Directors only)", async () => {
    const base = { type: "farm", phone: "+254 711 000 999", address: "Limuru", contactPerson: "Grace" };
    const dup = (await post({ ...base, name: "Limuru Dairy", email: "old@limurudairy.co.ke" })).json();
    const keep = (
      await post({ ...base, name: "Limuru Dairy Farm Ltd", email: "office@limurudairy.co.ke" })
    ).json();
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders/itemised",
      payload: { customerId: dup.id, services: [{ service: "consultation", amountKes: 3_000 }] },
      headers: { cookie: director },
    });
    expect(placed.statusCode).toBe(201);
    // Paid, then part paid back: the statement reads these ledger entries by customer, so they move too.
    const paid = await t.app.inject({
      method: "POST",
      url: `/api/orders/${placed.json().id}/payments`,
      payload: {
        method: "bank",
        amountKes: 3_000,
        reference: "LIM-1",
        date: new Date().toISOString().slice(0, 10),
      },
      headers: { cookie: director },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const refunded = await t.app.inject({
      method: "POST",
      url: `/api/payments/${paid.json().id}/refund`,
      payload: { amountKes: 500, reason: "Consultation shortened", cancelOrder: false },
      headers: { cookie: director },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const merge = (id: number, intoId: number, cookie = director) =>
      t.app.inject({
        method: "POST",
        url: `/api/customers/${id}/merge`,
        payload: { intoId },
        headers: { cookie },
      });

    const sales = await loginAs(t.app, staffEmails.sales_manager);
    expect((await merge(dup.id, keep.id, sales)).statusCode).toBe(403);
    expect((await merge(dup.id, dup.id)).json().error.fields).toEqual({ intoId: "Choose another customer" });
    expect((await merge(999_999, keep.id)).statusCode).toBe(404);

    const res = await merge(dup.id, keep.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ customer: { id: keep.id }, ordersMoved: 1, accountsMoved: 0 });
    const order = (await get(`/api/orders/${placed.json().id}`)).json();
    expect(order.customerId).toBe(keep.id);
    const money = async (id: number) =>
      (await get(`/api/customers/${id}/statement`))
        .json()
        .entries.map((e: { kind: string; debitKes: number; creditKes: number }) => [
          e.kind,
          e.debitKes,
          e.creditKes,
        ]);
    expect(await money(keep.id)).toEqual(
      expect.arrayContaining([
        ["payment", 0, 3_000],
        ["refund", 500, 0],
      ]),
    );
    expect(await money(dup.id)).toEqual([]);
    // The 500 still owed is the kept customer's now, in the receivables as in a rebuild.
    expect(await invariantViolations(t.database)).toEqual([]);
    const owing: { customerId: number; totalKes: number }[] = (
      await get("/api/receivables/aged?limit=500&offset=0")
    ).json().rows;
    expect(owing.find((r) => r.customerId === dup.id)).toBeUndefined();
    expect(owing.find((r) => r.customerId === keep.id)?.totalKes).toBe(500);
    const gone = (await get(`/api/customers/${dup.id}`)).json();
    expect(gone.isActive).toBe(false);
    expect(gone.notes).toContain(`Merged into customer #${keep.id} (Limuru Dairy Farm Ltd)`);
    // Into an inactive record: refused.
    expect((await merge(keep.id, dup.id)).statusCode).toBe(409);
  });
});

describe("create, edit, delete", () => {
  it("creates a customer (201), normalises the email and shows it in the list", async () => {
    const before = (await get("/api/customers/summary")).json();
    const res = await post(newCustomer);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ ...newCustomer, email: "info@nyahururuheifers.co.ke", isActive: true });
    const list = (await get("/api/customers?search=Nyahururu")).json();
    expect(list.map((c: { id: number }) => c.id)).toContain(created.id);
    const after = (await get("/api/customers/summary")).json();
    expect(after.breeders).toBe(before.breeders + 1);
    expect(after.totalCustomers).toBe(before.totalCustomers + 1);
  });

  it("keeps notes optional", async () => {
    const { notes: _notes, ...withoutNotes } = newCustomer;
    const res = await post({
      ...withoutNotes,
      name: "No Notes Farm",
      type: "farm",
      email: "notes@nonotes.co.ke",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().notes).toBeNull();
  });

  it("answers 400 with a message per bad field", async () => {
    const res = await post({
      ...newCustomer,
      name: "   ",
      email: "not-an-email",
      type: "alien",
      phone: undefined,
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.fields).toMatchObject({ name: "Name is required", email: "Enter a valid email address" });
    expect(error.fields).toHaveProperty("type");
    expect(error.fields).toHaveProperty("phone");
    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/customers",
      payload: "{not json",
      headers: { cookie: director, "content-type": "application/json" },
    });
    expect(notJson.statusCode).toBe(400);
  });

  it("edits a customer and deactivates it on delete", async () => {
    const created = (
      await post({ ...newCustomer, name: "To Be Edited", email: "edit@tobeedited.co.ke" })
    ).json();
    const edited = await t.app.inject({
      method: "PATCH",
      url: `/api/customers/${created.id}`,
      payload: { phone: "+254 799 999 999", type: "distributor" },
      headers: { cookie: director },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      phone: "+254 799 999 999",
      type: "distributor",
      name: "To Be Edited",
    });
    // A breeder no more: the counts by type follow the edit, and the deactivation below.
    expect((await get("/api/customers/summary")).json()).toEqual(await countedSummary());

    const badEdit = await t.app.inject({
      method: "PATCH",
      url: `/api/customers/${created.id}`,
      payload: { email: "nope" },
      headers: { cookie: director },
    });
    expect(badEdit.statusCode).toBe(400);

    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/customers/${created.id}`,
      headers: { cookie: director },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().isActive).toBe(false);
    const fetched = (await get(`/api/customers/${created.id}`)).json();
    expect(fetched.isActive).toBe(false);
    const listed = (await get("/api/customers?search=To%20Be%20Edited")).json();
    expect(listed[0].isActive).toBe(false);
    const summary = (await get("/api/customers/summary")).json();
    expect(summary).toEqual(await countedSummary());
    expect(summary.allCustomers).toBeGreaterThan(summary.totalCustomers);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("answers 404 for an unknown customer and 400 for a bad id", async () => {
    expect((await get("/api/customers/999999")).statusCode).toBe(404);
    expect((await get("/api/customers/abc")).statusCode).toBe(400);
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/customers/999999",
      headers: { cookie: director },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("NOT_FOUND");
  });
});
