import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE } from "../../../contract/auth";
import { accountNotices, users } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { clientEmail, secondInstance, signupPayload, staffEmails } from "../../testing/test-app";
import {
  FREE_FAILURES_PER_ACCOUNT,
  FREE_FAILURES_PER_PAIR,
  MAX_ATTEMPTS_PER_ADDRESS,
  MAX_SIGNUPS_PER_ADDRESS,
  STAFF_NOTICE_AFTER_FAILURES,
  THROTTLE_WINDOW_MS,
} from "./throttle";

withTestApp();

/** Each test moves past every window so counters from the one before do not leak into it. */
const freshWindow = () => t.clock.advance(THROTTLE_WINDOW_MS + 1000);

const staffLogin = (username: string, password: string, address: string, cookie?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username, password },
    remoteAddress: address,
    headers: cookie ? { cookie } : {},
  });

const statuses = (responses: { statusCode: number }[]) => {
  const count: Record<number, number> = {};
  for (const r of responses) count[r.statusCode] = (count[r.statusCode] ?? 0) + 1;
  return count;
};

/**
 * A burst of one wrong password: the free tries plus one are checked (401), the rest refused unchecked: 429,
 * or on a loaded machine 503 from PostgreSQL's pool, which queues a request for a connection at most 3 s
 * (decision 23). Neither checks a password.
 */
function expectOnlyFreeTriesChecked(burst: { statusCode: number }[]) {
  const count = statuses(burst);
  expect(count[401]).toBe(FREE_FAILURES_PER_PAIR + 1);
  expect(Object.keys(count).sort()).toEqual(count[503] ? ["401", "429", "503"] : ["401", "429"]);
  expect(count[429]! + (count[503] ?? 0)).toBe(burst.length - FREE_FAILURES_PER_PAIR - 1);
}

