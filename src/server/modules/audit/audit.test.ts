import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AuditEvent } from "../../../contract/audit";
import { databaseTime, rowsOf } from "../../db/adapter";
import { auditEvents, customers, outbox } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { asUser, clientEmail, loginAs, loginClient, staffEmails } from "../../testing/test-app";
import { auditActorOf } from "./record";

withTestApp();

const rowsFor = (entity: string, entityId: string | number) =>
  t.database.read((db) =>
    db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, String(entityId))))
      .orderBy(auditEvents.id),
  );

async function newCustomer(staff: ReturnType<typeof asUser>) {
  const tag = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const res = await staff.post("/api/customers", {
    name: `Audit Farm ${tag}`,
    type: "farm",
    email: `audit-${tag}@example.co.ke`,
    phone: "+254 700 000 000",
    address: "Nakuru",
    contactPerson: "Wanjiku",
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string };
}

describe("the audit trail", () => {
  it("records one row per staff write, in its transaction: who, from where, the request, old → new", async () => {
    const sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    const customer = await newCustomer(sales);
    const created = await rowsFor("customers", customer.id);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ action: "create", actorRole: "sales_manager" });
    expect(created[0]!.changes.name).toEqual([null, customer.name]);

    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/customers/${customer.id}`,
      headers: { cookie: sales.cookie, "user-agent": "Kiosk browser" },
      payload: { address: "Nyahururu" },
      remoteAddress: "10.30.0.7",
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsFor("customers", customer.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      action: "update",
      ip: "10.30.0.7",
      userAgent: "Kiosk browser",
      requestId: res.headers["x-request-id"],
      changes: { address: ["Nakuru", "Nyahururu"] },
    });
  });

  it("leaves no row when the change rolls back, and one when it commits", async () => {
    const [customer] = await t.database.read((db) => db.select().from(customers).limit(1));
    const actor = auditActorOf({ id: 1, role: "director" }, { ip: "10.31.0.1", requestId: "rollback-test" });
    const rename = (name: string, fail: boolean) =>
      databaseTime.run({ ms: 0, auditActor: actor }, () =>
        t.database.tx(async (db) => {
          await db.update(customers).set({ name }).where(eq(customers.id, customer!.id));
          if (fail) throw new Error("changed my mind");
        }),
      );
    const before = (await rowsFor("customers", customer!.id)).length;
    await expect(rename("Rolled Back Farm", true)).rejects.toThrow("changed my mind");
    expect((await rowsFor("customers", customer!.id)).length).toBe(before);
    await rename("Committed Farm", false);
    const after = await rowsFor("customers", customer!.id);
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)!.changes.name![1]).toBe("Committed Farm");
    // Without an actor (a job, the seed) nothing is recorded.
    await t.database.tx((db) =>
      db.update(customers).set({ name: "By a job" }).where(eq(customers.id, customer!.id)),
    );
    expect((await rowsFor("customers", customer!.id)).length).toBe(before + 1);
  });

  it("cannot be changed or emptied, by the app's own role", async () => {
    await asUser(t.app, await loginAs(t.app, staffEmails.director)).post("/api/auth/logout", {});
    for (const statement of [
      sql`update audit_events set action = 'update'`,
      sql`delete from audit_events`,
      sql`truncate audit_events`,
    ]) {
      const refused = await t.database
        .tx((db) => db.execute(statement))
        .then(
          () => "done",
          (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ""}`,
        );
      expect(refused).toMatch(/audit_events is append-only/);
    }
    const [{ n }] = (await t.database.read((db) =>
      rowsOf<{ n: number }>(db, "select count(*)::int as n from audit_events"),
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
  });

  it("records sign-in, sign-out and role changes, and never a password's hash", async () => {
    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const labCookie = await loginAs(t.app, staffEmails.lab_technician);
    const lab = asUser(t.app, labCookie);
    const me = (await lab.get("/api/auth/me")).json().user as { id: number };
    expect((await lab.post("/api/auth/logout", {})).statusCode).toBe(200);
    const signs = await t.database.read((db) =>
      db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, "users"), eq(auditEvents.entityId, String(me.id)))),
    );
    expect(signs.map((r) => r.action)).toEqual(expect.arrayContaining(["sign_in", "sign_out"]));

    const invited = await director.post("/api/staff", {
      firstName: "Audit",
      lastName: "Person",
      email: `audit.${Date.now()}@urithi.co.ke`,
      role: "lab_technician",
      phone: "0712 345 678",
    });
    const id = invited.json().id as number;
    expect((await director.patch(`/api/staff/${id}`, { role: "sales_manager" })).statusCode).toBe(200);
    const roleRows = (await rowsFor("users", id)).filter((r) => r.action === "role");
    expect(roleRows).toHaveLength(1);
    expect(roleRows[0]!.changes.role).toEqual(["lab_technician", "sales_manager"]);

    // The invitee sets a password, then changes it: the trail says it changed, never what it is.
    const [invite] = await t.database.read((db) =>
      db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, invited.json().email), eq(outbox.kind, "staff_invite"))),
    );
    const token = /token=([\w-]+)/.exec(invite!.body)![1];
    const first = "Mbegu-za-Ayrshire-7";
    await t.app.inject({
      method: "POST",
      url: "/api/auth/accept-invite",
      payload: { token, password: first },
    });
    const person = asUser(t.app, await loginAs(t.app, invited.json().email, first));
    const changed = await person.post("/api/auth/password", {
      currentPassword: first,
      newPassword: "Mbegu-za-Jersey-8",
      confirmPassword: "Mbegu-za-Jersey-8",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const passwordRows = (await rowsFor("users", id)).filter((r) => "password_hash" in r.changes);
    expect(passwordRows).toHaveLength(1);
    expect(passwordRows[0]!.changes.password_hash).toEqual(["[hidden]", "[hidden]"]);
    const all = await t.database.read((db) =>
      rowsOf<{ changes: string }>(db, "select changes::text from audit_events"),
    );
    expect(all.some((r) => r.changes.includes("$argon2"))).toBe(false);
  });

  it("is read by Directors, filtered by person, record, action and date, and as CSV", async () => {
    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    const customer = await newCustomer(sales);
    expect((await sales.get("/api/audit")).statusCode).toBe(403);
    expect((await asUser(t.app, await loginClient(t.app, clientEmail)).get("/api/audit")).statusCode).toBe(
      403,
    );

    const salesMe = (await sales.get("/api/auth/me")).json().user;
    const mine = await director.get(
      `/api/audit?actorId=${salesMe.id}&entity=customers&entityId=${customer.id}`,
    );
    expect(mine.statusCode).toBe(200);
    const events = mine.json() as AuditEvent[];
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: "create",
      actorName: `${salesMe.firstName} ${salesMe.lastName}`,
    });
    expect(mine.headers["x-total-count"]).toBe("1");
    expect(
      (await director.get(`/api/audit?entity=customers&entityId=${customer.id}&action=delete`)).json(),
    ).toEqual([]);
    const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    expect(
      (
        await director.get(`/api/audit?entity=customers&entityId=${customer.id}&from=${today}&to=${today}`)
      ).json(),
    ).toHaveLength(1);
    expect(
      (await director.get(`/api/audit?entity=customers&entityId=${customer.id}&to=2020-01-01`)).json(),
    ).toEqual([]);
    expect((await director.get("/api/audit?entity=nope")).statusCode).toBe(400);

    const summary = (await director.get("/api/audit/summary")).json();
    expect(summary.today).toBeGreaterThanOrEqual(1);
    expect(summary.signInsToday).toBeGreaterThanOrEqual(2);
    expect(summary.peopleToday).toBeGreaterThanOrEqual(2);
    expect((await sales.get("/api/audit/summary")).statusCode).toBe(403);

    const csv = await director.get(`/api/audit.csv?entity=customers&entityId=${customer.id}`);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toContain('"Actor"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(customer.name);
  });
});
