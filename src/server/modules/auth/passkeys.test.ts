import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { SoftwareAuthenticator } from "../../testing/software-authenticator";
import { asUser, clientEmail, loginAs, loginClient, staffEmails } from "../../testing/test-app";

withTestApp();
let origin: string;
beforeAll(() => {
  origin = t.config.publicUrl;
});

const cookieOf = (res: LightMyRequestResponse, name: string) =>
  res.cookies.find((c) => c.name === name)?.value ?? "";
type Answer = ReturnType<SoftwareAuthenticator["assert"]>;

/** Registers a passkey for the signed-in `cookie` as the account page does: options, then the answer. */
async function register(cookie: string, device: SoftwareAuthenticator, name = "Wanjiru's phone") {
  const options = await t.app.inject({
    method: "POST",
    url: "/api/auth/passkeys/register/options",
    headers: { cookie },
  });
  expect(options.statusCode, options.body).toBe(200);
  expect(options.json().authenticatorSelection).toMatchObject({
    authenticatorAttachment: "platform",
    residentKey: "required",
    userVerification: "required",
  });
  expect(options.json().timeout).toBe(60_000);
  const handle = cookieOf(options, "urithi_wa");
  return t.app.inject({
    method: "POST",
    url: "/api/auth/passkeys/register/verify",
    headers: { cookie: `${cookie}; urithi_wa=${handle}` },
    payload: { response: device.register(options.json()), name },
  });
}

/** Signs in with a passkey as the Fingerprint button does; answers the verify's response and what was sent. */
async function signIn(
  device: SoftwareAuthenticator,
  {
    audience = "staff",
    ip = "10.20.0.1",
    answer,
  }: { audience?: string; ip?: string; answer?: (o: { challenge: string }) => Answer } = {},
) {
  const options = await t.app.inject({
    method: "POST",
    url: "/api/auth/passkeys/login/options",
    remoteAddress: ip,
  });
  expect(options.json().userVerification).toBe("required");
  const handle = cookieOf(options, "urithi_wa");
  const response = (answer ?? ((o) => device.assert(o)))(options.json());
  const send = () =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/passkeys/login/verify",
      headers: { cookie: `urithi_wa=${handle}` },
      payload: { response, audience },
      remoteAddress: ip,
    });
  return { res: await send(), replay: send, response, handle };
}

describe("registering a passkey", () => {
  it("keeps it under its name, emails the person, and lists it on their account only", async () => {
    const cookie = await loginAs(t.app, staffEmails.lab_technician);
    const device = new SoftwareAuthenticator(origin);
    const res = await register(cookie, device);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: "Wanjiru's phone", lastUsedAt: null });
    const listed = await asUser(t.app, cookie).get("/api/auth/passkeys");
    expect(listed.json().map((p: { name: string }) => p.name)).toContain("Wanjiru's phone");
    const other = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    expect((await other.get("/api/auth/passkeys")).json()).toEqual([]);
    const emails = await t.database.read((db) =>
      db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, staffEmails.lab_technician), eq(outbox.kind, "passkey_added"))),
    );
    expect(emails).toHaveLength(1);
    expect(emails[0]!.body).toContain("Wanjiru's phone");
  });

  it("takes a challenge only from the session that asked for it, once, within 90 seconds, from our origin", async () => {
    const first = await loginAs(t.app, staffEmails.logistics_coordinator);
    const second = await loginAs(t.app, staffEmails.logistics_coordinator);
    const device = new SoftwareAuthenticator(origin);
    const options = await t.app.inject({
      method: "POST",
      url: "/api/auth/passkeys/register/options",
      headers: { cookie: first },
    });
    const handle = cookieOf(options, "urithi_wa");
    const verify = (cookie: string, response: unknown) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/passkeys/register/verify",
        headers: { cookie: `${cookie}; urithi_wa=${handle}` },
        payload: { response, name: "Laptop" },
      });
    // Another session of the same person cannot use it, and the attempt spends it.
    expect((await verify(second, device.register(options.json()))).statusCode).toBe(400);
    expect((await verify(first, device.register(options.json()))).statusCode).toBe(400);

    const late = await t.app.inject({
      method: "POST",
      url: "/api/auth/passkeys/register/options",
      headers: { cookie: first },
    });
    t.clock.advance(91_000);
    const expired = await t.app.inject({
      method: "POST",
      url: "/api/auth/passkeys/register/verify",
      headers: { cookie: `${first}; urithi_wa=${cookieOf(late, "urithi_wa")}` },
      payload: { response: device.register(late.json()), name: "Laptop" },
    });
    expect(expired.statusCode).toBe(400);

    const fresh = await loginAs(t.app, staffEmails.logistics_coordinator);
    const evil = new SoftwareAuthenticator(origin);
    const phished = await t.app.inject({
      method: "POST",
      url: "/api/auth/passkeys/register/options",
      headers: { cookie: fresh },
    });
    const wrongOrigin = await t.app.inject({
      method: "POST",
      url: "/api/auth/passkeys/register/verify",
      headers: { cookie: `${fresh}; urithi_wa=${cookieOf(phished, "urithi_wa")}` },
      payload: {
        response: evil.register(phished.json(), { origin: "https://urithi.example.evil" }),
        name: "Laptop",
      },
    });
    expect(wrongOrigin.statusCode).toBe(400);
    expect((await asUser(t.app, fresh).get("/api/auth/passkeys")).json()).toEqual([]);
  });

  it("is for signed-in people, and refuses a malformed answer with 400", async () => {
    expect(
      (await t.app.inject({ method: "POST", url: "/api/auth/passkeys/register/options" })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/passkeys" })).statusCode).toBe(401);
    const cookie = await loginAs(t.app, staffEmails.chief_scientist);
    const options = await t.app.inject({
      method: "POST",
      url: "/api/auth/passkeys/register/options",
      headers: { cookie },
    });
    const junk = await t.app.inject({
      method: "POST",
      url: "/api/auth/passkeys/register/verify",
      headers: { cookie: `${cookie}; urithi_wa=${cookieOf(options, "urithi_wa")}` },
      payload: {
        response: { id: "x", rawId: "x", type: "public-key", response: { attestationObject: "!!" } },
        name: "",
      },
    });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().error.fields.name).toBe("Name is required");
  });
});

