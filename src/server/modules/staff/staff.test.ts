import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { StaffMember } from "../../../contract/staff";
import { outbox } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { asUser, clientEmail, loginAs, loginClient, staffEmails } from "../../testing/test-app";

withTestApp();
let director: ReturnType<typeof asUser>;
beforeAll(async () => {
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
});

let serial = 0;
const invitee = (role = "sales_manager") => {
  serial += 1;
  return {
    firstName: "Wanjiru",
    lastName: `Kamau ${serial}`,
    email: `wanjiru.${serial}.${Date.now()}@urithi.co.ke`,
    role,
    phone: "0712 345 678",
  };
};

/** The newest email of `kind` to `email`, and the one-time link in it. */
async function linkFor(email: string, kind: "staff_invite" | "password_reset" = "staff_invite") {
  const [row] = await t.database.read((db) =>
    db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.kind, kind)))
      .orderBy(desc(outbox.id))
      .limit(1),
  );
  const url = new URL(/https?:\/\/\S+/.exec(row!.body)![0]);
  return { row: row!, token: url.searchParams.get("token")!, url };
}

const accept = (token: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/accept-invite", payload: { token, password } });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username: email, password } });

async function invite(role = "sales_manager") {
  const body = invitee(role);
  const res = await director.post("/api/staff", body);
  expect(res.statusCode, res.body).toBe(201);
  return { body, member: res.json() as StaffMember };
}

async function activeMember(role = "sales_manager", password = "Mbegu-za-Ayrshire-7") {
  const { body, member } = await invite(role);
  const { token } = await linkFor(body.email);
  expect((await accept(token, password)).statusCode).toBe(200);
  return { body, member, password };
}

describe("who may manage staff", () => {
  it("is Directors only: others 403, clients 403, signed out 401", async () => {
    expect((await director.get("/api/staff")).statusCode).toBe(200);
    for (const role of [
      "chief_scientist",
      "sales_manager",
      "lab_technician",
      "logistics_coordinator",
    ] as const) {
      const other = asUser(t.app, await loginAs(t.app, staffEmails[role]));
      expect((await other.get("/api/staff")).statusCode, role).toBe(403);
      expect((await other.post("/api/staff", invitee())).statusCode, role).toBe(403);
      expect((await other.patch("/api/staff/1", { isActive: false })).statusCode, role).toBe(403);
      expect((await other.post("/api/staff/1/reset-password", {})).statusCode, role).toBe(403);
    }
    const client = asUser(t.app, await loginClient(t.app, clientEmail));
    expect((await client.get("/api/staff")).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/staff" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/staff", payload: {} })).statusCode).toBe(401);
  });
});

describe("the staff list", () => {
  it("lists staff, never clients, with role, status and last sign-in, filtered and paged", async () => {
    const res = await director.get("/api/staff?limit=50");
    expect(res.statusCode).toBe(200);
    const list = res.json() as StaffMember[];
    expect(list.map((m) => m.email)).toContain(staffEmails.sales_manager);
    expect(list.map((m) => m.email)).not.toContain(clientEmail);
    const me = list.find((m) => m.email === staffEmails.director)!;
    expect(me).toMatchObject({ role: "director", status: "active", isDemo: true });
    expect(me.lastSignInAt).not.toBeNull();
    const names = list.map((m) => `${m.firstName} ${m.lastName}`);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(Number(res.headers["x-total-count"])).toBe(list.length);

    const directors = (await director.get("/api/staff?role=director")).json() as StaffMember[];
    expect(directors.every((m) => m.role === "director")).toBe(true);
    const found = (await director.get("/api/staff?search=kiprop")).json() as StaffMember[];
    expect(found.map((m) => m.email)).toEqual([staffEmails.sales_manager]);
    const page = (await director.get("/api/staff?limit=2&offset=1")).json() as StaffMember[];
    expect(page.map((m) => m.id)).toEqual(list.slice(1, 3).map((m) => m.id));
    expect((await director.get("/api/staff?sort=password")).statusCode).toBe(400);
    expect((await director.get("/api/staff?status=asleep")).statusCode).toBe(400);
  });
});

