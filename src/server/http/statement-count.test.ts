import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { breedingSorts } from "../../contract/breeding";
import { customerSorts } from "../../contract/customers";
import { transactionSorts } from "../../contract/finance";
import { inventorySorts } from "../../contract/inventory";
import { documentSorts } from "../../contract/invoices";
import { LIST_TOTAL_HEADER } from "../../contract/list-total";
import { messageSorts } from "../../contract/messages";
import { orderSorts } from "../../contract/orders";
import { sortOrders } from "../../contract/pagination";
import { shipmentSorts } from "../../contract/shipping";
import { staffSorts } from "../../contract/staff";
import { vendorSorts } from "../../contract/vendors";
import { observeStatements, preparedName } from "../db/adapter";
import { taxDocuments } from "../db/schema";
import { countDatabaseWrites, countStatements, notRateLimit } from "../testing/statements";
import {
  asUser,
  clientEmail,
  createTestApp,
  inventoryItem,
  loginAs,
  loginClient,
  staffEmails,
  type TestApp,
} from "../testing/test-app";

/**
 * Every list and summary sends the same number of SQL statements whatever the number of rows: a list of 500
 * rows costs what a list of 10 does (no query per row), and a summary over 1,000 more orders costs what it
 * did before them (no reading rows to add them up in code).
 */
let t: TestApp;
let director: ReturnType<typeof asUser>;
let client: ReturnType<typeof asUser>;
beforeAll(async () => {
  // The thousand added orders are the client's, unpaid: a cap on them would stop the placement test.
  t = await createTestApp({ env: { MAX_OPEN_UNPAID_ORDERS: "100000", MAX_OPEN_UNPAID_UNITS: "10000000" } });
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
  client = asUser(t.app, await loginClient(t.app, clientEmail));
});
afterAll(() => {
  observeStatements(undefined);
  return t.close();
});

async function statementsOf(who: ReturnType<typeof asUser>, url: string): Promise<number> {
  // Once first, so one-off work (a cache filling, a session touch) is not counted against either size.
  expect((await who.get(url)).statusCode, url).toBe(200);
  // The API's ceiling per address counts in the database only every so many requests (hits are claimed
  // ahead), whatever the rows: rate-limit.test.ts measures it.
  const n = await countStatements(async () => {
    const res = await who.get(url);
    expect(res.statusCode, url).toBe(200);
  }, notRateLimit);
  // Every one of these reads its data from the database: zero would mean nothing was counted.
  expect(n, url).toBeGreaterThan(0);
  return n;
}

const N = 1000;
/** A thousand more of everything the lists show, straight into the tables, once whichever test asks first. */
let added: Promise<void> | undefined;
const addRows = () => {
  added ??= insertRows();
  return added;
};
async function insertRows() {
  await t.database.tx(async (db) => {
    await db.execute(sql`
      insert into customers (name, type, email, phone, address, contact_person)
      select 'Bulk farm ' || g, 'farm', 'bulk' || g || '@example.co.ke', '+254700' || lpad(g::text, 6, '0'),
             'Nakuru', 'Contact ' || g
      from generate_series(1, ${N}) g`);
    await db.execute(sql`
      insert into orders (order_number, source, customer_id, client_user_id, customer_name, order_type,
                          total_amount_kes, status, order_date)
      select 'BULK-' || g, 'client', c.id, u.id, 'Bulk customer', 'sperm', 5000,
             (array['pending','approved','delivered','cancelled']::order_status[])[1 + g % 4],
             now() - (g % 300) * interval '1 day'
      from generate_series(1, ${N}) g
      join customers c on c.email = 'bulk' || g || '@example.co.ke',
      (select id from users where role = 'client' limit 1) u`);
    await db.execute(sql`
      insert into order_lines (order_id, inventory_item_id, product_name, quantity, unit_price_kes, line_total_kes)
      select o.id, (select id from inventory_items order by id limit 1), 'Bulk straw', 2, 2500, 5000
      from orders o where o.order_number like 'BULK-%'`);
    // Each order's receipt as the outbox keeps it, already sent.
    await db.execute(sql`
      insert into outbox (kind, channel, recipient, language, subject, body, status, kept, idempotency_key, order_id)
      select 'order_received', 'email', 'bulk' || substr(o.order_number, 6) || '@example.co.ke', 'en',
             'Order ' || o.order_number, 'Received', 'sent', true, gen_random_uuid()::text, o.id
      from orders o where o.order_number like 'BULK-%'`);
    await db.execute(sql`
      insert into shipments (tracking_number, order_id, order_number, customer_name, origin, destination,
                             carrier, temperature, status)
      select 'TRK-9' || lpad(o.id::text, 12, '0'), o.id, o.order_number, o.customer_name, 'Nakuru', 'Kiambu',
             'DHL Express', '-196°C', 'delivered'
      from orders o where o.order_number like 'BULK-%' and o.status = 'delivered'`);
    await db.execute(sql`
      insert into transactions (type, amount, currency, description, status, date)
      select 'expense', 1000, 'KES', 'Bulk expense ' || g, 'completed', now() - (g % 300) * interval '1 day'
      from generate_series(1, ${N}) g`);
    await db.execute(sql`
      insert into vendors (name, type, email, contact_person)
      select 'Bulk vendor ' || g, 'genetics_supplier', 'vendor' || g || '@example.com', 'Contact ' || g
      from generate_series(1, ${N}) g`);
    await db.execute(sql`
      insert into breeding_records (animal_id, animal_name, breed_type, service_type, service_date, technician,
                                    genetic_material, expected_calving_date)
      select 'KE-B-' || g, 'Cow ' || g, 'Friesian', 'AI', current_date - (g % 200), 'Dr. Tech', 'SEM-HF-101',
             current_date + 80
      from generate_series(1, ${N}) g`);
  });
}