describe("signing in with a passkey", () => {
  it("signs in without an email, and refuses the same answer twice and a cloned authenticator", async () => {
    const device = new SoftwareAuthenticator(origin);
    expect((await register(await loginAs(t.app, staffEmails.sales_manager), device)).statusCode).toBe(201);
    const { res, replay } = await signIn(device);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe(staffEmails.sales_manager);
    const session = `urithi_sid=${cookieOf(res, "urithi_sid")}`;
    expect(
      (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: session } })).statusCode,
    ).toBe(200);
    // The challenge was taken: the same answer again is refused.
    const again = await replay();
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe("Please try again or use password login");

    // A copy of the key whose counter has fallen behind is refused, though its signature is good.
    const clone = Object.assign(
      Object.create(Object.getPrototypeOf(device)),
      device,
    ) as SoftwareAuthenticator;
    expect((await signIn(device)).res.statusCode).toBe(200);
    clone.counter = 0;
    expect((await signIn(clone)).res.statusCode).toBe(401);
  });

  it("needs the fingerprint (user verification), our origin, and the right sign-in page", async () => {
    const device = new SoftwareAuthenticator(origin);
    expect(
      (await register(await loginAs(t.app, staffEmails.chief_scientist), device, "Tablet")).statusCode,
    ).toBe(201);
    expect(
      (await signIn(device, { answer: (o) => device.assert(o, { userVerified: false }) })).res.statusCode,
    ).toBe(401);
    expect(
      (await signIn(device, { answer: (o) => device.assert(o, { origin: "https://urithi.example.evil" }) }))
        .res.statusCode,
    ).toBe(401);
    expect((await signIn(device, { audience: "client" })).res.statusCode).toBe(401);
    expect((await signIn(device)).res.statusCode).toBe(200);

    const farmer = new SoftwareAuthenticator(origin);
    expect((await register(await loginClient(t.app, clientEmail), farmer, "Simu yangu")).statusCode).toBe(
      201,
    );
    expect((await signIn(farmer)).res.statusCode).toBe(401);
    expect((await signIn(farmer, { audience: "client" })).res.statusCode).toBe(200);
  });

  it("goes through the password's sign-in limits", async () => {
    const device = new SoftwareAuthenticator(origin);
    expect(
      (await register(await loginAs(t.app, staffEmails.director), device, "Director's laptop")).statusCode,
    ).toBe(201);
    const ip = "10.21.0.1";
    for (let i = 0; i < 6; i++) {
      const bad = await signIn(device, { ip, answer: (o) => device.assert(o, { userVerified: false }) });
      expect(bad.res.statusCode).toBe(401);
    }
    const held = await signIn(device, { ip });
    expect(held.res.statusCode).toBe(429);
    expect(held.res.json().error.message).toMatch(/Too many sign-in attempts/);
  });
});

describe("removing passkeys", () => {
  it("lets a person remove their own, and a Director revoke a staff member's, not a client's", async () => {
    const labCookie = await loginAs(t.app, staffEmails.lab_technician);
    const device = new SoftwareAuthenticator(origin);
    const added = (await register(labCookie, device, "Old phone")).json();
    const lab = asUser(t.app, labCookie);
    expect((await lab.patch(`/api/auth/passkeys/${added.id}`, { name: "Lost phone" })).json().name).toBe(
      "Lost phone",
    );

    const sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    expect((await sales.del(`/api/auth/passkeys/${added.id}`)).statusCode).toBe(404);
    expect((await sales.patch(`/api/auth/passkeys/${added.id}`, { name: "Mine" })).statusCode).toBe(404);
    expect((await sales.del("/api/staff/1/passkeys")).statusCode).toBe(403);

    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const row = (
      await director.get(`/api/staff?search=${encodeURIComponent(staffEmails.lab_technician)}`)
    ).json()[0];
    expect(row.passkeys).toBe((await lab.get("/api/auth/passkeys")).json().length);
    expect(row.passkeys).toBeGreaterThanOrEqual(1);
    const revoked = await director.del(`/api/staff/${row.id}/passkeys`);
    expect(revoked.json().removed).toBe(row.passkeys);
    expect(
      (await director.get(`/api/staff?search=${encodeURIComponent(staffEmails.lab_technician)}`)).json()[0]
        .passkeys,
    ).toBe(0);
    expect((await signIn(device)).res.statusCode).toBe(401);

    const clientCookie = await loginClient(t.app, clientEmail);
    const farmer = new SoftwareAuthenticator(origin);
    const theirs = (await register(clientCookie, farmer, "Simu")).json();
    expect((await director.del(`/api/auth/passkeys/${theirs.id}`)).statusCode).toBe(404);
    const client = asUser(t.app, clientCookie);
    expect((await client.del(`/api/auth/passkeys/${theirs.id}`)).statusCode).toBe(200);
    const left = (await client.get("/api/auth/passkeys")).json() as { id: number }[];
    expect(left.map((p) => p.id)).not.toContain(theirs.id);
  });
});
