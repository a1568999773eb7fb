import { describe, expect, it } from "vitest";
import { apiErrorSchema } from "../../contract/errors";
import { ussdSecret } from "../modules/ussd/secret";
import { t, withTestApp } from "../testing/app-session";
import { countStatements, notRateLimit } from "../testing/statements";
import { clientEmail, inventoryItem, loginClient, secondInstance, type TestApp } from "../testing/test-app";
import { ADDRESS_ORDERS_PER_SESSION_ORDERS } from "./rate-limit";

const ORDERS_PER_MINUTE_PER_SESSION = 10;
const ORDERS_PER_MINUTE_PER_ADDRESS = ORDERS_PER_MINUTE_PER_SESSION * ADDRESS_ORDERS_PER_SESSION_ORDERS;

withTestApp({
  env: {
    RATE_LIMIT_PER_MINUTE: "200",
    ORDERS_PER_MINUTE: String(ORDERS_PER_MINUTE_PER_SESSION),
    MAX_OPEN_UNPAID_ORDERS: "1000",
    MAX_OPEN_UNPAID_UNITS: "100000",
  },
});

/** A request the ceiling counts that reads no database: health with a query is not the probe's bare path. */
const health = (app: TestApp["app"], address: string) =>
  app.inject({ method: "GET", url: "/api/health?deep=0", remoteAddress: address });
/** The load balancer's probe: never limited. */
const probe = (app: TestApp["app"], address: string) =>
  app.inject({ method: "GET", url: "/api/health", remoteAddress: address });

describe("the global ceiling per address", () => {
  it("answers 429 in the API's error shape with Retry-After past the limit, and again after a minute", async () => {
    const responses = await Promise.all(Array.from({ length: 205 }, () => health(t.app, "10.30.0.1")));
    const limited = responses.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(5);
    expect(apiErrorSchema.parse(limited[0]!.json()).error.code).toBe("RATE_LIMITED");
    const retryAfter = Number(limited[0]!.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address is not affected, nor the load balancer's probe from the limited one, which writes nothing.
    expect((await health(t.app, "10.30.0.2")).statusCode).toBe(200);
    const probes = await countStatements(async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => probe(t.app, "10.30.0.1")));
      expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    });
    expect(probes).toBe(0);
    t.clock.advance(61_000);
    expect((await health(t.app, "10.30.0.1")).statusCode).toBe(200);
  });

  it("never turns away Africa's Talking's USSD steps, which all come from its few gateway addresses", async () => {
    const secret = await ussdSecret(t.ctx);
    const step = (i: number) =>
      t.app.inject({
        method: "POST",
        url: `/api/ussd?secret=${secret}`,
        remoteAddress: "10.30.0.9",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `sessionId=rl-${i}&phoneNumber=%2B14155550123&serviceCode=*384%23&text=`,
      });
    const answers = await Promise.all(Array.from({ length: 205 }, (_, i) => step(i)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(205).fill(200));
    // The same address on the rest of the API still meets the ceiling.
    const rest = await Promise.all(Array.from({ length: 205 }, () => health(t.app, "10.30.0.9")));
    expect(rest.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });

  it("adds concurrent hits on one address together, yet counts each one", async () => {
    t.clock.advance(61_000);
    const statements = await countStatements(async () => {
      const responses = await Promise.all(Array.from({ length: 150 }, () => health(t.app, "10.30.2.1")));
      expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    });
    // One upsert per request would be 150 statements; health itself reads no database.
    expect(statements).toBeLessThan(50);
    const more = await Promise.all(Array.from({ length: 60 }, () => health(t.app, "10.30.2.1")));
    expect(more.filter((r) => r.statusCode === 429)).toHaveLength(10);
  });

  it("is one limit across app instances", async () => {
    t.clock.advance(61_000);
    const other = await secondInstance(t);
    try {
      const responses = await Promise.all(
        Array.from({ length: 220 }, (_, i) => health(i % 2 ? t.app : other.app, "10.30.1.1")),
      );
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(200);
    } finally {
      await other.close();
    }
  });
});

