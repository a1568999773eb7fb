import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Placeholders } from "../../db/adapter";
import type { DayRange, MonthCover } from "../../time";

/** A range that holds no day, for a slot of a cover that is not used. */
export const NO_DAYS: DayRange = { first: "9999-12-31", last: "0001-01-01" };

const slots = ["add1", "add2", "less1", "less2", "months"] as const;
type Slot = (typeof slots)[number];
/** A cover as a prepared statement's parameters: each slot's first and last day. */
export type CoverParams = { [K in `${Slot}${"First" | "Last"}`]: string };

/**
 * A cover (`coverByMonths`) in the fixed slots a prepared statement reads (decision 62): up to two runs of
 * days added, two taken away and one run of whole months. A cover never needs more: each end of a range
 * adds its days or takes a month's others away, and a range inside one month may take days away at both
 * its ends but then has no other end.
 */
export function coverParams(cover: MonthCover): CoverParams {
  const { add, subtract, months } = cover;
  if (add.length > 2 || subtract.length > 2)
    throw new Error("A cover holds at most two runs of days each way");
  const ranges: Record<Slot, DayRange | undefined> = {
    add1: add[0],
    add2: add[1],
    less1: subtract[0],
    less2: subtract[1],
    months: months ?? undefined,
  };
  return Object.fromEntries(
    slots.flatMap((slot) => {
      const range = ranges[slot] ?? NO_DAYS;
      return [
        [`${slot}First`, range.first],
        [`${slot}Last`, range.last],
      ];
    }),
  ) as CoverParams;
}

/** A day or month totals table with the column its rows are dated by (`day`, `month`). */
interface Dated {
  table: PgTable;
  at: "day" | "month";
}

/**
 * The rows of a day totals table and its month totals that cover the slots, as one `union all`: `key`
 * (given the row's date column) then each of `figures` (columns both tables have), negated on the days
 * taken away. `where` narrows both tables.
 */
export function coveredRows(
  p: Placeholders<CoverParams>,
  totals: { days: Dated; months: Dated; key: (at: SQL) => SQL; figures: readonly string[]; where?: SQL },
): SQL {
  const within = (at: SQL, slot: Slot) =>
    sql`${at} between ${p[`${slot}First`]}::date and ${p[`${slot}Last`]}::date`;
  const rows = ({ table, at: column }: Dated, sign: string, first: Slot, second?: Slot) => {
    const at = sql`${sql.identifier(column)}`;
    const figures = totals.figures.map(
      (f) => sql`${sql.raw(sign)}${sql.identifier(f)} as ${sql.identifier(f)}`,
    );
    const dated = second ? sql`(${within(at, first)} or ${within(at, second)})` : within(at, first);
    return sql`select ${totals.key(at)}, ${sql.join(figures, sql`, `)} from ${table}
      where ${dated}${totals.where ? sql` and ${totals.where}` : sql``}`;
  };
  return sql`${rows(totals.days, "", "add1", "add2")} union all ${rows(totals.days, "-", "less1", "less2")}
    union all ${rows(totals.months, "", "months")}`;
}
