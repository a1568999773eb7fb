import { beforeAll, describe, expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE } from "../../../contract/auth";
import { t, withTestApp } from "../../testing/app-session";
import {
  addUser,
  asUser,
  createTestApp,
  loginAs,
  loginClient,
  signupPayload,
  staffEmails,
} from "../../testing/test-app";

withTestApp();
beforeAll(async () => {
  await addUser(t.database, {
    email: "mwangi.store@urithi.co.ke",
    password: "Straw-Canister-77",
    role: "lab_technician",
  });
});

const HOUR = 3600_000;
const STAFF = "mwangi.store@urithi.co.ke";

async function signUpClient(email: string, password: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/client-signup",
    payload: signupPayload(email, password),
  });
  expect(res.statusCode).toBe(201);
}

describe("changing a password", () => {
  it("needs the current password, 10 characters for staff and nothing common", async () => {
    const me = asUser(t.app, await loginAs(t.app, STAFF, "Straw-Canister-77"));
    const change = (currentPassword: string, newPassword: string) =>
      me.post("/api/auth/password", { currentPassword, newPassword, confirmPassword: newPassword });

    const wrong = await change("not-it", "Tank-Level-Alarm-9");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty("currentPassword");
    const short = await change("Straw-Canister-77", "short-9");
    expect(short.json().error.fields.newPassword).toBe("Password must be at least 10 characters");
    const common = await change("Straw-Canister-77", "1234567890");
    expect(common.json().error.fields.newPassword).toBe(COMMON_PASSWORD_MESSAGE);
    const mismatch = await me.post("/api/auth/password", {
      currentPassword: "Straw-Canister-77",
      newPassword: "Tank-Level-Alarm-9",
      confirmPassword: "Tank-Level-Alarm-8",
    });
    expect(mismatch.json().error.fields.confirmPassword).toBe("Passwords do not match");
  });

  it("keeps this session, ends the others, and the new password is the one that works", async () => {
    const here = asUser(t.app, await loginAs(t.app, STAFF, "Straw-Canister-77"));
    const phone = asUser(t.app, await loginAs(t.app, STAFF, "Straw-Canister-77"));
    const res = await here.post("/api/auth/password", {
      currentPassword: "Straw-Canister-77",
      newPassword: "Tank-Level-Alarm-9",
      confirmPassword: "Tank-Level-Alarm-9",
    });
    expect(res.statusCode).toBe(200);
    expect((await here.get("/api/auth/me")).statusCode).toBe(200);
    expect((await phone.get("/api/auth/me")).statusCode).toBe(401);
    await expect(loginAs(t.app, STAFF, "Straw-Canister-77")).rejects.toThrow(/401/);
    await loginAs(t.app, STAFF, "Tank-Level-Alarm-9");
  });

  it("lets a client keep SPEC's 6-character minimum", async () => {
    await signUpClient("njeri.wambui@example.co.ke", "maziwa7");
    const me = asUser(t.app, await loginClient(t.app, "njeri.wambui@example.co.ke", "maziwa7"));
    const res = await me.post("/api/auth/password", {
      currentPassword: "maziwa7",
      newPassword: "ngombe8",
      confirmPassword: "ngombe8",
    });
    expect(res.statusCode).toBe(200);
  });

  it("leaves the shared demo accounts' password alone", async () => {
    const me = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const res = await me.post("/api/auth/password", {
      currentPassword: "demo1234",
      newPassword: "Tank-Level-Alarm-9",
      confirmPassword: "Tank-Level-Alarm-9",
    });
    expect(res.statusCode).toBe(409);
  });
});

