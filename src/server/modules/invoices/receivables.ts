import { sql } from "drizzle-orm";
import type { Pagination } from "../../../contract/pagination";
import type { AgedReceivables } from "../../../contract/statements";
import type { AppContext } from "../../context";
import { prepared } from "../../db/adapter";
import { DAY_MS, nairobiDate } from "../../time";

type Row = AgedReceivables["rows"][number];

/**
 * The totals over every customer who owes, and beside them one page of those customers, largest debt first:
 * the invoices still owed, which triggers keep in `open_invoices` (drizzle/0064), summed by the age bucket
 * their issue time falls in. The buckets are cut by issue time against three instants, not by an age
 * computed per invoice (at 1M orders, 57,144 open invoices: 13 ms against 35 in PostgreSQL), and the
 * customers' names are joined to the page only. The totals come on every row, and alone (the page's columns
 * null) for a page past the end; as JSON, so their bigint sums (over 2^31 at 1M orders) arrive as numbers.
 */
const agedStatement = prepared<
  { cut30: string; cut60: string; cut90: string; limit: number; offset: number },
  Pick<AgedReceivables, "customerCount" | "totals"> & { [K in keyof Row]: Row[K] | null }
>(
  "aged_receivables",
  (p) => sql`with owed as (
      select customer_id,
             coalesce(sum(open_kes) filter (where issued_at >= ${p.cut30}::timestamptz), 0)::int as "days0to30",
             coalesce(sum(open_kes) filter (where issued_at < ${p.cut30}::timestamptz and issued_at >= ${p.cut60}::timestamptz), 0)::int as "days31to60",
             coalesce(sum(open_kes) filter (where issued_at < ${p.cut60}::timestamptz and issued_at >= ${p.cut90}::timestamptz), 0)::int as "days61to90",
             coalesce(sum(open_kes) filter (where issued_at < ${p.cut90}::timestamptz), 0)::int as "over90",
             sum(open_kes)::int as "totalKes"
      from open_invoices group by customer_id
    ), sums as (
      select count(*)::int as "customerCount", json_build_object(
        'days0to30', coalesce(sum("days0to30"), 0), 'days31to60', coalesce(sum("days31to60"), 0),
        'days61to90', coalesce(sum("days61to90"), 0), 'over90', coalesce(sum("over90"), 0),
        'totalKes', coalesce(sum("totalKes"), 0)) as totals
      from owed
    )
    select sums.*, page.* from sums left join lateral (
      select c.id as "customerId", c.name, o."days0to30", o."days31to60", o."days61to90", o."over90", o."totalKes"
      from owed o join customers c on c.id = o.customer_id
      order by o."totalKes" desc, c.name, c.id limit ${p.limit} offset ${p.offset}
    ) page on true
    order by page."totalKes" desc, page.name, page."customerId"`,
);

/**
 * What each customer still owes on their invoices, by the invoice's age: each invoice's total less its
 * credit notes and what its order has been paid (net of refunds).
 */
export async function agedReceivables(ctx: AppContext, page: Pagination): Promise<AgedReceivables> {
  const now = ctx.clock.now();
  const cut = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const found = await ctx.database.read((db) =>
    agedStatement(db, { cut30: cut(30), cut60: cut(60), cut90: cut(90), ...page }),
  );
  const { customerCount, totals } = found[0]!;
  const rows = found.flatMap(({ customerId, name, days0to30, days31to60, days61to90, over90, totalKes }) =>
    customerId === null
      ? []
      : [{ customerId, name, days0to30, days31to60, days61to90, over90, totalKes } as Row],
  );
  return { asOf: nairobiDate(now), rows, customerCount, totals };
}
