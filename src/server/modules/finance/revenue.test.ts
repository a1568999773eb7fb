import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../../db/adapter";
import { t, withTestApp } from "../../testing/app-session";
import type { DayRange } from "../../time";
import { revenueOver } from "./figures";

withTestApp();

/** Booked order value over the Nairobi days of a range, summed from the orders themselves. */
const fromOrders = (range: DayRange) =>
  t.database.read(async (db) => {
    const [row] = await rowsOf<{ revenue: string }>(
      db,
      sql`select coalesce(sum(total_amount_kes), 0)::text as revenue from orders
        where status in ('approved', 'processing', 'shipped', 'delivered')
          and (order_date at time zone 'Africa/Nairobi')::date between ${range.first}::date and ${range.last}::date`,
    );
    return Number(row!.revenue);
  });

describe("revenue over a range of days", () => {
  it("matches the orders for whole months, days at either end, and days within one month", async () => {
    // Orders spread over three months, some at the very ends of a Nairobi day.
    await t.database.tx((db) =>
      db.execute(sql`insert into orders (order_number, source, customer_name, order_type, total_amount_kes,
          status, order_date)
        select 'REV-' || g, 'staff', 'Revenue Farm', 'sperm', 1000 + g,
          (array['approved','shipped','delivered','pending','cancelled']::order_status[])[1 + g % 5],
          timestamptz '2025-01-31 21:00:00+00' + (g * interval '9 hours') - (g % 2) * interval '1 second'
        from generate_series(1, 300) g`),
    );
    const ranges: DayRange[] = [
      { first: "2025-02-01", last: "2025-02-28" },
      { first: "2025-02-01", last: "2025-03-31" },
      { first: "2025-01-31", last: "2025-04-02" },
      { first: "2025-02-10", last: "2025-03-05" },
      { first: "2025-02-10", last: "2025-02-20" },
      { first: "2025-03-15", last: "2025-03-15" },
      { first: "2025-02-01", last: "2025-03-14" },
      { first: "2025-02-15", last: "2025-03-31" },
    ];
    for (const range of ranges) {
      const expected = await fromOrders(range);
      expect(await t.database.read((db) => revenueOver(db, range)), `${range.first} to ${range.last}`).toBe(
        expected,
      );
    }
    expect(await fromOrders(ranges[1]!)).toBeGreaterThan(100_000);
  });
});
