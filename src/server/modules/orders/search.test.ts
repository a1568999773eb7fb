import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/adapter";
import { asUser, createTestApp, loginAs, staffEmails, type TestApp } from "../../testing/test-app";

/**
 * The order search through both of its ways: a search matching few orders sorts all its matches, one
 * matching thousands walks the sort's index (orders/service.ts `searchedOrders`). Either way a page is the
 * same slice of the same order.
 */
let t: TestApp;
let director: ReturnType<typeof asUser>;
beforeAll(async () => {
  t = await createTestApp();
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
});
afterAll(() => t.close());

describe("order search", () => {
  it("pages a search in the declared sort whether it matches a few orders or thousands", async () => {
    // 5,100 orders for one customer name: more than a search sorts in memory, so it walks the sort's index.
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
    // Few matches (six): sorted in memory, each way, a page at a time, and a page past the last one is empty.
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
});
