import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerSorts, customerTypes } from "../../../contract/customers";
import { customers } from "../../db/schema";
import { sortBy } from "../../http/list-sort";
import { t, withTestApp } from "../../testing/app-session";
import { expectPagesAsRead } from "../../testing/list-pages";
import { customerPage, customerSortColumns } from "./customer-pages";
import { toCustomer } from "./service";

withTestApp();

describe("the customer list's prepared pages", () => {
  it("answer each sort, order and type as the rows read and mapped by Drizzle", async () => {
    // Customers created together (an import) share a time: the id orders them.
    await t.database.tx((db) =>
      db.execute(sql`insert into customers (name, type, email, phone, address, contact_person, created_at, notes)
        select 'Import ' || g, 'farm', 'import' || g || '@farm.example', '+2547100000' || g, 'Nyeri', 'Farmer',
               '2026-05-06 07:08:09.123456+03', case when g % 2 = 0 then 'noted' end
        from generate_series(10, 40) g`),
    );
    const page = { limit: 25, offset: 5 };
    const compared = await expectPagesAsRead(
      customerSorts,
      [undefined, ...customerTypes],
      (db, { filter: type, ...query }) => customerPage(db, { ...query, ...page, type }),
      async (db, { filter: type, ...query }) =>
        (
          await db
            .select()
            .from(customers)
            .where(type ? eq(customers.type, type) : undefined)
            .orderBy(...sortBy(customerSortColumns, query, customers.id))
            .limit(page.limit)
            .offset(page.offset)
        ).map(toCustomer),
    );
    expect(compared).toBeGreaterThan(100);
    const imported = await t.database.read((db) =>
      customerPage(db, { sort: "name", order: "asc", limit: 1, offset: 0, type: "farm" }),
    );
    expect(imported[0]).toMatchObject({
      name: "Import 10",
      createdAt: "2026-05-06T04:08:09.123Z",
      notes: "noted",
    });
  });
});
