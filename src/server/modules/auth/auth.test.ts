import { describe, expect, it } from "vitest";
import { t, withTestApp } from "../../testing/app-session";
import { clientEmail, createTestApp, loginAs, loginClient, staffEmails } from "../../testing/test-app";

withTestApp();

const MINUTE = 60_000;
const me = (cookie?: string) =>
  t.app.inject({ method: "GET", url: "/api/auth/me", headers: cookie ? { cookie } : {} });

describe("staff login", () => {
  it("signs in, sets an HttpOnly SameSite=Lax session cookie and answers the user without secrets", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "Director1@Urithi.co.ke", password: "demo1234" },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === "urithi_sid")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.path).toBe("/");
    expect(cookie.secure).toBeFalsy();
    const body = res.json();
    expect(body.user).toMatchObject({
      email: "director1@urithi.co.ke",
      role: "director",
      roleLabel: "Director",
    });
    expect(res.body).not.toMatch(/hash|password/i);

    const who = await me(`urithi_sid=${cookie.value}`);
    expect(who.statusCode).toBe(200);
    expect(who.json().user.email).toBe("director1@urithi.co.ke");
  });

  it("refuses a wrong password with 401 and the spec's message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "director2@urithi.co.ke", password: "wrong-one" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: "UNAUTHORIZED", message: "Invalid username or password" } });
    expect(res.cookies).toHaveLength(0);
  });

  it("does not let a client account into the staff login", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: clientEmail, password: "demo1234" },
    });
    expect(res.statusCode).toBe(401);
  });

  it("answers 400 with field errors when username or password is missing", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username: "" } });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(Object.keys(error.fields)).toEqual(expect.arrayContaining(["username", "password"]));
  });

  it("answers 401 on /me without a session", async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("UNAUTHORIZED");
  });
});

describe("sessions", () => {
  it("logout invalidates the session on the server", async () => {
    const cookie = await loginAs(t.app, staffEmails.sales_manager);
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === "urithi_sid")?.value).toBe("");
    // The old cookie, replayed, no longer works.
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("ends a session after 15 idle minutes, and activity keeps it alive", async () => {
    const cookie = await loginAs(t.app, staffEmails.lab_technician);
    t.clock.advance(14 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advance(14 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE + 1000);
    const expired = await me(cookie);
    expect(expired.statusCode).toBe(401);
    // Gone for good, even if the clock were to come back.
    t.clock.advance(-20 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(401);
    t.clock.advance(20 * MINUTE);
  });

  it("ignores a forged cookie", async () => {
    expect((await me("urithi_sid=not-a-real-token")).statusCode).toBe(401);
  });
});

describe("client signup and login", () => {
  const signup = {
    firstName: "Wanjiru",
    lastName: "Kamau",
    email: "Wanjiru.Kamau@example.co.ke",
    phone: "+254 700 111 222",
    password: "secret12",
    confirmPassword: "secret12",
    farmName: "Kamau Dairy",
    farmType: "dairy",
    location: "Limuru",
    county: "Nairobi",
    herdSize: "11-50",
    experience: "intermediate",
    interests: ["Dairy Cattle", "Embryo Transfer"],
    notes: "",
    userType: "client",
  };

  it("creates an account and answers only id, email, names and farm", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/client-signup", payload: signup });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["email", "farmName", "firstName", "id", "lastName"]);
    expect(body).toMatchObject({ email: "wanjiru.kamau@example.co.ke", farmName: "Kamau Dairy" });
  });

  it("refuses the same email twice with 409", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/client-signup",
      payload: { ...signup, email: "wanjiru.kamau@EXAMPLE.co.ke" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe("An account with this email already exists");
  });

  it("checks the passwords match and are long enough", async () => {
    const mismatch = await t.app.inject({
      method: "POST",
      url: "/api/client-signup",
      payload: { ...signup, email: "a@example.com", confirmPassword: "other123" },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fields.confirmPassword).toBe("Passwords do not match");
    const short = await t.app.inject({
      method: "POST",
      url: "/api/client-signup",
      payload: { ...signup, email: "b@example.com", password: "abc", confirmPassword: "abc" },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toBe("Password must be at least 6 characters");
    const badCounty = await t.app.inject({
      method: "POST",
      url: "/api/client-signup",
      payload: { ...signup, email: "c@example.com", county: "Atlantis" },
    });
    expect(badCounty.statusCode).toBe(400);
    expect(badCounty.json().error.fields).toHaveProperty("county");
  });

  it("lets the new client sign in, with the same fields, and keeps them out of staff routes", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/client-login",
      payload: { email: "wanjiru.kamau@example.co.ke", password: "secret12" },
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(["email", "farmName", "firstName", "id", "lastName"]);
    const cookie = await loginClient(t.app, "wanjiru.kamau@example.co.ke", "secret12");
    const customers = await t.app.inject({ method: "GET", url: "/api/customers", headers: { cookie } });
    expect(customers.statusCode).toBe(403);
  });

  it("answers the client login failure message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/client-login",
      payload: { email: clientEmail, password: "nope" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe("Invalid email or password. Please try again.");
    const staffOnClient = await t.app.inject({
      method: "POST",
      url: "/api/client-login",
      payload: { email: staffEmails.director, password: "demo1234" },
    });
    expect(staffOnClient.statusCode).toBe(401);
  });
});

describe("demo accounts", () => {
  it("lists the demo accounts while demo mode is on", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/demo-accounts" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.enabled).toBe(true);
    expect(body.accounts.map((a: { email: string }) => a.email)).toEqual([
      "director1@urithi.co.ke",
      "director2@urithi.co.ke",
      "scientist@urithi.co.ke",
      "sales@urithi.co.ke",
      "lab@urithi.co.ke",
      "logistics@urithi.co.ke",
      "field@urithi.co.ke",
      "client@urithi.co.ke",
    ]);
  });

  it("refuses demo passwords once demo mode is off", async () => {
    const prod = await createTestApp({ env: { NODE_ENV: "production" } });
    try {
      expect(prod.config.demoMode).toBe(false);
      const res = await prod.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: staffEmails.director, password: "demo1234" },
      });
      expect(res.statusCode).toBe(401);
      const list = await prod.app.inject({ method: "GET", url: "/api/auth/demo-accounts" });
      expect(list.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
