import { type SQL, sql } from "drizzle-orm";
import type { Pagination } from "../../../contract/pagination";
import type { AgedReceivables } from "../../../contract/statements";
import type { AppContext } from "../../context";
import { prepared } from "../../db/adapter";
import { DAY_MS, nairobiDate, nairobiDayEnd } from "../../time";

type Row = AgedReceivables["rows"][number];

type Cut = "30" | "60" | "90";
/** Each cut: its instant, its Nairobi day, and the instant the day after it starts. */
type CutParams = { [K in `cut${Cut}` | `day${Cut}` | `end${Cut}`]: string };

/**
 * The totals over every customer who owes, and beside them one page of those customers, largest debt first.
 * The page reads, through the debts' index, only the customers who owe at least as much as the page's last
 * (the debt `offset + limit` places down), so customers with equal debts are still ordered by name, and
 * names each by its key: ordering every customer who owes by debt and name read all of them (4.5 ms of 6.5
 * on PGlite at 100k orders; decision 54).
 * Triggers keep the invoices still owed (`open_invoices`, drizzle/0064), and with them what each customer owes
 * and what is owed on each day's invoices (drizzle/0069). The page is chosen from the customers' totals,
 * and only its customers' invoices are summed by the age bucket their issue time falls in, cut against three
 * instants. Over every customer, what was issued since a cut is the days after the cut's day and that day's
 * invoices from the cut on; the buckets are the differences. So neither reads every open invoice (at 1M
 * orders, 57,144). The totals come on every row, and alone (the page's columns null) for a page past the end;
 * as JSON, so their bigint sums (over 2^31 at 1M orders) arrive as numbers.
 */
const agedStatement = prepared<
  CutParams & { limit: number; offset: number },
  Pick<AgedReceivables, "customerCount" | "totals"> & { [K in keyof Row]: Row[K] | null }
>(
  "aged_receivables",
  (p) => {
    const instant = (value: unknown) => sql`${value}::timestamptz`;
    const [cut30, cut60, cut90] = [instant(p.cut30), instant(p.cut60), instant(p.cut90)];
    // The cuts' Nairobi days and the instants the next days start come worked out, as values to compare with.
    const onCutDay = (cut: SQL, end: unknown) => sql`issued_at >= ${cut} and issued_at < ${instant(end)}`;
    return sql`with owing as (
      select count(*)::int as "customerCount", coalesce(sum(open_kes), 0) as total
      from customer_open_totals where invoices > 0
    ), days as (
      select coalesce(sum(open_kes) filter (where day > ${p.day30}::date), 0) as d30,
             coalesce(sum(open_kes) filter (where day > ${p.day60}::date), 0) as d60,
             coalesce(sum(open_kes), 0) as d90
      from open_invoice_day_totals where day > ${p.day90}::date
    ), cut_days as (
      select coalesce(sum(open_kes) filter (where ${onCutDay(cut30, p.end30)}), 0) as c30,
             coalesce(sum(open_kes) filter (where ${onCutDay(cut60, p.end60)}), 0) as c60,
             coalesce(sum(open_kes) filter (where ${onCutDay(cut90, p.end90)}), 0) as c90
      from open_invoices
      where ${onCutDay(cut30, p.end30)} or ${onCutDay(cut60, p.end60)} or ${onCutDay(cut90, p.end90)}
    ), since as (
      select d30 + c30 as s30, d60 + c60 as s60, d90 + c90 as s90 from days, cut_days
    ), sums as (
      select "customerCount", json_build_object('days0to30', s30, 'days31to60', s60 - s30,
        'days61to90', s90 - s60, 'over90', total - s90, 'totalKes', total) as totals
      from owing, since
    )
    select sums.*, page.* from sums left join lateral (
      select c.id as "customerId", c.name, b."days0to30"::int, b."days31to60"::int, b."days61to90"::int,
             (c.open_kes - b."days0to30" - b."days31to60" - b."days61to90")::int as "over90",
             c.open_kes::int as "totalKes"
      from (
        select c.id, c.name, t.open_kes from (
          select customer_id, open_kes from customer_open_totals
          where invoices > 0 and open_kes >= coalesce((
            select open_kes from customer_open_totals where invoices > 0 order by open_kes desc nulls last
            offset greatest(${p.offset}::bigint + ${p.limit}::bigint - 1, 0) limit 1), open_kes)
        ) t cross join lateral (select id, name from customers where id = t.customer_id limit 1) c
        order by t.open_kes desc, c.name, c.id limit ${p.limit} offset ${p.offset}
      ) c
      cross join lateral (
        select coalesce(sum(open_kes) filter (where issued_at >= ${cut30}), 0) as "days0to30",
               coalesce(sum(open_kes) filter (where issued_at < ${cut30} and issued_at >= ${cut60}), 0) as "days31to60",
               coalesce(sum(open_kes) filter (where issued_at < ${cut60}), 0) as "days61to90"
        from open_invoices where customer_id = c.id and issued_at >= ${cut90}
      ) b
    ) page on true
    order by page."totalKes" desc, page.name, page."customerId"`;
  },
  { planOnce: true },
);

/**
 * What each customer still owes on their invoices, by the invoice's age: each invoice's total less its
 * credit notes and what its order has been paid (net of refunds).
 */
export async function agedReceivables(ctx: AppContext, page: Pagination): Promise<AgedReceivables> {
  const now = ctx.clock.now();
  const cuts = Object.fromEntries(
    (["30", "60", "90"] as const).flatMap((days) => {
      const cut = new Date(now.getTime() - Number(days) * DAY_MS);
      const day = nairobiDate(cut);
      return [
        [`cut${days}`, cut.toISOString()],
        [`day${days}`, day],
        [`end${days}`, nairobiDayEnd(day).toISOString()],
      ];
    }),
  ) as CutParams;
  const found = await ctx.database.read((db) => agedStatement(db, { ...cuts, ...page }));
  const { customerCount, totals } = found[0]!;
  const rows = found.flatMap(({ customerId, name, days0to30, days31to60, days61to90, over90, totalKes }) =>
    customerId === null
      ? []
      : [{ customerId, name, days0to30, days31to60, days61to90, over90, totalKes } as Row],
  );
  return { asOf: nairobiDate(now), rows, customerCount, totals };
}
