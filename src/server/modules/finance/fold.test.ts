import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../../db/adapter";
import { t, withTestApp } from "../../testing/app-session";
import { invariantViolations } from "../../testing/invariants";
import { DAY_MS, nairobiDate } from "../../time";
import { foldOrderTotals } from "./fold";

withTestApp();

/** The order totals per day or month and status, shards summed: what every reader of them sees. */
const sums = () =>
  t.database.read(async (db) => ({
    days: await rowsOf(
      db,
      sql`select day::text as day, status::text as status, sum(orders)::int as orders,
                 sum(total_kes)::text as total, sum(paid_kes)::text as paid
          from order_day_totals group by 1, 2 order by 1, 2`,
    ),
    months: await rowsOf(
      db,
      sql`select month::text as month, status::text as status, sum(orders)::int as orders,
                 sum(total_kes)::text as total, sum(paid_kes)::text as paid
          from order_month_totals group by 1, 2 order by 1, 2`,
    ),
  }));

/**
 * How many rows of other shards than 0 the days from `first` to `last` hold, and the months from `first`'s to
 * the one before `last`'s next day.
 */
const sharded = async (first: string, last: string) => {
  const [row] = await t.database.read((db) =>
    rowsOf<{ days: number; months: number }>(
      db,
      sql`select (select count(*)::int from order_day_totals
                  where day between ${first}::date and ${last}::date and shard <> 0) as days,
                 (select count(*)::int from order_month_totals
                  where month >= date_trunc('month', ${first}::date)::date
                    and month < date_trunc('month', ${last}::date + 1)::date and shard <> 0) as months`,
    ),
  );
  return row!;
};
const dayBefore = (days: number) => nairobiDate(new Date(t.clock.now().getTime() - days * DAY_MS));

describe("the order totals' fold", () => {
  it("keeps one row per status for the days before yesterday and the months before, with the same sums", async () => {
    // An order today and one yesterday (Nairobi's days, by the test's clock): the seed's newest orders fall on
    // yesterday or the day before, depending on the hour the test runs. The two oldest move, far from the days
    // the folds below look at.
    const now = t.clock.now();
    await t.database.tx(async (db) => {
      const [oldest, next] = await rowsOf<{ id: number }>(
        db,
        sql`select id from orders order by order_date, id limit 2`,
      );
      await db.execute(
        sql`update orders set order_date = ${now.toISOString()}::timestamptz where id = ${oldest!.id}`,
      );
      await db.execute(
        sql`update orders set order_date = ${new Date(now.getTime() - DAY_MS).toISOString()}::timestamptz
            where id = ${next!.id}`,
      );
    });
    // Shards for every day, as the triggers leave them.
    await t.database.tx(async (db) => {
      for (const table of ["order_day_totals", "order_month_totals", "order_status_totals"]) {
        await db.execute(sql`delete from ${sql.identifier(table)}`);
      }
    });
    await t.database.tx((db) =>
      db.execute(sql`insert into order_day_totals (day, status, shard, orders, total_kes, paid_kes)
        select nairobi_day(order_date), status, (id % 16)::smallint, count(*), sum(total_amount_kes), sum(amount_paid_kes)
        from orders group by 1, 2, 3`),
    );
    await t.database.tx((db) =>
      db.execute(sql`insert into order_month_totals (month, status, shard, orders, total_kes, paid_kes)
        select date_trunc('month', day::timestamp)::date, status, shard, sum(orders), sum(total_kes), sum(paid_kes)
        from order_day_totals group by 1, 2, 3`),
    );
    await t.database.tx((db) =>
      db.execute(sql`insert into order_status_totals (status, shard, orders, total_kes, paid_kes)
        select status, shard, sum(orders), sum(total_kes), sum(paid_kes) from order_day_totals group by 1, 2`),
    );
    const before = await sums();
    // The daily fold reaches 45 days back, to the day before yesterday.
    const folded = () => sharded(dayBefore(45), dayBefore(2));
    expect((await folded()).days).toBeGreaterThan(0);
    expect((await sharded(dayBefore(1), dayBefore(0))).days).toBeGreaterThan(0);

    expect(await foldOrderTotals(t.ctx)).toBe(1);
    expect(await sums()).toEqual(before);
    expect(await folded()).toEqual({ days: 0, months: 0 });
    // Yesterday and today keep their shards: orders still change them.
    expect((await sharded(dayBefore(1), dayBefore(0))).days).toBeGreaterThan(0);
    expect(await invariantViolations(t.database)).toEqual([]);
    // Once a day: a second beat folds nothing, the next day's does.
    expect(await foldOrderTotals(t.ctx)).toBe(0);

    // An order moved between folded days still moves their sums: its shard's rows come back, and the sums follow.
    const [old] = await t.database.read((db) =>
      rowsOf<{ id: number }>(
        db,
        sql`select id from orders where nairobi_day(order_date) between ${dayBefore(40)}::date and ${dayBefore(3)}::date
            order by id limit 1`,
      ),
    );
    expect(old).toBeDefined();
    await t.database.tx((db) =>
      db.execute(sql`update orders set order_date = order_date - interval '1 day' where id = ${old!.id}`),
    );
    expect(await invariantViolations(t.database)).toEqual([]);
    t.clock.advance(DAY_MS);
    expect(await foldOrderTotals(t.ctx)).toBe(1);
    expect(await folded()).toEqual({ days: 0, months: 0 });
    expect(await sums()).not.toEqual(before);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("folds while orders move between the days it folds, and the sums still match the orders", async () => {
    const ids = await t.database.read((db) =>
      rowsOf<{ id: number }>(
        db,
        sql`select id from orders where nairobi_day(order_date) between ${dayBefore(30)}::date and ${dayBefore(3)}::date
            order by id limit 24`,
      ),
    );
    expect(ids.length).toBeGreaterThan(10);
    const moves = ids.map(({ id }, i) =>
      t.database.tx((db) =>
        db.execute(sql`update orders set order_date = order_date + ${`${i % 2 === 0 ? 1 : -1} day`}::interval
                       where id = ${id}`),
      ),
    );
    const folds = Array.from({ length: 6 }, () =>
      t.database.tx((db) =>
        db.execute(sql`select order_totals_fold(${dayBefore(40)}::date, ${dayBefore(2)}::date)`),
      ),
    );
    await Promise.all([...moves, ...folds]);
    await t.database.tx((db) =>
      db.execute(sql`select order_totals_fold(${dayBefore(40)}::date, ${dayBefore(2)}::date)`),
    );
    expect(await sharded(dayBefore(40), dayBefore(2))).toEqual({ days: 0, months: 0 });
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("is what the rebuild leaves, as the triggers would have kept it", async () => {
    await t.database.tx((db) => db.execute(sql`select rebuild_order_day_totals()`));
    // Every day before the database's day before yesterday.
    const [row] = await t.database.read((db) =>
      rowsOf<{ last: string }>(db, sql`select (nairobi_day(now()) - 2)::text as last`),
    );
    expect(await sharded("2000-01-01", row!.last)).toEqual({ days: 0, months: 0 });
    expect((await sums()).days.length).toBeGreaterThan(0);
    expect(await invariantViolations(t.database)).toEqual([]);
  });
});
