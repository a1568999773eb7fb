import { randomInt } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customers, outbox, users } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { newClientAccount, sessionCookieOf, staffEmails, textedCode } from "../../testing/test-app";
import { SIGN_IN_CODES_PER_NUMBER, SIGN_IN_STARTS_PER_ADDRESS } from "./phone-sign-in";

withTestApp();

let serial = 0;
/** A number of its own for each test (as typed, and as stored), and an address to send from. */
function newNumber() {
  serial += 1;
  const digits = String(randomInt(10_000_000, 99_999_999));
  return { typed: `07${digits}`, stored: `+2547${digits}`, ip: `10.9.${serial}.${randomInt(1, 250)}` };
}

const post = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: "POST", url, payload, remoteAddress: ip });
const start = (phone: string, ip: string, language?: string) =>
  post("/api/auth/phone/start", { phone, ...(language ? { language } : {}) }, ip);
const verify = (payload: object, ip: string) => post("/api/auth/phone/verify", payload, ip);

/** The sign-in codes texted to `phone`, newest first. */
const texts = (phone: string) =>
  t.database.read((db) =>
    db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, phone), eq(outbox.kind, "phone_code")))
      .orderBy(desc(outbox.id)),
  );
const codeFor = (phone: string) => textedCode(t.database, phone, "phone_code");

const signup = { firstName: "Njeri", lastName: "Kamau", county: "Nyeri", farmType: "dairy" };

describe("sign-up and sign-in by mobile", () => {
  it("texts a code in the visitor's language, asks a new number for a name, then creates a phone-only account", async () => {
    const n = newNumber();
    const res = await start(n.typed, n.ip, "sw");
    expect(res.statusCode).toBe(202);
    const [sms] = await texts(n.stored);
    expect(sms!.channel).toBe("sms");
    expect(sms!.body).toMatch(/^Urithi: nambari ya kuthibitisha simu hii ni \d{6}/);
    const code = await codeFor(n.stored);

    // The right code for a number with no account: say so, and keep the code for the second try.
    const first = await verify({ phone: n.typed, code }, n.ip);
    expect(first.statusCode).toBe(404);
    expect(first.json().error.code).toBe("SIGNUP_NEEDED");
    const bad = await verify({ phone: n.typed, code, signup: { ...signup, county: "Atlantis" } }, n.ip);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields["signup.county"]).toBe("Choose a county");

    const created = await verify(
      { phone: n.typed, code, signup, language: "sw", marketingConsent: false },
      n.ip,
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ email: null, firstName: "Njeri", lastName: "Kamau" });
    const me = await t.app.inject({ url: "/api/auth/me", headers: { cookie: sessionCookieOf(created) } });
    expect(me.json().user).toMatchObject({
      role: "client",
      email: null,
      phone: n.stored,
      phoneVerified: true,
    });
    const [row] = await t.database.read((db) => db.select().from(users).where(eq(users.phone, n.stored)));
    expect(row).toMatchObject({ email: null, passwordHash: null, language: "sw", notifyBy: "sms" });
    const [customer] = await t.database.read((db) =>
      db.select().from(customers).where(eq(customers.id, row!.customerId!)),
    );
    expect(customer).toMatchObject({ name: "Njeri Kamau", email: null, phone: n.stored, address: "Nyeri" });

    // The code worked once; the next sign-in needs a new one, and lands on the same account.
    expect((await verify({ phone: n.typed, code }, n.ip)).statusCode).toBe(400);
    await start(n.typed, n.ip);
    const again = await verify({ phone: n.typed, code: await codeFor(n.stored) }, n.ip);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().id).toBe(row!.id);
  });

  it("signs an email account in by the mobile it gave, and proves that mobile", async () => {
    const person = await newClientAccount(t.app);
    const ip = newNumber().ip;
    await start(person.phone, ip);
    const res = await verify({ phone: person.phone, code: await codeFor(person.phone) }, ip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().email).toBe(person.email);
    const me = await t.app.inject({ url: "/api/auth/me", headers: { cookie: sessionCookieOf(res) } });
    expect(me.json().user.phoneVerified).toBe(true);
  });

  it("answers alike for a known and an unknown number, and sends a staff number nothing", async () => {
    const person = await newClientAccount(t.app);
    const n = newNumber();
    const known = await start(person.phone, n.ip);
    const unknown = await start(n.typed, n.ip);
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);

    const [director] = await t.database.read((db) =>
      db.select().from(users).where(eq(users.email, staffEmails.director)),
    );
    const staffPhone = `+2547${String(randomInt(10_000_000, 99_999_999))}`;
    await t.database.tx((db) =>
      db.update(users).set({ phone: staffPhone }).where(eq(users.id, director!.id)),
    );
    const staff = await start(staffPhone, n.ip);
    expect(staff.statusCode).toBe(202);
    expect(staff.body).toBe(known.body);
    expect(await texts(staffPhone)).toHaveLength(0);
  });

  it("ends a code after five wrong guesses and after 15 minutes, and only the newest code works", async () => {
    const n = newNumber();
    await start(n.typed, n.ip);
    const first = await codeFor(n.stored);
    await start(n.typed, n.ip);
    const second = await codeFor(n.stored);
    if (first !== second)
      expect((await verify({ phone: n.typed, code: first, signup }, n.ip)).statusCode).toBe(400);
    const wrong = second === "000000" ? "000001" : "000000";
    // From five places, so the code's own limit shows rather than the sign-in delays of one address.
    for (let i = 0; i < 5; i++) {
      const res = await verify({ phone: n.typed, code: wrong, signup }, `${n.ip}${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.code).toBe("This code is wrong or has expired. Ask for a new one.");
    }
    // The sixth try is the right code, but the code has ended.
    expect((await verify({ phone: n.typed, code: second, signup }, n.ip)).statusCode).toBe(400);

    await start(n.typed, n.ip);
    const third = await codeFor(n.stored);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await verify({ phone: n.typed, code: third, signup }, n.ip)).statusCode).toBe(400);
    expect(
      await t.database.read((db) => db.select().from(users).where(eq(users.phone, n.stored))),
    ).toHaveLength(0);
  });

  it("sends one number at most three codes a window, and one address at most ten requests", async () => {
    const n = newNumber();
    for (let i = 0; i < SIGN_IN_CODES_PER_NUMBER + 2; i++)
      expect((await start(n.typed, n.ip)).statusCode).toBe(202);
    expect(await texts(n.stored)).toHaveLength(SIGN_IN_CODES_PER_NUMBER);

    const flood = newNumber();
    const answers: number[] = [];
    for (let i = 0; i < SIGN_IN_STARTS_PER_ADDRESS + 1; i++) {
      answers.push((await start(newNumber().typed, flood.ip)).statusCode);
    }
    expect(answers.slice(0, SIGN_IN_STARTS_PER_ADDRESS).every((s) => s === 202)).toBe(true);
    const last = await start(newNumber().typed, flood.ip);
    expect(last.statusCode).toBe(429);
    expect(last.json().error.message).toMatch(/^Too many code requests/);
  });

  it("refuses a number that is not a Kenyan mobile, under its field", async () => {
    const res = await start("12345", newNumber().ip);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.phone).toBe("Enter a Kenyan mobile number like 0712 345 678");
  });
});