describe("hits claimed ahead", () => {
  const writes = (run: () => Promise<unknown>) => countStatements(run, (query) => !notRateLimit(query));

  it("costs a busy address a write every so many requests, and still turns away exactly the hit past the limit", async () => {
    t.clock.advance(61_000);
    let ok = 0;
    const statements = await writes(async () => {
      for (let i = 0; i < 210; i++) if ((await health(t.app, "10.30.3.1")).statusCode === 200) ok++;
    });
    expect(ok).toBe(200);
    // Claims double (1, 3, 7, 10, 10 … at a twentieth of 200) while under half the limit; past it each
    // hit is counted as it comes. One write per request would be 210.
    expect(statements).toBeLessThan(130);
    expect(statements).toBeGreaterThan(100);
  });

  it("writes nothing for most of a browsing visit", async () => {
    t.clock.advance(61_000);
    const statements = await writes(async () => {
      for (let i = 0; i < 60; i++) expect((await health(t.app, "10.30.3.2")).statusCode).toBe(200);
    });
    expect(statements).toBeLessThanOrEqual(10);
  });

  it("never hands out more than the limit between instances, and loses at most a claim when a client moves", async () => {
    t.clock.advance(61_000);
    const other = await secondInstance(t);
    try {
      // Alternating: each instance uses what it claimed, so exactly the limit is allowed.
      let ok = 0;
      for (let i = 0; i < 220; i++)
        if ((await health(i % 2 ? t.app : other.app, "10.30.3.3")).statusCode === 200) ok++;
      expect(ok).toBe(200);

      // Forty hits on one instance, then the rest on the other: the first one's unused claim is lost.
      t.clock.advance(61_000);
      ok = 0;
      for (let i = 0; i < 220; i++)
        if ((await health(i < 40 ? t.app : other.app, "10.30.3.4")).statusCode === 200) ok++;
      expect(ok).toBeLessThanOrEqual(200);
      expect(ok).toBeGreaterThanOrEqual(200 - 200 / 20);
    } finally {
      await other.close();
    }
  });

  it("starts a new window once the old one has ended, whatever was claimed ahead", async () => {
    t.clock.advance(61_000);
    for (let i = 0; i < 50; i++) await health(t.app, "10.30.3.5");
    t.clock.advance(61_000);
    let ok = 0;
    for (let i = 0; i < 205; i++) if ((await health(t.app, "10.30.3.5")).statusCode === 200) ok++;
    expect(ok).toBe(200);
  });
});

describe("order placement", () => {
  const placeOrder = async (cookie: string) => {
    const item = await inventoryItem(t, "SEM-HF-101");
    return t.app.inject({
      method: "POST",
      url: "/api/client/orders",
      headers: { cookie },
      payload: {
        items: [{ productId: item.id, quantity: 1 }],
        deliveryAddress: "Nyahururu",
        paymentMethod: "bank",
      },
    });
  };

  it(`allows ${ORDERS_PER_MINUTE_PER_SESSION} orders a minute per session`, async () => {
    t.clock.advance(61_000);
    const cookie = await loginClient(t.app, clientEmail);
    for (let i = 0; i < ORDERS_PER_MINUTE_PER_SESSION; i++)
      expect((await placeOrder(cookie)).statusCode).toBe(201);
    const refused = await placeOrder(cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(
      /Too many requests\. Please wait \d+ seconds? and try again\./,
    );
    t.clock.advance(61_000);
    expect((await placeOrder(cookie)).statusCode).toBe(201);
  });

  it(`allows ${ORDERS_PER_MINUTE_PER_ADDRESS} orders a minute per address, whatever the sessions`, async () => {
    t.clock.advance(61_000);
    const sessions = await Promise.all(
      Array.from(
        { length: Math.ceil(ORDERS_PER_MINUTE_PER_ADDRESS / ORDERS_PER_MINUTE_PER_SESSION) + 1 },
        () => loginClient(t.app, clientEmail),
      ),
    );
    let placed = 0;
    let refused = 0;
    for (const cookie of sessions) {
      for (let i = 0; i < ORDERS_PER_MINUTE_PER_SESSION; i++) {
        const res = await placeOrder(cookie);
        if (res.statusCode === 201) placed++;
        else if (res.statusCode === 429) refused++;
      }
    }
    expect(placed).toBe(ORDERS_PER_MINUTE_PER_ADDRESS);
    expect(refused).toBe(sessions.length * ORDERS_PER_MINUTE_PER_SESSION - ORDERS_PER_MINUTE_PER_ADDRESS);
  });
});
