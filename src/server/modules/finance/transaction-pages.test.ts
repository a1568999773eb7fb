import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { transactionSorts, transactionTypes } from "../../../contract/finance";
import { sortOrders } from "../../../contract/pagination";
import { transactions } from "../../db/schema";
import { sortBy } from "../../http/list-sort";
import { t, withTestApp } from "../../testing/app-session";
import { toTransaction } from "./service";
import { transactionPage, transactionSortColumns } from "./transaction-pages";

withTestApp();

describe("the ledger's prepared pages", () => {
  it("answer each sort, order and type as the rows read and mapped by Drizzle", async () => {
    // Amounts with cents and equal dates, where a number or the tie-break could differ.
    await t.database.tx((db) =>
      db.execute(sql`insert into transactions (type, amount, currency, description, reference, status, date)
        select (array['income','expense','transfer','refund']::transaction_type[])[1 + g % 4], g * 10.25, 'KES',
               'Feed ' || g, case when g % 3 = 0 then 'R' || g end, 'completed', '2026-02-03 04:05:06.789+03'
        from generate_series(1, 30) g`),
    );
    let compared = 0;
    for (const sort of transactionSorts) {
      for (const order of sortOrders) {
        for (const type of [undefined, ...transactionTypes]) {
          const query = { sort, order, type, limit: 20, offset: 3 };
          const page = await t.database.read((db) => transactionPage(db, query));
          const expected = await t.database.read(async (db) =>
            (
              await db
                .select()
                .from(transactions)
                .where(type ? eq(transactions.type, type) : undefined)
                .orderBy(...sortBy(transactionSortColumns, query, transactions.id))
                .limit(20)
                .offset(3)
            ).map(toTransaction),
          );
          expect(page, `${sort} ${order} ${type}`).toEqual(expected);
          compared += page.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
    const transfers = await t.database.read((db) =>
      transactionPage(db, { sort: "amount", order: "desc", type: "transfer", limit: 500, offset: 0 }),
    );
    expect(transfers.find((x) => x.description === "Feed 30")).toMatchObject({
      amount: 307.5,
      date: "2026-02-03T01:05:06.789Z",
      reference: "R30",
    });
  });
});
