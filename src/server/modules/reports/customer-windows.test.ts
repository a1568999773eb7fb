import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../../db/adapter";
import { t, withTestApp } from "../../testing/app-session";
import { invariantViolations } from "../../testing/invariants";
import { countStatements } from "../../testing/statements";
import { asUser, loginAs } from "../../testing/test-app";
import { DAY_MS, lastDays } from "../../time";
import { moveCustomerWindows, topCustomersOf } from "./top-sellers";

withTestApp();

/** The reports' periods that have a window of their own, and one that has none. */
const windowed = [30, 365];
const period = (days: number) => lastDays(t.clock.now(), days);

/** The period's top five customers counted from the booked orders themselves. */
const counted = (days: number) =>
  t.database.read((db) =>
    rowsOf<{ name: string; orders: number; revenue: number }>(
      db,
      sql`select c.name, count(*)::int as orders, sum(o.total_amount_kes)::int as revenue
          from orders o join customers c on c.id = o.customer_id
          where order_is_booked(o.status)
            and nairobi_day(o.order_date) between ${period(days).first}::date and ${period(days).last}::date
          group by c.id, c.name order by revenue desc, c.id limit 5`,
    ),
  );

/** The report's top five over the period, and how many statements read the day or month totals to rank them. */
async function reported(days: number) {
  let top: Awaited<ReturnType<typeof topCustomersOf>> = [];
  const dayReads = await countStatements(
    async () => {
      top = await t.database.read((db) => topCustomersOf(db, period(days), 5));
    },
    (query) => /booked_customer_(day|month)_totals/.test(query),
  );
  return { top: top.map(({ name, orders, revenue }) => ({ name, orders, revenue })), dayReads };
}

/** The 30-day and 1-year reports' top customers agree with the orders, ranked from their windows or days. */
async function expectWindowsAgree(from: "window totals" | "days") {
  for (const days of windowed) {
    const { top, dayReads } = await reported(days);
    expect(top, `${days} days`).toEqual(await counted(days));
    expect(dayReads, `${days} days`).toBe(from === "window totals" ? 0 : 1);
  }
  // A period with no window of its own always ranks from the days and months.
  const week = await reported(7);
  expect(week.top).toEqual(await counted(7));
  expect(week.dayReads).toBe(1);
  expect(await invariantViolations(t.database)).toEqual([]);
}

describe("the 30-day and 1-year reports' top customers", () => {
  it("come from their window's totals once the job has moved the windows to today, and agree with the orders as days pass", async () => {
    for (const days of windowed) expect((await counted(days)).length, `${days} days`).toBeGreaterThan(0);
    // Before the job's first run the windows cover no days: ranked from the days and months.
    await expectWindowsAgree("days");
    await moveCustomerWindows(t.ctx);
    await expectWindowsAgree("window totals");

    // Booked orders moved out of each window and back in time, then others moved into them from before.
    await t.database.tx((db) =>
      db.execute(sql`update orders set order_date = order_date - interval '200 days' where id % 3 = 0`),
    );
    await expectWindowsAgree("window totals");
    await t.database.tx((db) =>
      db.execute(sql`update orders set order_date = order_date + interval '20 days'
                     where id % 5 = 0
                       and order_date < ${t.clock.now().toISOString()}::timestamptz - interval '25 days'`),
    );
    await expectWindowsAgree("window totals");
    // An order approved now counts at once.
    // By the second director: the order's creator may not approve it, and only a director approves on credit.
    const director = asUser(t.app, await loginAs(t.app, "director2@urithi.co.ke"));
    const [pending] = (await director.get("/api/orders?status=pending&limit=1&offset=0")).json();
    const approved = await director.post(`/api/orders/${pending.id}/approve`, {
      estimatedDays: 3,
      onCredit: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await expectWindowsAgree("window totals");

    // A day later the windows are a day behind until the job moves them: the days again, then the windows.
    // A move shorter than a window takes its old days off and adds the new; a longer one computes it afresh.
    const moves = [1, 29, 30, 170, 400];
    for (const days of moves) {
      t.clock.advance(days * DAY_MS);
      await expectWindowsAgree("days");
      await moveCustomerWindows(t.ctx);
      await expectWindowsAgree("window totals");
    }
    // A clock set back (a restored backup) computes the windows afresh: back where the test began.
    t.clock.advance(-moves.reduce((sum, days) => sum + days, 0) * DAY_MS);
    await moveCustomerWindows(t.ctx);
    await expectWindowsAgree("window totals");
  });

  it("are read through the windows' rank index: the first few, not every customer sorted", async () => {
    await moveCustomerWindows(t.ctx);
    for (const days of windowed) {
      const [customers] = await t.database.read((db) =>
        rowsOf<{ n: number }>(
          db,
          sql`select count(*)::int as n from booked_customer_window_totals where days = ${days} and orders > 0`,
        ),
      );
      expect(customers!.n, `${days} days`).toBeGreaterThan(3);
      // What the connection read through the index, not yet written to the statistics, before and after
      // ranking: the live rows it fetched (entries of dead row versions, which updates leave, do not count).
      const read = await t.database.tx(async (db) => {
        const readSoFar = async () =>
          (
            await rowsOf<{ scans: number; rows: number }>(
              db,
              sql`select pg_stat_get_xact_numscans('booked_customer_window_totals_rank_idx'::regclass)::int as scans,
                   pg_stat_get_xact_tuples_fetched('booked_customer_window_totals_rank_idx'::regclass)::int as rows`,
            )
          )[0]!;
        const before = await readSoFar();
        await topCustomersOf(db, period(days), 2);
        const after = await readSoFar();
        return { scans: after.scans - before.scans, rows: after.rows - before.rows };
      });
      expect(read, `${days} days`).toEqual({ scans: 1, rows: 2 });
    }
  });

  it("are recomputed by the summaries' rebuild to what the triggers kept", async () => {
    await moveCustomerWindows(t.ctx);
    const kept = () =>
      t.database.read((db) =>
        rowsOf<{ days: number }>(
          db,
          sql`select * from booked_customer_window_totals where orders <> 0 order by days, customer_id`,
        ),
      );
    const before = await kept();
    for (const days of windowed) expect(before.filter((r) => r.days === days).length).toBeGreaterThan(0);
    await t.database.tx((db) => db.execute(sql`select rebuild_summaries()`));
    expect(await kept()).toEqual(before);
  });
});
