import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MessageKind } from "../../../contract/messages";
import { outbox } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { asUser, clientEmail, loginAs, newClientAccount, staffEmails } from "../../testing/test-app";

withTestApp();

let serial = 0;
/** A client of their own for each test, and an address to send from. */
async function newClient() {
  serial += 1;
  return { ...(await newClientAccount(t.app)), ip: `10.8.${serial}.1` };
}

const post = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: "POST", url, payload, remoteAddress: ip });
const forgot = (payload: object, ip: string) => post("/api/auth/forgot-password", payload, ip);
const reset = (payload: object, ip: string) => post("/api/auth/reset-password", payload, ip);

/** The messages of `kind` sent to `recipient`, newest first. */
const sent = (recipient: string, kind: MessageKind) =>
  t.database.read((db) =>
    db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, recipient), eq(outbox.kind, kind)))
      .orderBy(desc(outbox.id)),
  );
const codeIn = (body: string) => /\b(\d{6})\b/.exec(body)![1]!;

/** Proves the client's mobile with the code texted to it. */
async function verifyPhone(person: Awaited<ReturnType<typeof newClient>>) {
  expect((await person.client.post("/api/auth/phone/verification", {})).statusCode).toBe(202);
  const [sms] = await sent(person.phone, "phone_code");
  const res = await person.client.post("/api/auth/phone/verification/confirm", { code: codeIn(sms!.body) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().user.phoneVerified).toBe(true);
}

describe("forgot password by email", () => {
  it("answers 202 alike for no account and a real one, and sends a 15-minute link only to the real one", async () => {
    const person = await newClient();
    const nobody = await forgot({ email: `nobody.${Date.now()}@example.co.ke` }, person.ip);
    const real = await forgot({ email: person.email.toUpperCase() }, person.ip);
    expect([nobody.statusCode, real.statusCode]).toEqual([202, 202]);
    expect(nobody.body).toBe(real.body);
    const [email] = await sent(person.email, "password_reset");
    expect(email!.channel).toBe("email");
    expect(email!.body).toContain("15 minutes");
    const url = new URL(/https?:\/\/\S+/.exec(email!.body)![0]);
    expect(url.pathname).toBe("/reset-password");
    const token = url.searchParams.get("token")!;

    t.clock.advance(15 * 60 * 1000 + 1000);
    const late = await reset({ token, email: person.email, password: "a-new-password-1" }, person.ip);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toMatch(/expired or was already used/);
  });

  it("sets the password once by the link, ends every session and lifts the account's sign-in delays", async () => {
    const person = await newClient();
    // Wrong guesses from new places hold the account back.
    for (let i = 0; i < 11; i++) {
      await post("/api/client-login", { email: person.email, password: "not-it" }, `10.7.${i}.${serial}`);
    }
    const held = await post("/api/client-login", { email: person.email, password: "not-it" }, "10.7.99.1");
    expect(held.statusCode).toBe(429);

    await forgot({ email: person.email }, person.ip);
    const [email] = await sent(person.email, "password_reset");
    const token = new URL(/https?:\/\/\S+/.exec(email!.body)![0]).searchParams.get("token")!;
    const body = { token, email: person.email, password: "a-new-password-1" };
    const done = await reset(body, person.ip);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ email: person.email, staff: false });
    expect((await reset(body, person.ip)).statusCode).toBe(400);
    expect((await person.client.get("/api/auth/me")).statusCode).toBe(401);
    const back = await post(
      "/api/client-login",
      { email: person.email, password: "a-new-password-1" },
      "10.7.99.2",
    );
    expect(back.statusCode, back.body).toBe(200);
  });

  it("sends nothing for a shared demo account, and staff get a link too", async () => {
    const ip = "10.6.0.1";
    expect((await forgot({ email: clientEmail }, ip)).statusCode).toBe(202);
    expect(await sent(clientEmail, "password_reset")).toHaveLength(0);
    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const staffEmail = `staff.${Date.now()}@urithi.co.ke`;
    const invited = await director.post("/api/staff", {
      firstName: "Juma",
      lastName: "Otieno",
      email: staffEmail,
      role: "lab_technician",
      phone: "0712 345 678",
    });
    expect(invited.statusCode).toBe(201);
    // Invited, with no password yet: the invite is the way in, not a reset.
    await forgot({ email: staffEmail }, ip);
    expect(await sent(staffEmail, "password_reset")).toHaveLength(0);

    const [invite] = await sent(staffEmail, "staff_invite");
    const token = new URL(/https?:\/\/\S+/.exec(invite!.body)![0]).searchParams.get("token")!;
    const password = "Maabara-ya-Nakuru-7";
    expect((await post("/api/auth/accept-invite", { token, password }, ip)).statusCode).toBe(200);
    const staff = asUser(t.app, await loginAs(t.app, staffEmail, password));
    expect((await staff.post("/api/auth/phone/verification", {})).statusCode).toBe(202);
    const [sms] = await sent("+254712345678", "phone_code");
    expect(
      (await staff.post("/api/auth/phone/verification/confirm", { code: codeIn(sms!.body) })).statusCode,
    ).toBe(200);
    // A staff account is not opened by SMS, verified mobile or not (a SIM swap must not reach the books).
    await forgot({ phone: "0712 345 678" }, ip);
    expect(await sent("+254712345678", "reset_code")).toHaveLength(0);
    await forgot({ email: staffEmail }, ip);
    expect(await sent(staffEmail, "password_reset")).toHaveLength(1);
  });
});

