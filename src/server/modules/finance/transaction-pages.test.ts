import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { transactionSorts, transactionTypes } from "../../../contract/finance";
import { transactions } from "../../db/schema";
import { sortBy } from "../../http/list-sort";
import { t, withTestApp } from "../../testing/app-session";
import { expectPagesAsRead } from "../../testing/list-pages";
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
    const page = { limit: 20, offset: 3 };
    const compared = await expectPagesAsRead(
      transactionSorts,
      [undefined, ...transactionTypes],
      (db, { filter: type, ...query }) => transactionPage(db, { ...query, ...page, type }),
      async (db, { filter: type, ...query }) =>
        (
          await db
            .select()
            .from(transactions)
            .where(type ? eq(transactions.type, type) : undefined)
            .orderBy(...sortBy(transactionSortColumns, query, transactions.id))
            .limit(page.limit)
            .offset(page.offset)
        ).map(toTransaction),
    );
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