describe("one address guessing one account", () => {
  it("gets the free tries, then waits longer each time, and the right password waits too", async () => {
    freshWindow();
    const who = staffEmails.logistics_coordinator;
    for (let i = 0; i <= FREE_FAILURES_PER_PAIR; i++) {
      expect((await staffLogin(who, "wrong-guess", "10.1.1.1")).statusCode).toBe(401);
    }
    const blocked = await staffLogin(who, "demo1234", "10.1.1.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatchObject({ code: "RATE_LIMITED" });
    expect(Number(blocked.headers["retry-after"])).toBe(1);

    t.clock.advance(1000);
    expect((await staffLogin(who, "wrong-guess", "10.1.1.1")).statusCode).toBe(401);
    const longer = await staffLogin(who, "demo1234", "10.1.1.1");
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers["retry-after"])).toBe(3);

    t.clock.advance(3000);
    expect((await staffLogin(who, "demo1234", "10.1.1.1")).statusCode).toBe(200);
  });

  it("checks at most the free tries plus one of 1,000 concurrent wrong passwords", async () => {
    freshWindow();
    const burst = await Promise.all(
      Array.from({ length: 1000 }, () => staffLogin(staffEmails.lab_technician, "guess", "10.3.3.3")),
    );
    expectOnlyFreeTriesChecked(burst);
  });

  it("holds across two app instances sharing the database", async () => {
    freshWindow();
    const other = await secondInstance(t);
    try {
      const login = (app: typeof t.app) =>
        app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { username: staffEmails.director, password: "guess" },
          remoteAddress: "10.13.0.1",
        });
      const burst = await Promise.all(
        Array.from({ length: 400 }, (_, i) => login(i % 2 ? t.app : other.app)),
      );
      expectOnlyFreeTriesChecked(burst);
    } finally {
      await other.close();
    }
  });

  it("checks only the free tries plus one when the right password hides among 29 wrong ones, 8 bursts out of 8", async () => {
    for (let burst = 0; burst < 8; burst++) {
      freshWindow();
      const address = `10.4.4.${burst}`;
      const responses = await Promise.all([
        ...Array.from({ length: 29 }, () => staffLogin(staffEmails.chief_scientist, "guess", address)),
        staffLogin(staffEmails.chief_scientist, "demo1234", address),
      ]);
      const count = statuses(responses);
      // Which attempts reach the password check is up to the database's lock queue. The right one gets in
      // only when it queued among the free tries, as it would had the guesses come one by one; its success
      // then clears the pair, so only a refused burst has an exact count.
      expect(count[200] ?? 0).toBeLessThanOrEqual(1);
      expect((count[200] ?? 0) + (count[401] ?? 0) + (count[429] ?? 0)).toBe(30);
      if (!count[200]) {
        expect(count[401]).toBe(FREE_FAILURES_PER_PAIR + 1);
        expect(count[429]).toBe(30 - FREE_FAILURES_PER_PAIR - 1);
      }
    }
  });

  it("refuses the right password once a burst of 29 wrong ones has spent the free tries", async () => {
    freshWindow();
    const address = "10.4.5.1";
    await Promise.all(
      Array.from({ length: 29 }, () => staffLogin(staffEmails.chief_scientist, "guess", address)),
    );
    const right = await staffLogin(staffEmails.chief_scientist, "demo1234", address);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("the owner signing in", () => {
  it("is never made to wait during the free tries, even by an instance whose clock is a little behind", async () => {
    freshWindow();
    expect((await staffLogin(staffEmails.sales_manager, "demo1234", "10.14.0.1")).statusCode).toBe(200);
    expect((await staffLogin(staffEmails.sales_manager, "wrong", "10.14.0.1")).statusCode).toBe(401);
    // Another instance, 5 ms behind, takes the next attempt on the same keys.
    t.clock.advance(-5);
    expect((await staffLogin(staffEmails.sales_manager, "demo1234", "10.14.0.1")).statusCode).toBe(200);
    t.clock.advance(5);
  });
});

describe("an attacker elsewhere", () => {
  it("does not lock the owner out of an address or a device they have signed in from", async () => {
    freshWindow();
    const victim = staffEmails.director;
    const home = await staffLogin(victim, "demo1234", "10.5.5.5");
    expect(home.statusCode).toBe(200);
    const device = home.cookies.find((c) => c.name === "urithi_dev")!;
    expect(device.httpOnly).toBe(true);

    // Five anonymous addresses guess far past every free try.
    for (let round = 0; round < 6; round++) {
      await Promise.all(
        Array.from({ length: 5 }, (_, i) => staffLogin(victim, `guess-${round}`, `10.66.0.${i}`)),
      );
    }
    const fromNowhere = await staffLogin(victim, "demo1234", "10.77.7.7");
    expect(fromNowhere.statusCode).toBe(429);

    expect((await staffLogin(victim, "demo1234", "10.5.5.5")).statusCode).toBe(200);
    // A new address (a phone changing networks) with the device cookie is the owner too.
    const travelling = await staffLogin(victim, "demo1234", "10.88.8.8", `urithi_dev=${device.value}`);
    expect(travelling.statusCode).toBe(200);
  });

  it("tells a staff member about repeated failures from unknown places, once per window", async () => {
    freshWindow();
    const [user] = await t.database.read((db) =>
      db.select().from(users).where(eq(users.email, staffEmails.sales_manager)),
    );
    const before = await t.database.read((db) =>
      db.select().from(accountNotices).where(eq(accountNotices.userId, user!.id)),
    );
    for (let i = 0; i < STAFF_NOTICE_AFTER_FAILURES + 3; i++) {
      await staffLogin(staffEmails.sales_manager, "guess", `10.9.0.${i}`);
    }
    expect(FREE_FAILURES_PER_ACCOUNT).toBeGreaterThanOrEqual(STAFF_NOTICE_AFTER_FAILURES);
    const after = await t.database.read((db) =>
      db.select().from(accountNotices).where(eq(accountNotices.userId, user!.id)),
    );
    expect(after.length - before.length).toBe(1);
    expect(after.at(-1)!.message).toMatch(/failed sign-ins/);
  });
});

describe("one address across many accounts", () => {
  const clientLogin = (email: string, password: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/client-login",
      payload: { email, password },
      remoteAddress: "10.2.2.2",
    });

  it(`checks ${MAX_ATTEMPTS_PER_ADDRESS} failures per window, and successes do not use the budget`, async () => {
    freshWindow();
    for (let i = 0; i < 5; i++) expect((await clientLogin(clientEmail, "demo1234")).statusCode).toBe(200);
    // Twenty at a time: the budget is the subject here, and 120 at once can wait past the pool's 3 s on a
    // loaded machine (the bursts above test concurrency).
    const failures = [];
    for (let i = 0; i < MAX_ATTEMPTS_PER_ADDRESS + 20; i += 20) {
      failures.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, (_, j) => clientLogin(`nobody${i + j}@example.com`, "x")),
        )),
      );
    }
    expect(statuses(failures)).toEqual({ 401: MAX_ATTEMPTS_PER_ADDRESS, 429: 20 });
    expect((await clientLogin(clientEmail, "demo1234")).statusCode).toBe(429);
  });
});

describe("signup", () => {
  const signup = (email: string, address: string, password?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/client-signup",
      remoteAddress: address,
      payload: signupPayload(email, password),
    });

  it("answers a staff email exactly as it answers a client's", async () => {
    freshWindow();
    const staff = await signup(staffEmails.director, "10.10.0.1");
    const client = await signup(clientEmail, "10.10.0.1");
    expect(staff.statusCode).toBe(409);
    expect(staff.body).toBe(client.body);
    expect(staff.statusCode).toBe(client.statusCode);
  });

  it(`allows ${MAX_SIGNUPS_PER_ADDRESS} signups per address per window`, async () => {
    freshWindow();
    const responses = await Promise.all(
      Array.from({ length: MAX_SIGNUPS_PER_ADDRESS + 3 }, (_, i) =>
        signup(`coop${i}@example.com`, "10.11.0.1"),
      ),
    );
    expect(statuses(responses)).toEqual({ 201: MAX_SIGNUPS_PER_ADDRESS, 429: 3 });
    expect((await signup("elsewhere@example.com", "10.11.0.2")).statusCode).toBe(201);
  });

  it("refuses one of the most common passwords with a clear field message", async () => {
    freshWindow();
    for (const password of ["password1", "Qwerty123", "iloveyou"]) {
      const res = await signup(`common-${password}@example.com`, "10.12.0.1", password);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.password).toBe(COMMON_PASSWORD_MESSAGE);
    }
  });
});