describe("forgot password by SMS code", () => {
  it("texts a code only to a verified mobile, in the client's language, and the code sets the password once", async () => {
    const person = await newClient();
    expect((await forgot({ phone: person.phone }, person.ip)).statusCode).toBe(202);
    expect(await sent(person.phone, "reset_code")).toHaveLength(0);

    await verifyPhone(person);
    expect((await person.client.put("/api/auth/language", { language: "sw" })).statusCode).toBe(200);
    expect((await forgot({ phone: person.phone.replace("+254", "0") }, person.ip)).statusCode).toBe(202);
    const [sms] = await sent(person.phone, "reset_code");
    expect(sms!.channel).toBe("sms");
    expect(sms!.language).toBe("sw");
    expect(sms!.body).toContain("dakika 15");
    const code = codeIn(sms!.body);
    const wrong = code === "000000" ? "000001" : "000000";

    const bad = await reset({ code: wrong, phone: person.phone, password: "a-new-password-1" }, person.ip);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.code).toMatch(/wrong or has expired/);
    const weak = await reset({ code, phone: person.phone, password: "123456" }, person.ip);
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toBeDefined();
    // Neither spent it.
    const done = await reset({ code, phone: person.phone, password: "a-new-password-1" }, person.ip);
    expect(done.statusCode, done.body).toBe(200);
    expect(
      (await reset({ code, phone: person.phone, password: "another-one-22" }, person.ip)).statusCode,
    ).toBe(400);
    expect((await person.client.get("/api/auth/me")).statusCode).toBe(401);
    const back = await post(
      "/api/client-login",
      { email: person.email, password: "a-new-password-1" },
      person.ip,
    );
    expect(back.statusCode).toBe(200);
  });

  it("ends a code after five wrong guesses, and after 15 minutes", async () => {
    const person = await newClient();
    await verifyPhone(person);
    await forgot({ phone: person.phone }, person.ip);
    const code = codeIn((await sent(person.phone, "reset_code"))[0]!.body);
    for (let i = 0; i < 5; i++) {
      const guess = String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0");
      expect(
        (await reset({ code: guess, phone: person.phone, password: "a-new-password-1" }, person.ip))
          .statusCode,
      ).toBe(400);
    }
    expect(
      (await reset({ code, phone: person.phone, password: "a-new-password-1" }, person.ip)).statusCode,
    ).toBe(400);

    await forgot({ phone: person.phone }, person.ip);
    const next = codeIn((await sent(person.phone, "reset_code"))[0]!.body);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect(
      (await reset({ code: next, phone: person.phone, password: "a-new-password-1" }, person.ip)).statusCode,
    ).toBe(400);
  });

  it("sends an account three resets per window and an address ten requests, the same answer either way", async () => {
    const person = await newClient();
    await verifyPhone(person);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await forgot({ phone: person.phone }, `10.5.${serial}.${i}`);
      expect(res.statusCode).toBe(202);
      answers.push(res.body);
    }
    expect(new Set(answers).size).toBe(1);
    expect(await sent(person.phone, "reset_code")).toHaveLength(3);

    const ip = `10.4.${serial}.1`;
    for (let i = 0; i < 10; i++) {
      const email = i % 2 ? person.email : `nobody.${i}@example.co.ke`;
      expect((await forgot({ email }, ip)).statusCode).toBe(202);
    }
    const limited = await forgot({ email: `nobody.x@example.co.ke` }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(
      /^Too many password reset requests\. Try again in \d+ minutes?\.$/,
    );
    expect((await forgot({ email: person.email }, ip)).statusCode).toBe(429);
  });

  it("limits code guesses per address across accounts", async () => {
    const ip = `10.3.${serial}.1`;
    for (let i = 0; i < 20; i++) {
      const phone = `+25471${String(i).padStart(7, "0")}`;
      expect((await reset({ code: "123456", phone, password: "a-new-password-1" }, ip)).statusCode).toBe(400);
    }
    const limited = await reset({ code: "123456", phone: "+254710000001", password: "a-new-password-1" }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/^Too many code attempts/);
  });
});