describe("inviting", () => {
  it("makes an account that cannot sign in until its one-time link sets a password", async () => {
    const { body, member } = await invite();
    expect(member).toMatchObject({
      email: body.email,
      role: "sales_manager",
      status: "invited",
      phone: "+254712345678",
    });
    expect((await signIn(body.email, "anything-at-all-1")).statusCode).toBe(401);
    const invited = (await director.get("/api/staff?status=invited")).json() as StaffMember[];
    expect(invited.map((m) => m.id)).toContain(member.id);

    const { row, token, url } = await linkFor(body.email);
    expect(row).toMatchObject({ channel: "email", subject: "You are invited to Urithi" });
    expect(url.pathname).toBe("/accept-invite");
    expect(row.body).toContain("Grace Wanjiku invited you to Urithi as Sales Manager");
    expect(row.body).toContain("within 72 hours");

    // A weak password is refused and the link still works.
    const short = await accept(token, "short");
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toBe("Password must be at least 10 characters");
    const common = await accept(token, "password123");
    expect(common.statusCode).toBe(400);
    const ok = await accept(token, "Mbegu-za-Ayrshire-7");
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ email: body.email, staff: true });
    // Used once only.
    const replay = await accept(token, "Another-password-8");
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toMatch(/expired or was already used/);

    expect((await signIn(body.email, "Mbegu-za-Ayrshire-7")).statusCode).toBe(200);
    const after = (await director.get(`/api/staff?search=${encodeURIComponent(body.lastName)}`)).json();
    expect(after[0]).toMatchObject({ status: "active" });
    expect(after[0].lastSignInAt).not.toBeNull();
  });

  it("refuses a taken email (409) and bad fields (400, each under its field)", async () => {
    const taken = await director.post("/api/staff", {
      ...invitee(),
      email: staffEmails.lab_technician.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect((await director.post("/api/staff", { ...invitee(), email: clientEmail })).statusCode).toBe(409);
    const bad = await director.post("/api/staff", {
      firstName: "",
      email: "nope",
      role: "client",
      phone: "123",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual([
      "email",
      "firstName",
      "lastName",
      "phone",
      "role",
    ]);
    // Two invites for one email at once: one account.
    const same = invitee();
    const both = await Promise.all([director.post("/api/staff", same), director.post("/api/staff", same)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("lets an invite expire after 72 hours", async () => {
    const { body } = await invite();
    const { token } = await linkFor(body.email);
    t.clock.advance(72 * 60 * 60 * 1000 + 1000);
    expect((await accept(token, "Mbegu-za-Ayrshire-7")).statusCode).toBe(400);
    // The Director sends a new one; only the newest works.
    director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const member = (await director.get(`/api/staff?search=${encodeURIComponent(body.lastName)}`)).json()[0];
    expect((await director.post(`/api/staff/${member.id}/reset-password`, {})).statusCode).toBe(202);
    const fresh = await linkFor(body.email);
    expect(fresh.token).not.toBe(token);
    expect((await accept(fresh.token, "Mbegu-za-Ayrshire-7")).statusCode).toBe(200);
  });
});

describe("changing a role and deactivating", () => {
  it("changes a role (the person is emailed and their screens follow) and deactivation ends their sessions", async () => {
    const { body, member, password } = await activeMember("lab_technician");
    const person = asUser(
      t.app,
      (await signIn(body.email, password)).headers["set-cookie"]!.toString().split(";")[0]!,
    );
    expect((await person.get("/api/customers")).statusCode).toBe(403);
    const changed = await director.patch(`/api/staff/${member.id}`, { role: "sales_manager" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().role).toBe("sales_manager");
    expect((await person.get("/api/customers")).statusCode).toBe(200);
    const [mail] = await t.database.read((db) =>
      db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, body.email), eq(outbox.kind, "role_changed"))),
    );
    expect(mail!.subject).toBe("Your Urithi role is now Sales Manager");

    const off = await director.patch(`/api/staff/${member.id}`, { isActive: false });
    expect(off.json().status).toBe("inactive");
    expect((await person.get("/api/auth/me")).statusCode).toBe(401);
    expect((await signIn(body.email, password)).statusCode).toBe(401);
    expect((await director.patch(`/api/staff/${member.id}`, { isActive: true })).json().status).toBe(
      "active",
    );
    expect((await signIn(body.email, password)).statusCode).toBe(200);
    expect((await director.patch(`/api/staff/${member.id}`, {})).statusCode).toBe(400);
    expect((await director.patch("/api/staff/999999", { isActive: false })).statusCode).toBe(404);
    // A client is not staff.
    const [client] = (await director.get("/api/staff?search=mwangi")).json();
    expect(client).toBeUndefined();
  });

  it("keeps at least one active Director, and a Director cannot change their own role", async () => {
    const me = (await director.get("/api/staff?search=director1")).json()[0] as StaffMember;
    const other = (await director.get("/api/staff?search=director2")).json()[0] as StaffMember;
    const own = await director.patch(`/api/staff/${me.id}`, { role: "sales_manager" });
    expect(own.statusCode).toBe(409);
    expect(own.json().error.message).toBe("You cannot change your own role: ask another Director");
    expect((await director.patch(`/api/staff/${me.id}`, { isActive: false })).statusCode).toBe(409);

    expect((await director.patch(`/api/staff/${other.id}`, { isActive: false })).statusCode).toBe(200);
    const last = await director.patch(`/api/staff/${me.id}`, { role: "chief_scientist" });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toMatch(
      /^Grace Wanjiku is the last active Director: make someone else/,
    );
    expect((await director.patch(`/api/staff/${other.id}`, { isActive: true })).statusCode).toBe(200);

    // Two Directors deactivating each other at once: one wins, the other is told the first is the last.
    const second = asUser(t.app, await loginAs(t.app, "director2@urithi.co.ke"));
    const answers = await Promise.all([
      director.patch(`/api/staff/${other.id}`, { isActive: false }),
      second.patch(`/api/staff/${me.id}`, { isActive: false }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const directors = (await t.database.read((db) => db.query.users.findMany())).filter(
      (u) => u.role === "director" && u.isActive,
    );
    expect(directors).toHaveLength(1);
    // Put back whoever lost, from whoever is left.
    const left = directors[0]!.email === staffEmails.director ? director : second;
    const lost = directors[0]!.id === me.id ? other : me;
    expect((await left.patch(`/api/staff/${lost.id}`, { isActive: true })).statusCode).toBe(200);
    director = asUser(t.app, await loginAs(t.app, staffEmails.director));
  });
});

describe("a Director's reset link", () => {
  it("sets a new password once, for the right email, and ends every session", async () => {
    const { body, member, password } = await activeMember();
    const cookie = (await signIn(body.email, password)).headers["set-cookie"]!.toString().split(";")[0]!;
    expect((await director.post(`/api/staff/${member.id}/reset-password`, {})).statusCode).toBe(202);
    const { token, url } = await linkFor(body.email, "password_reset");
    expect(url.pathname).toBe("/reset-password");
    expect(url.searchParams.get("email")).toBe(body.email);
    const reset = (email: string, pw: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/reset-password",
        payload: { token, email, password: pw },
      });
    expect((await reset(staffEmails.lab_technician, "Kahawa-na-Chai-99")).statusCode).toBe(400);
    expect((await reset(body.email, "short")).statusCode).toBe(400);
    expect((await reset(body.email, "Kahawa-na-Chai-99")).statusCode).toBe(200);
    expect((await reset(body.email, "Kahawa-na-Chai-100")).statusCode).toBe(400);
    expect((await asUser(t.app, cookie).get("/api/auth/me")).statusCode).toBe(401);
    expect((await signIn(body.email, password)).statusCode).toBe(401);
    expect((await signIn(body.email, "Kahawa-na-Chai-99")).statusCode).toBe(200);
    // The demo accounts keep their published password.
    const sales = (await director.get("/api/staff?search=kiprop")).json()[0] as StaffMember;
    expect((await director.post(`/api/staff/${sales.id}/reset-password`, {})).statusCode).toBe(409);
  });

  it("is hidden from staff reading the outbox outside demo mode", async () => {
    const { body } = await invite();
    const shown = (await director.get(`/api/messages?search=${encodeURIComponent(body.email)}`)).json();
    expect(shown[0].body).toMatch(/token=[\w-]{20,}/);
    t.config.demoMode = false;
    try {
      const hidden = (await director.get(`/api/messages?search=${encodeURIComponent(body.email)}`)).json();
      expect(hidden[0].body).toContain("token=…");
      expect(hidden[0].body).not.toMatch(/token=[\w-]{20,}/);
    } finally {
      t.config.demoMode = true;
    }
  });
});
