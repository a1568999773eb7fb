import { desc, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_AMOUNT_KES } from "../../contract/money";
import { rowsOf } from "../db/adapter";
import { inventoryItems } from "../db/schema";
import { t, withTestApp } from "../testing/app-session";
import {
  asUser,
  clientEmail,
  createTestApp,
  loginAs,
  loginClient,
  signupPayload,
  staffEmails,
} from "../testing/test-app";

withTestApp();
let director: ReturnType<typeof asUser>;
let client: ReturnType<typeof asUser>;
beforeAll(async () => {
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
  client = asUser(t.app, await loginClient(t.app, clientEmail));
});

const expectClientError = (res: { statusCode: number }, status: number) =>
  expect(res.statusCode).toBe(status);

describe("control and invisible characters", () => {
  it("refuses NUL in the anonymous login, a query and a path with 400", async () => {
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "director1@urithi.co.ke\u0000", password: "x" },
    });
    expectClientError(login, 400);
    expect(login.json().error.fields).toEqual({ username: "Must not contain control characters" });
    expectClientError(await director.get("/api/inventory?search=Holstein%00"), 400);
    expectClientError(await director.get("/api/inventory/lookup?code=%1B"), 400);
    expectClientError(await director.get("/api/orders/1%00"), 400);
  });

  it("refuses control characters inside nested bodies and keys", async () => {
    const res = await client.post("/api/client/orders", {
      items: [{ productId: 1, quantity: 1 }],
      paymentMethod: "bank",
      specialInstructions: "keep \u0007 cold",
    });
    expectClientError(res, 400);
    expect(Object.keys(res.json().error.fields)).toEqual(["specialInstructions"]);
  });

  it("strips zero-width and bidirectional override characters from names, and trims", async () => {
    const res = await director.post("/api/customers", {
      name: " \u202EKamau\u200B Dairy\uFEFF ",
      type: "farm",
      email: "kamau.dairy@example.com",
      phone: "+254 700 000 001",
      address: "Limuru",
      contactPerson: "Peter\u2066 Kamau",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: "Kamau Dairy", contactPerson: "Peter Kamau" });
  });
});

describe("numbers that do not fit", () => {
  it("answers 400 for ids past the integer column", async () => {
    for (const url of [
      "/api/orders/2147483648",
      "/api/customers/99999999999",
      "/api/orders/0",
      "/api/orders/-1",
    ]) {
      expectClientError(await director.get(url), 400);
    }
  });

  it("refuses money past the limit and takes two decimals exactly", async () => {
    const order = await director.post("/api/orders", {
      customerName: "John Mwangi",
      orderType: "sperm",
      totalAmountKes: 3e9,
      currency: "KES",
    });
    expectClientError(order, 400);
    const big = await director.post("/api/transactions", {
      type: "expense",
      amount: 1e12,
      currency: "KES",
      description: "LN2 refill",
    });
    expectClientError(big, 400);
    for (const amount of [19.99, 0.07, 1234.5]) {
      const ok = await director.post("/api/transactions", {
        type: "expense",
        amount,
        currency: "KES",
        description: `LN2 refill ${amount}`,
      });
      expect(ok.statusCode, String(amount)).toBe(201);
    }
    const thirds = await director.post("/api/transactions", {
      type: "expense",
      amount: 10.005,
      currency: "KES",
      description: "three decimals",
    });
    expect(thirds.json().error.fields.amount).toBe("Amount can have at most two decimals");
  });

  it("answers 400, not an overflow, for an order whose total passes the limit", async () => {
    // The per-client unit cap would refuse first; lift it to reach the total itself.
    const roomy = await createTestApp({ env: { MAX_OPEN_UNPAID_UNITS: "100000" } });
    try {
      const farmer = asUser(roomy.app, await loginClient(roomy.app, clientEmail));
      const [item] = await roomy.database.read((db) =>
        db.select().from(inventoryItems).orderBy(desc(inventoryItems.costPerUnit)).limit(1),
      );
      if (!item) throw new Error("no inventory");
      const quantity = Math.min(10_000, Math.ceil(MAX_AMOUNT_KES / item.costPerUnit / 3) + 1);
      expect(3 * quantity * item.costPerUnit).toBeGreaterThan(MAX_AMOUNT_KES);
      const res = await farmer.post("/api/client/orders", {
        items: [1, 2, 3].map(() => ({ productId: item.id, quantity })),
        deliveryAddress: "Ol Kalou, Nyandarua",
        paymentMethod: "bank",
      });
      expectClientError(res, 400);
      expect(res.json().error.message).toMatch(/at most KES 1,000,000,000/);
    } finally {
      await roomy.close();
    }
  });
});

describe("dates", () => {
  it("refuses dates that do not exist or lie in another era", async () => {
    for (const date of [
      "0000-01-01",
      "+275760-09-13",
      "275760-09-13",
      "2026-02-30",
      "2026-13-01",
      "1899-12-31",
    ]) {
      const res = await director.post("/api/breeding-records", {
        animalId: "KE-001",
        animalName: "Neema",
        breedType: "Holstein",
        serviceType: "AI",
        serviceDate: date,
        technician: "Dr. Otieno",
        geneticMaterial: "SEM-HF-101",
      });
      expect(res.statusCode, date).toBe(400);
    }
  });
});

describe("duplicates caught by the database", () => {
  it("answers 409 to concurrent signups with one email: one account is made", async () => {
    const body = signupPayload("amina.hassan@example.com");
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/client-signup",
          payload: body,
          remoteAddress: `10.20.0.${i}`,
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expect(r.json().error.message).toBe("An account with this email already exists");
    }
  });

  it("answers the same 409 when the email belongs to a customer the office already has", async () => {
    // Kiambu Dairy Farm is a seeded customer with no account: its email cannot open one from outside.
    const [farm] = await t.database.read((db) =>
      rowsOf<{ email: string }>(db, sql`select email from customers where name = 'Kiambu Dairy Farm'`),
    );
    const res = await t.app.inject({
      method: "POST",
      url: "/api/client-signup",
      payload: signupPayload(farm!.email.toUpperCase()),
      remoteAddress: "10.20.1.1",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe("An account with this email already exists");
  });

  it("answers 409 to the same inventory item id created twice at once", async () => {
    const item = {
      itemId: "SEM-DUP-001",
      type: "sperm",
      breedName: "Boran",
      acquiredFrom: "Kenya Animal Genetic Resource Centre",
      currentStock: 10,
      storageLocation: "Tank A / Canister 3",
      costPerUnit: 2500,
      geneticData: { category: "beef", origin: "Kenya" },
    };
    const responses = await Promise.all([1, 2, 3].map(() => director.post("/api/inventory", item)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1)).toEqual([409, 409]);
  });
});