describe("active sessions", () => {
  it("lists them, marks this one, ends one, and signs out the others", async () => {
    const a = asUser(t.app, await loginAs(t.app, staffEmails.logistics_coordinator));
    const b = asUser(t.app, await loginAs(t.app, staffEmails.logistics_coordinator));
    const c = asUser(t.app, await loginAs(t.app, staffEmails.logistics_coordinator));
    const list = (await a.get("/api/auth/security")).json();
    expect(list.sessions.length).toBeGreaterThanOrEqual(3);
    expect(list.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(JSON.stringify(list)).not.toMatch(/token|hash/i);

    const bId = (await b.get("/api/auth/security"))
      .json()
      .sessions.find((s: { current: boolean }) => s.current).id;
    expect((await a.del(`/api/auth/sessions/${bId}`)).statusCode).toBe(200);
    expect((await b.get("/api/auth/me")).statusCode).toBe(401);
    expect((await a.del(`/api/auth/sessions/${bId}`)).statusCode).toBe(404);

    const others = await a.post("/api/auth/sessions/end-others", {});
    expect(others.json().ended).toBeGreaterThanOrEqual(1);
    expect((await c.get("/api/auth/me")).statusCode).toBe(401);
    expect((await a.get("/api/auth/me")).statusCode).toBe(200);
  });

  it("cannot end somebody else's session", async () => {
    const mine = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    const theirs = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
    const id = (await theirs.get("/api/auth/security")).json().sessions[0].id;
    expect((await mine.del(`/api/auth/sessions/${id}`)).statusCode).toBe(404);
    expect((await theirs.get("/api/auth/me")).statusCode).toBe(200);
  });
});

describe("absolute session lifetime", () => {
  it("ends a staff session after 12 hours however busy", async () => {
    const me = asUser(t.app, await loginAs(t.app, staffEmails.chief_scientist));
    for (let elapsed = 0; elapsed < 12 * HOUR - 15 * 60_000; elapsed += 10 * 60_000) {
      t.clock.advance(10 * 60_000);
      expect((await me.get("/api/auth/me")).statusCode).toBe(200);
    }
    t.clock.advance(15 * 60_000);
    expect((await me.get("/api/auth/me")).statusCode).toBe(401);
  });

  it("gives a client session 30 days", async () => {
    const me = asUser(t.app, await loginClient(t.app, "client@urithi.co.ke"));
    const [session] = (await me.get("/api/auth/security")).json().sessions;
    const lifetime = Date.parse(session.expiresAt) - Date.parse(session.createdAt);
    expect(lifetime).toBe(30 * 24 * HOUR);
  });
});

describe("in production", () => {
  it("names the cookies with the __Host- prefix and marks them Secure", async () => {
    const prod = await createTestApp({ env: { NODE_ENV: "production" }, seed: false });
    try {
      await addUser(prod.database, {
        email: "ops@urithi.co.ke",
        password: "Straw-Canister-77",
        role: "director",
      });
      const res = await prod.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: "ops@urithi.co.ke", password: "Straw-Canister-77" },
      });
      expect(res.statusCode).toBe(200);
      for (const name of ["__Host-urithi_sid", "__Host-urithi_dev"]) {
        const cookie = res.cookies.find((c) => c.name === name)!;
        expect(cookie).toMatchObject({ secure: true, path: "/", httpOnly: true });
        expect(cookie.domain).toBeUndefined();
      }
      const sid = res.cookies.find((c) => c.name === "__Host-urithi_sid")!.value;
      const me = await prod.app.inject({
        method: "GET",
        url: "/api/auth/me",
        headers: { cookie: `__Host-urithi_sid=${sid}` },
      });
      expect(me.statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe("the language on an account", () => {
  it("starts as the one read at signup, changes when chosen, and refuses any other", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/client-signup",
      payload: { ...signupPayload("wanjiru.lugha@example.co.ke", "lugha-yangu"), language: "sw" },
    });
    expect(res.statusCode).toBe(201);
    const me = asUser(t.app, await loginClient(t.app, "wanjiru.lugha@example.co.ke", "lugha-yangu"));
    expect((await me.get("/api/auth/me")).json().user.language).toBe("sw");

    const chosen = await me.put("/api/auth/language", { language: "en" });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().user.language).toBe("en");
    expect((await me.get("/api/auth/me")).json().user.language).toBe("en");

    const bad = await me.put("/api/auth/language", { language: "fr" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.language).toBe("Choose English or Kiswahili");
    const signedOut = await t.app.inject({
      method: "PUT",
      url: "/api/auth/language",
      payload: { language: "sw" },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it("is English for an account that never chose", async () => {
    const staff = asUser(t.app, await loginAs(t.app, staffEmails.director));
    expect((await staff.get("/api/auth/me")).json().user.language).toBe("en");
  });
});
