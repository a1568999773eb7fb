import { sql } from "drizzle-orm";
import type { AgedReceivables } from "../../../contract/statements";
import type { AppContext } from "../../context";
import { rowsOf } from "../../db/adapter";
import { nairobiDate } from "../../time";

type Row = AgedReceivables["rows"][number];

/**
 * What each customer still owes on their invoices, by the invoice's age: each invoice's total less its
 * credit notes and what its order has been paid (net of refunds). One aggregate over the invoices still owed,
 * which triggers keep in `open_invoices` (drizzle/0064).
 */
export async function agedReceivables(ctx: AppContext): Promise<AgedReceivables> {
  const now = ctx.clock.now();
  const rows = await ctx.database.read((db) =>
    rowsOf<Row>(
      db,
      sql`with open as (
            select customer_id, (${now}::timestamptz - issued_at) as age, open_kes as kes from open_invoices
          )
          select c.id as "customerId", c.name,
                 coalesce(sum(kes) filter (where age <= interval '30 days'), 0)::int as "days0to30",
                 coalesce(sum(kes) filter (where age > interval '30 days' and age <= interval '60 days'), 0)::int as "days31to60",
                 coalesce(sum(kes) filter (where age > interval '60 days' and age <= interval '90 days'), 0)::int as "days61to90",
                 coalesce(sum(kes) filter (where age > interval '90 days'), 0)::int as "over90",
                 sum(kes)::int as "totalKes"
          from open join customers c on c.id = open.customer_id
          group by c.id, c.name
          order by "totalKes" desc, c.name`,
    ),
  );
  const total = (key: keyof Omit<Row, "customerId" | "name">) => rows.reduce((s, r) => s + r[key], 0);
  return {
    asOf: nairobiDate(now),
    rows,
    totals: {
      days0to30: total("days0to30"),
      days31to60: total("days31to60"),
      days61to90: total("days61to90"),
      over90: total("over90"),
      totalKes: total("totalKes"),
    },
  };
}