describe("verifying a mobile", () => {
  it("is undone by a new number, and a number verified on one account cannot be verified on another", async () => {
    const first = await newClient();
    await verifyPhone(first);
    const second = await newClient();
    expect((await second.client.put("/api/auth/messaging", { phone: first.phone })).statusCode).toBe(200);
    expect((await second.client.post("/api/auth/phone/verification", {})).statusCode).toBe(202);
    const code = codeIn((await sent(first.phone, "phone_code"))[0]!.body);
    const taken = await second.client.post("/api/auth/phone/verification/confirm", { code });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toMatch(/already verified on another account/);

    const moved = await first.client.put("/api/auth/messaging", { phone: "0733 111 222" });
    expect(moved.json().user.phoneVerified).toBe(false);
    // The old number leads nowhere now.
    await forgot({ phone: first.phone }, first.ip);
    expect((await sent(first.phone, "reset_code")).length).toBe(0);
  });

  it("takes a code only for the number it went to", async () => {
    const person = await newClient();
    expect((await person.client.post("/api/auth/phone/verification", {})).statusCode).toBe(202);
    const code = codeIn((await sent(person.phone, "phone_code"))[0]!.body);
    await person.client.put("/api/auth/messaging", { phone: "0733 444 555" });
    expect((await person.client.post("/api/auth/phone/verification/confirm", { code })).statusCode).toBe(400);
    expect(
      (await person.client.post("/api/auth/phone/verification/confirm", { code: "12a456" })).statusCode,
    ).toBe(400);
  });
});

describe("what the recovery routes refuse", () => {
  it("says which fields are wrong", async () => {
    const ip = "10.2.0.1";
    const both = await forgot({ email: "a@example.co.ke", phone: "0712345678" }, ip);
    expect(both.statusCode).toBe(400);
    expect((await forgot({}, ip)).statusCode).toBe(400);
    expect((await forgot({ phone: "12345" }, ip)).json().error.fields.phone).toMatch(/Kenyan mobile/);
    const noPhone = await reset({ code: "123456", password: "a-new-password-1" }, ip);
    expect(noPhone.json().error.fields.phone).toBe("Phone is required");
    const mixed = await reset({ code: "123456", token: "x", phone: "0712345678", password: "x" }, ip);
    expect(mixed.statusCode).toBe(400);
    expect((await t.app.inject({ method: "POST", url: "/api/auth/phone/verification" })).statusCode).toBe(
      401,
    );
  });
});