const staffLists = [
  "/api/orders",
  "/api/orders/pending",
  "/api/orders/recent",
  "/api/customers",
  "/api/inventory",
  "/api/shipments",
  "/api/vendors",
  "/api/transactions",
  "/api/breeding-records",
  "/api/storage/tanks",
  "/api/storage/alerts",
  "/api/storage/transfers",
  "/api/storage/map",
  "/api/receivables/aged",
];
const summaries = [
  "/api/orders/summary",
  "/api/financial",
  "/api/dashboard/metrics",
  "/api/dashboard/sales-trend",
  "/api/reports?period=1y",
  "/api/inventory/summary",
  "/api/inventory/status",
  "/api/customers/summary",
  "/api/shipments/summary",
  "/api/vendors/summary",
  "/api/breeding-records/summary",
];

describe("statements per request", () => {
  it("stay the same from 10 rows to 500, and for summaries before and after 1,000 more orders", async () => {
    const before = new Map<string, number>();
    for (const url of summaries) before.set(url, await statementsOf(director, url));
    await addRows();
    for (const url of summaries) {
      expect({ url, statements: await statementsOf(director, url) }).toEqual({
        url,
        statements: before.get(url),
      });
    }
    for (const url of staffLists) {
      const small = await statementsOf(director, `${url}?limit=10&offset=0`);
      const large = await statementsOf(director, `${url}?limit=500&offset=0`);
      expect({ url, statements: large }).toEqual({ url, statements: small });
    }
    const small = await statementsOf(client, "/api/client/orders?limit=10&offset=0");
    expect(await statementsOf(client, "/api/client/orders?limit=500&offset=0")).toBe(small);
  });

  it("sort every list by each declared field both ways, and search orders, in as many statements at 500 rows as at 10", async () => {
    await addRows();
    const sorted: [string, readonly string[]][] = [
      ["/api/orders", orderSorts],
      ["/api/customers", customerSorts],
      ["/api/inventory", inventorySorts],
      ["/api/shipments", shipmentSorts],
      ["/api/vendors", vendorSorts],
      ["/api/transactions", transactionSorts],
      ["/api/breeding-records", breedingSorts],
      ["/api/etims/documents", documentSorts],
      ["/api/messages", messageSorts],
      ["/api/staff", staffSorts],
    ];
    for (const [list, sorts] of sorted) {
      for (const sort of sorts) {
        for (const order of sortOrders) {
          const url = `${list}?sort=${sort}&order=${order}`;
          const small = await statementsOf(director, `${url}&limit=10&offset=0`);
          const large = await statementsOf(director, `${url}&limit=500&offset=0`);
          expect({ url, statements: large }).toEqual({ url, statements: small });
        }
      }
    }
    // By order number, the customer's name as ordered, and the customer record's current name, phone and email.
    for (const search of ["BULK-", "Bulk customer", "Bulk farm", "+254700", "@example.co.ke"]) {
      const url = `/api/orders?search=${encodeURIComponent(search)}`;
      const small = await statementsOf(director, `${url}&limit=10&offset=0`);
      const large = await statementsOf(director, `${url}&limit=500&offset=0`);
      expect({ url, statements: large }).toEqual({ url, statements: small });
      const found = await director.get(`${url}&limit=500&offset=0`);
      expect(Number(found.headers[LIST_TOTAL_HEADER]), url).toBeGreaterThan(10);
    }
  });

  it("count a search only when its page is full: a last page is its own total", async () => {
    await addRows();
    // BULK-42 and BULK-420 to BULK-429: eleven orders, each with its messages.
    for (const list of ["/api/orders", "/api/messages"]) {
      const url = `${list}?search=BULK-42`;
      const all = await director.get(`${url}&limit=500&offset=0`);
      const found = all.json().length;
      expect(found, url).toBeGreaterThan(10);
      expect(Number(all.headers[LIST_TOTAL_HEADER]), url).toBe(found);
      const last = await director.get(`${url}&limit=10&offset=10`);
      expect(Number(last.headers[LIST_TOTAL_HEADER]), url).toBe(found);
      // The full first page is counted: one statement more than its last page, whichever is longer.
      const full = await statementsOf(director, `${url}&limit=10&offset=0`);
      expect(await statementsOf(director, `${url}&limit=10&offset=10`), url).toBe(full - 1);
      expect(await statementsOf(director, `${url}&limit=500&offset=0`), url).toBe(full - 1);
      // Past the end, the empty page cannot tell how many came before it: counted.
      expect(await statementsOf(director, `${url}&limit=10&offset=1000`), url).toBe(full);
    }
  });

  it("read a catalogue page in one statement at any size, and products this instance has not read in one more", async () => {
    // Each search a new one (a price floor below every price), so none is answered by the one-second copy.
    let floor = 0;
    const statementsOfPage = (limit: number) =>
      countStatements(async () => {
        const url = `/api/catalogue?limit=${limit}&priceMin=${floor++}`;
        const res = await t.app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(200);
        expect(res.json(), url).toHaveLength(Math.min(limit, Number(res.headers[LIST_TOTAL_HEADER])));
      }, notRateLimit);
    expect(await statementsOfPage(10)).toBe(2); // the page, then its ten products read whole
    expect(await statementsOfPage(100)).toBe(2); // the page, then the products not among those ten
    expect(await statementsOfPage(100)).toBe(1); // every product kept: the page only
    expect(await statementsOfPage(10)).toBe(1);
  });

  it("place a one-line client order in 11 statements and 4 writes: two limit counts, the reads, then every write with COMMIT", async () => {
    const item = await inventoryItem(t, "SEM-HF-101");
    const place = () =>
      client.post("/api/client/orders", {
        items: [{ productId: item.id, quantity: 1 }],
        deliveryAddress: "Nyahururu",
        paymentMethod: "mpesa",
      });
    // A few first: the order limits count every order as it comes, never claiming hits ahead as the API's
    // ceiling does (it would have claimed this third one with the second), so it still writes both counts.
    for (let i = 0; i < 2; i++) expect((await place()).statusCode).toBe(201);
    const sent: string[] = [];
    observeStatements((query) => sent.push(query.trim().split(/\s+/).slice(0, 3).join(" ")));
    let writes = 0;
    try {
      const placed = () => place().then((res) => expect(res.statusCode).toBe(201));
      if (t.database.kind === "postgres") writes = await countDatabaseWrites(placed);
      else await placed();
    } finally {
      observeStatements(undefined);
    }
    // On PostgreSQL the statements that need no answer from each other travel together: each limit count,
    // then BEGIN with every read; then every write with COMMIT behind them (txEndingWith).
    if (t.database.kind === "postgres") expect(writes).toBe(4);
    // The session is cached. The order and its lines are one statement, with the keys read before it, so its
    // first history event (through the one event writer) and the messages need not wait for it. The stock
    // row, which every order of the item waits for, is locked last, by the statement that also writes its
    // movement and pick list, and COMMIT goes out with it. (Drizzle reports BEGIN and COMMIT on PostgreSQL
    // only; they are left out on both.)
    expect(sent.filter((head) => !/^(begin|commit)$/i.test(head))).toEqual([
      'insert into "rate_limits"', // orders per session
      'insert into "rate_limits"', // orders per address
      'select "customers"."id" as', // the account locked, with its customer
      'select count(distinct "orders"."id")::int', // its unpaid cap, counted under that lock
      'select "inventory_items"."id" as', // the products: name, breed and price
      "select nextval('orders_id_seq')::int as", // the order's id and number
      'select "users"."id" as', // the approvers, told by email (how to reach them, not their whole row)
      "with placed as", // the order and its lines
      'insert into "order_events"', // its first history event
      'insert into "outbox"', // the client's messages and the approvers' in one
      "with reserved as", // the stock: reserved, its movement, its pick list; short stock refuses here
    ]);
  });

  it("record a payment that settles an order with its invoice numbered in the last statement, sent with COMMIT", async () => {
    const item = await inventoryItem(t, "SEM-HF-101");
    const placed = await client.post("/api/client/orders", {
      items: [{ productId: item.id, quantity: 1 }],
      deliveryAddress: "Nyahururu",
      paymentMethod: "bank",
    });
    expect(placed.statusCode).toBe(201);
    const order = (await director.get(`/api/orders/${placed.json().id}`)).json();
    const sent: string[] = [];
    const unprepared: string[] = [];
    observeStatements((query) => {
      sent.push(query.trim().split(/\s+/).slice(0, 3).join(" "));
      if (!/^(begin|commit)$/i.test(query.trim()) && !preparedName(query)) unprepared.push(query);
    });
    let socketWrites = 0;
    try {
      const pay = async () => {
        const res = await director.post(`/api/orders/${order.id}/payments`, {
          method: "bank",
          amountKes: order.totalAmountKes,
          reference: "FT-SETTLES",
          date: new Date().toISOString().slice(0, 10),
        });
        expect(res.statusCode, res.body).toBe(201);
      };
      if (t.database.kind === "postgres") socketWrites = await countDatabaseWrites(pay);
      else await pay();
    } finally {
      observeStatements(undefined);
    }
    // On PostgreSQL, five writes: BEGIN, who writes (for the audit trail) and the order locked; the payment;
    // its income, the order's sums and the client message's reads; the order's new state and the invoice's
    // reads; the message, the invoice and COMMIT.
    if (t.database.kind === "postgres") expect(socketWrites).toBe(5);
    // Each statement is prepared: built once, and planned once per connection (decision 50). The order's
    // sums are one statement, and the invoice reads the order from the update's RETURNING: 13 in all, not 15.
    expect(unprepared).toEqual([]);
    expect(sent.filter((head) => !/^(begin|commit)$/i.test(head))).toHaveLength(13);
    // Every invoice waits for the document counter, so it is taken by the last statement, which numbers the
    // invoice and writes its history event, and COMMIT goes out with it (txEndingWith).
    const writes = sent.filter(
      (head) => !/^(begin|commit)$/i.test(head) && !head.startsWith('insert into "rate_limits"'),
    );
    expect(writes.at(-1)).toBe("with counter as");
    expect(writes.filter((head) => head.includes("document_counters"))).toEqual([]);
    const [invoice] = await t.database.read((db) =>
      db
        .select()
        .from(taxDocuments)
        .where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.kind, "invoice"))),
    );
    expect(invoice).toMatchObject({ totalKes: order.totalAmountKes, etimsStatus: "queued" });
    // The order's history names it, written by that same statement.
    const detail = await director.get(`/api/orders/${order.id}`);
    expect(detail.body).toContain(`Tax invoice ${invoice!.number} issued`);
  });

  it("read the dashboard's figures and the financial summary in prepared statements sent together", async () => {
    const named = async (url: string) => {
      await director.get(url);
      const sent: string[] = [];
      observeStatements((query) => sent.push(query));
      try {
        expect((await director.get(url)).statusCode).toBe(200);
      } finally {
        observeStatements(undefined);
      }
      return sent.filter((query) => !query.startsWith('insert into "rate_limits"')).map(preparedName);
    };
    expect(await named("/api/dashboard/metrics")).toEqual([
      "dashboard_figures",
      "revenue_over", // this month
      "revenue_over", // last month to the same day
      "order_status_totals",
    ]);
    expect(await named("/api/financial")).toEqual(["order_status_totals", "revenue_over", "refunded_total"]);
  });

  it("write exactly one history event per change of an order: placed, approved, edited, cancelled", async () => {
    const item = await inventoryItem(t, "SEM-HF-101");
    const events = (query: string) => query.startsWith('insert into "order_events"');
    let orderId = 0;
    const placing = await countStatements(async () => {
      const res = await client.post("/api/client/orders", {
        items: [{ productId: item.id, quantity: 1 }],
        deliveryAddress: "Nyahururu",
        paymentMethod: "bank",
      });
      expect(res.statusCode).toBe(201);
      orderId = res.json().id;
    }, events);
    const changes = [
      () => director.post(`/api/orders/${orderId}/approve`, { estimatedDays: 3, onCredit: true }),
      () => director.patch(`/api/orders/${orderId}`, { notes: "Deliver before noon" }),
      () => director.del(`/api/orders/${orderId}`),
    ];
    const counted = [placing];
    for (const change of changes) {
      counted.push(
        await countStatements(async () => {
          expect((await change()).statusCode).toBeLessThan(300);
        }, events),
      );
    }
    expect(counted).toEqual([1, 1, 1, 1]);
  });
});
