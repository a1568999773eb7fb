import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { LIST_TOTAL_CAP, LIST_TOTAL_HEADER, SEARCH_TOTAL_CAP } from "../../contract/list-total";
import { t, withTestApp } from "../testing/app-session";
import { asUser, loginAs, staffEmails } from "../testing/test-app";
import { OVER_CAP_MS } from "./list-total";

withTestApp();
let director: ReturnType<typeof asUser>;
beforeAll(async () => {
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
});

const totalOf = async (url: string) => {
  const res = await director.get(url);
  expect(res.statusCode).toBe(200);
  return { rows: res.json() as unknown[], total: res.headers[LIST_TOTAL_HEADER] };
};

describe("list totals", () => {
  it("count what the list's filters match, whatever the page", async () => {
    const summary = (await director.get("/api/orders/summary")).json();
    const all = await totalOf("/api/orders?limit=5&offset=0");
    expect(all.rows).toHaveLength(5);
    expect(all.total).toBe(String(summary.totalOrders));
    expect((await totalOf("/api/orders?limit=5&offset=10")).total).toBe(String(summary.totalOrders));
    const pending = await totalOf("/api/orders?status=pending&limit=500");
    expect(pending.total).toBe(String(pending.rows.length));
    expect(pending.total).toBe(String(summary.pendingOrders));
    const search = await totalOf("/api/customers?search=kiambu&limit=500");
    expect(search.total).toBe(String(search.rows.length));
    for (const url of [
      "/api/inventory?type=embryo&limit=500",
      "/api/shipments?view=delivered&limit=500",
      "/api/breeding-records?status=pregnant&limit=500",
      "/api/vendors?limit=500",
      "/api/transactions?limit=500",
      "/api/orders/pending?limit=500",
    ]) {
      const listed = await totalOf(url);
      expect(listed.total, url).toBe(String(listed.rows.length));
    }
  });

  it("stop counting past the cap, so a huge table costs no more than a large one", async () => {
    await t.database.tx((db) =>
      db.execute(sql`
        insert into vendors (name, type, email, contact_person)
        select 'Bulk vendor ' || n, 'genetics_supplier', 'bulk' || n || '@example.com', 'Contact ' || n
        from generate_series(1, ${LIST_TOTAL_CAP + 5}) n`),
    );
    const listed = await totalOf("/api/vendors?limit=50&offset=100");
    expect(listed.rows).toHaveLength(50);
    expect(listed.total).toBe(`${LIST_TOTAL_CAP}+`);
    // A filter's count too, remembered apart from another filter's on the same table.
    await t.database.tx((db) =>
      db.execute(sql`
        insert into customers (name, type, email, phone, address, contact_person)
        select 'Bulk distributor ' || n, 'distributor', 'bulkd' || n || '@example.co.ke', '+254700000000',
               'Nakuru', 'Contact ' || n
        from generate_series(1, ${LIST_TOTAL_CAP + 5}) n`),
    );
    expect((await totalOf("/api/customers?type=distributor&limit=1")).total).toBe(`${LIST_TOTAL_CAP}+`);
    const breeders = await totalOf("/api/customers?type=breeder&limit=500");
    expect(breeders.total).toBe(String(breeders.rows.length));
    await t.database.tx((db) => db.execute(sql`delete from customers where name like 'Bulk distributor %'`));
    expect((await totalOf("/api/customers?type=distributor&limit=1")).total).toBe(`${LIST_TOTAL_CAP}+`);
    // Found over the cap, a table is taken to be over it for a few seconds without counting again; then
    // it is counted, and a table under the cap always is.
    await t.database.tx((db) =>
      db.execute(sql`delete from vendors where name like 'Bulk vendor %' and email <> 'bulk1@example.com'`),
    );
    expect((await totalOf("/api/vendors?limit=1")).total).toBe(`${LIST_TOTAL_CAP}+`);
    t.clock.advance(OVER_CAP_MS);
    const exact = (await totalOf("/api/vendors?limit=500")).rows.length;
    expect(exact).toBeLessThan(100);
    expect((await totalOf("/api/vendors?limit=1")).total).toBe(String(exact));
    const distributors = (await totalOf("/api/customers?type=distributor&limit=500")).rows.length;
    expect((await totalOf("/api/customers?type=distributor&limit=1")).total).toBe(String(distributors));
    // A text search counts to a lower cap.
    await t.database.tx((db) =>
      db.execute(sql`
        insert into customers (name, type, email, phone, address, contact_person)
        select 'Searchable farm ' || n, 'farm', 'searchable' || n || '@example.co.ke', '+254700000000',
               'Nakuru', 'Contact ' || n
        from generate_series(1, ${SEARCH_TOTAL_CAP + 5}) n`),
    );
    expect((await totalOf("/api/customers?search=searchable&limit=10")).total).toBe(`${SEARCH_TOTAL_CAP}+`);
    // "Searchable farm 100", and 1000 to 1005.
    expect((await totalOf("/api/customers?search=Searchable farm 100&limit=50")).total).toBe("7");
  });
});
