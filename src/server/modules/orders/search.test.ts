import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/adapter";
import { asUser, createTestApp, loginAs, staffEmails, type TestApp } from "../../testing/test-app";

/**
 * The order search, whether it matches a few orders (found through its indexes) or thousands (read in the
 * sort's order), by the order's own fields or the customer record (orders/service.ts `searchedCustomers`):
 * either way a page is the same slice of the same order.
 */
let t: TestApp;
let director: ReturnType<typeof asUser>;
beforeAll(async () => {
  t = await createTestApp();
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
});
afterAll(() => t.close());

const ids = (res: { json: () => { orderNumber: string }[] }) => res.json().map((o) => o.orderNumber);

describe("order search", () => {
  it("pages a search in the declared sort whether it matches a few orders or thousands", async () => {
    // 5,100 orders, six of them for a rare farm.
    await t.database.tx((db) =>
      db.execute(sql`
        insert into orders (order_number, source, customer_name, customer_email, order_type, total_amount_kes,
                            status, order_date)
        select 'SRCH-' || lpad(g::text, 5, '0'), 'staff',
               case when g % 1000 = 7 then 'Rare Ndiwa Farm' else 'Common Ruiru Farm' end,
               'buyer' || g || '@ruiru.example', 'sperm', 1000 + g % 97, 'pending',
               now() - g * interval '1 minute'
        from generate_series(1, 5100) g`),
    );
    const ids = (res: { json: () => { id: number; orderNumber: string }[] }) =>
      res.json().map((o) => o.orderNumber);
    const expected = (where: string, by: string, direction: "asc" | "desc") =>
      t.database.read(async (db) =>
        (
          await rowsOf<{ order_number: string }>(
            db,
            sql.raw(
              `select order_number from orders where ${where} order by ${by} ${direction}, id ${direction}`,
            ),
          )
        ).map((r) => r.order_number),
      );
    // Few matches (six): a page at a time, and a page past the last one is empty.
    const rare = await expected("customer_name = 'Rare Ndiwa Farm'", "total_amount_kes", "desc");
    const rarePage = (offset: number) =>
      director.get(`/api/orders?search=ndiwa&sort=totalAmountKes&order=desc&limit=4&offset=${offset}`);
    expect([...ids(await rarePage(0)), ...ids(await rarePage(4))]).toEqual(rare);
    expect(ids(await rarePage(8))).toEqual([]);
    expect(Number((await rarePage(0)).headers["x-total-count"])).toBe(6);
    // Thousands (every one of them, by its email): the same order, however it is found.
    const common = await expected("order_number like 'SRCH-%'", "order_date", "asc");
    const commonPage = await director.get(
      "/api/orders?search=ruiru&sort=orderDate&order=asc&limit=50&offset=4000",
    );
    expect(ids(commonPage)).toEqual(common.slice(4000, 4050));
    const byEmail = await director.get("/api/orders?search=buyer4242%40ruiru&limit=10");
    expect(ids(byEmail)).toEqual(["SRCH-04242"]);
  });

  it("finds orders by the customer record, whether the search names one customer or hundreds", async () => {
    // 250 customers, each with one order that carries none of their details: only the record finds it.
    await t.database.tx((db) =>
      db.execute(sql`
        with made as (
          insert into customers (name, type, email, phone, address, contact_person)
          select 'Kisumu Dairy ' || g, 'farm', 'kd' || g || '@kisumu.example', '+2547990' || lpad(g::text, 5, '0'),
                 'Kisumu', 'Farmer ' || g
          from generate_series(1, 250) g
          returning id, email
        )
        insert into orders (order_number, source, customer_id, customer_name, order_type, total_amount_kes,
                            status, order_date)
        select 'KSM-' || split_part(email, '@', 1), 'staff', id, 'Walk-in', 'sperm', 500, 'pending', now()
        from made`),
    );
    const search = (term: string) => director.get(`/api/orders?search=${encodeURIComponent(term)}&limit=500`);
    const customerId = async (email: string) =>
      (
        await t.database.read((db) =>
          rowsOf<{ id: number }>(db, sql`select id from customers where email = ${email}`),
        )
      )[0]!.id;
    // One customer: its id goes to the search.
    expect(ids(await search("kd17@kisumu"))).toEqual(["KSM-kd17"]);
    expect(ids(await search("+254799000042"))).toEqual(["KSM-kd42"]);
    // In any case, as ILIKE would match it, beyond ASCII too; never across two of the record's fields.
    expect(ids(await search("KD17@KISUMU"))).toEqual(["KSM-kd17"]);
    const renamed = await director.patch(`/api/customers/${await customerId("kd18@kisumu.example")}`, {
      name: "ŞAMBA ÖMBURA",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(ids(await search("şamba ömbura"))).toEqual(["KSM-kd18"]);
    expect(ids(await search("dairy 17kd17"))).toEqual([]);
    expect(ids(await search("kisumu.example+2547990"))).toEqual([]);
    // Hundreds (more than the search lists by id): the record is read as a subquery, and every order found.
    const many = await search("kisumu dairy");
    expect(ids(many)).toHaveLength(249);
    expect(Number(many.headers["x-total-count"])).toBe(249);
    expect(ids(await search("kisumu.example"))).toHaveLength(250);
  });

  it("finds orders by their number or any part of it, the letters and year every number shares included", async () => {
    await t.database.tx((db) =>
      db.execute(sql`
        insert into orders (order_number, source, customer_name, order_type, total_amount_kes, status, order_date)
        select 'NUM-2026-' || lpad(g::text, 6, '0'), 'staff', 'Numbered Farm', 'sperm', 700, 'pending',
               now() - g * interval '1 second'
        from generate_series(1, 3000) g`),
    );
    const matching = (term: string) =>
      t.database.read(async (db) =>
        (
          await rowsOf<{ order_number: string }>(
            db,
            sql`select order_number from orders where order_number ilike ${`%${term}%`}
              or customer_name ilike ${`%${term}%`} order by order_date desc, id desc`,
          )
        ).map((r) => r.order_number),
      );
    const cases = {
      "NUM-2026-001234": 1,
      "num-2026-0012": 100,
      "2026-00123": 10,
      "-002999": 1,
      "M-2026-0001": 100,
      "2026-0029": 100,
    };
    for (const [term, count] of Object.entries(cases)) {
      const found = await director.get(`/api/orders?search=${encodeURIComponent(term)}&limit=500`);
      expect(ids(found), term).toEqual(await matching(term));
      expect(ids(found).length, term).toBe(count);
      expect(Number(found.headers["x-total-count"]), term).toBe(ids(found).length);
    }
  });

  it("answers each order it finds as the list and the order's own page do", async () => {
    // An ended order that holds money (what is due back), and one with every optional field set.
    const [ended, full] = await t.database.read((db) =>
      rowsOf<{ id: number; order_number: string }>(
        db,
        sql`select id, order_number from orders order by id limit 2`,
      ),
    );
    await t.database.tx(async (db) => {
      await db.execute(
        sql`update orders set status = 'cancelled', amount_paid_kes = 900 where id = ${ended!.id}`,
      );
      await db.execute(sql`update orders set order_date = '2026-03-04 05:06:07.891999+03',
        expected_delivery_date = '2026-12-31 23:59:59.999999+00', hold_expires_at = '2026-01-01 00:00:00+00',
        notes = 'Kiambu', total_amount_usd = 12.34, discount_pct = 2.5, status = 'shipped' where id = ${full!.id}`);
    });
    for (const row of [ended!, full!]) {
      const [found] = (await director.get(`/api/orders?search=${row.order_number}&limit=5`)).json();
      // The list's own page (prepared, without a search) of the order's status.
      const listed = await director.get(`/api/orders?status=${found.status}&limit=500`);
      expect(found).toEqual(listed.json().find((o: { id: number }) => o.id === row.id));
      const own = (await director.get(`/api/orders/${row.id}`)).json();
      expect(own).toMatchObject(found);
    }
    expect((await director.get(`/api/orders?search=${ended!.order_number}`)).json()[0]).toMatchObject({
      status: "cancelled",
      refundDueKes: 900,
    });
  });
});
