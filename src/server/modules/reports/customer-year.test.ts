import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../../db/adapter";
import { t, withTestApp } from "../../testing/app-session";
import { invariantViolations } from "../../testing/invariants";
import { countStatements } from "../../testing/statements";
import { asUser, loginAs } from "../../testing/test-app";
import { DAY_MS, lastDays } from "../../time";
import { moveCustomerYear, topCustomersOf } from "./top-sellers";

withTestApp();

const year = () => lastDays(t.clock.now(), 365);

/** The year's top five customers counted from the booked orders themselves. */
const counted = () =>
  t.database.read((db) =>
    rowsOf<{ name: string; orders: number; revenue: number }>(
      db,
      sql`select c.name, count(*)::int as orders, sum(o.total_amount_kes)::int as revenue
          from orders o join customers c on c.id = o.customer_id
          where order_is_booked(o.status)
            and nairobi_day(o.order_date) between ${year().first}::date and ${year().last}::date
          group by c.id, c.name order by revenue desc, c.id limit 5`,
    ),
  );

/**
 * The report's top five, and how many statements read the day or month totals to rank them (a year
 * ending on a month's last day is twelve whole months and reads no day totals).
 */
async function reported() {
  let top: Awaited<ReturnType<typeof topCustomersOf>> = [];
  const dayReads = await countStatements(
    async () => {
      top = await t.database.read((db) => topCustomersOf(db, year(), 5));
    },
    (query) => /booked_customer_(day|month)_totals/.test(query),
  );
  return { top: top.map(({ name, orders, revenue }) => ({ name, orders, revenue })), dayReads };
}

async function expectYearAgrees(from: "year totals" | "days") {
  const { top, dayReads } = await reported();
  expect(top).toEqual(await counted());
  expect(dayReads).toBe(from === "year totals" ? 0 : 1);
  expect(await invariantViolations(t.database)).toEqual([]);
}

describe("the 1-year report's top customers", () => {
  it("come from the year totals once the job has moved the window to today, and agree with the orders as days pass", async () => {
    expect((await counted()).length).toBeGreaterThan(0);
    // Before the job's first run the window covers no year: ranked from the days and months.
    await expectYearAgrees("days");
    await moveCustomerYear(t.ctx);
    await expectYearAgrees("year totals");

    // Booked orders moved across the year's start and back in time, a year total at a time.
    await t.database.tx((db) =>
      db.execute(sql`update orders set order_date = order_date - interval '200 days' where id % 3 = 0`),
    );
    await expectYearAgrees("year totals");
    // An order approved now counts at once.
    // By the second director: the order's creator may not approve it, and only a director approves on credit.
    const director = asUser(t.app, await loginAs(t.app, "director2@urithi.co.ke"));
    const [pending] = (await director.get("/api/orders?status=pending&limit=1&offset=0")).json();
    const approved = await director.post(`/api/orders/${pending.id}/approve`, {
      estimatedDays: 3,
      onCredit: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await expectYearAgrees("year totals");

    // A day later the window is a day behind until the job moves it: the days again, then the year.
    for (const days of [1, 30, 170, 400]) {
      t.clock.advance(days * DAY_MS);
      await expectYearAgrees("days");
      await moveCustomerYear(t.ctx);
      await expectYearAgrees("year totals");
    }
    // A clock set back (a restored backup) computes the year afresh.
    t.clock.advance(-500 * DAY_MS);
    await moveCustomerYear(t.ctx);
    await expectYearAgrees("year totals");
  });

  it("are recomputed by the summaries' rebuild to what the triggers kept", async () => {
    await moveCustomerYear(t.ctx);
    const kept = () =>
      t.database.read((db) =>
        rowsOf(db, sql`select * from booked_customer_year_totals where orders <> 0 order by customer_id`),
      );
    const before = await kept();
    expect(before.length).toBeGreaterThan(0);
    await t.database.tx((db) => db.execute(sql`select rebuild_summaries()`));
    expect(await kept()).toEqual(before);
  });
});
