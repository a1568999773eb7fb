import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Pagination } from "../../../contract/pagination";
import type { Statement, StatementEntry, statementQuery } from "../../../contract/statements";
import type { AppContext } from "../../context";
import { prepared, together } from "../../db/adapter";
import { customers } from "../../db/schema";
import { notFound } from "../../errors";
import { nairobiDate, yearStart } from "../../time";

/**
 * A customer's statement of account, from the documents and the money ledger together: invoices and credit
 * notes as issued (voided ones aside), payments and refunds as the ledger booked them. Its closing balance
 * is what the customer owes on every sale invoiced so far, less all they paid.
 */

type Movement = {
  date: Date;
  kind: StatementEntry["kind"];
  reference: string | null;
  orderNumber: string | null;
  kes: number;
  /** The balance after this entry, the opening balance included. */
  balance: number;
};

/** The period's figures, on every row of the answer (and alone, the entry's columns null, on an empty page). */
type Figures = {
  opening: number;
  entryCount: number;
  invoiced: number;
  credited: number;
  paid: number;
  refunded: number;
  closing: number;
};

type Params = { customerId: number; from: string; to: string; limit: number | null; offset: number };

const statementCustomer = prepared<{ customerId: number }, Statement["customer"]>(
  "statement_customer",
  (p) => sql`select ${customers.id}, ${customers.name}, ${customers.kraPin} as "kraPin" from ${customers}
    where ${customers.id} = ${p.customerId}::int`,
);

/**
 * The period's figures and one page of its entries, prepared: planning it took 5.4 ms of PGlite's thread
 * at 100k orders, where running it took 1.7 (decision 61).
 */
const statementPage = prepared<Params, Figures & { [K in keyof Movement]: Movement[K] | null }>(
  "statement_page",
  (p) => {
    const customerId = sql`${p.customerId}::int`;
    const fromDay = sql`${p.from}::date`;
    const toDay = sql`${p.to}::date`;
    // Signed: what raises the balance (invoices, money paid back) is positive. Both are read by customer
    // through their own index, and an entry's order number only for the page (decision 56), between two
    // instants the days below give.
    const moves = (from: SQL, to: SQL) => sql`
      select d.issued_at as date, d.kind::text as kind, d.number as reference, d.order_id,
             case when d.kind = 'invoice' then d.total_kes else -d.total_kes end as kes
      from tax_documents d
      where d.customer_id = ${customerId} and d.etims_status <> 'voided' and d.issued_at >= ${from}
        and d.issued_at < ${to}
      union all
      select t.date, case when t.type = 'income' then 'payment' else 'refund' end, t.reference, t.order_id,
             case when t.type = 'income' then -t.amount::int else t.amount::int end
      from transactions t
      where t.customer_id = ${customerId} and t.type in ('income', 'refund') and t.status = 'completed'
        and t.date >= ${from} and t.date < ${to}`;
    const dayStart = (day: SQL) => sql`(${day})::timestamp at time zone 'Africa/Nairobi'`;
    const [limit, offset] = [sql`${p.limit}::int`, sql`${p.offset}::int`];
    // The figures and the balance before the page come from the customer's days (decision 61); the
    // entries are read only from the day that holds the page's first to the day that holds its last.
    return sql`with days as (
        select day, entries, invoiced_kes as invoiced, credited_kes as credited, paid_kes as paid,
               refunded_kes as refunded, invoiced_kes - credited_kes - paid_kes + refunded_kes as kes
        from customer_statement_days where customer_id = ${customerId} and day <= ${toDay}
      ), figures as (
        select coalesce(sum(kes) filter (where day < ${fromDay}), 0)::float8 as opening,
               coalesce(sum(entries) filter (where day >= ${fromDay}), 0)::int as "entryCount",
               coalesce(sum(invoiced) filter (where day >= ${fromDay}), 0)::float8 as invoiced,
               coalesce(sum(credited) filter (where day >= ${fromDay}), 0)::float8 as credited,
               coalesce(sum(paid) filter (where day >= ${fromDay}), 0)::float8 as paid,
               coalesce(sum(refunded) filter (where day >= ${fromDay}), 0)::float8 as refunded,
               coalesce(sum(kes), 0)::float8 as closing
        from days
      ), period as (
        select day, entries, sum(entries) over w - entries as before, sum(kes) over w - kes as "kesBefore"
        from days where day >= ${fromDay} and entries <> 0 window w as (order by day rows unbounded preceding)
      ), head as (
        select day, before, "kesBefore" from period where before + entries > ${offset} order by day limit 1
      ), tail as (
        select day from period where before + entries >= ${offset} + ${limit} order by day limit 1
      )
      select figures.*, entry.date, entry.kind, entry.reference, o.order_number as "orderNumber", entry.kes,
             entry.balance
      from figures left join lateral (
        select date, kind, reference, order_id, kes,
               (figures.opening + (select "kesBefore" from head)
                 + sum(kes) over (order by date, reference, kind rows unbounded preceding))::float8 as balance
        from (${moves(
          dayStart(sql`(select day from head)`),
          dayStart(sql`coalesce((select day from tail), ${toDay}) + 1`),
        )}) m
        order by date, reference, kind limit ${limit} offset ${offset} - (select before from head)
      ) entry on true
      left join orders o on o.id = entry.order_id
      order by entry.date, entry.reference, entry.kind`;
  },
);

/**
 * A customer's statement: its figures over the whole period and one page of its entries, oldest first, each
 * with the balance after it (`page` "all" for the PDF and the CSV). The sums, the running balance and the
 * page are PostgreSQL's, so a customer with 5,000 orders a year costs its page, not 10,000 mapped rows.
 */
export async function customerStatement(
  ctx: AppContext,
  customerId: number,
  query: z.output<typeof statementQuery>,
  page: Pagination | "all",
): Promise<Statement> {
  const now = ctx.clock.now();
  const from = query.from ?? nairobiDate(yearStart(now));
  const to = query.to ?? nairobiDate(now);
  const { limit, offset } = page === "all" ? { limit: null, offset: 0 } : page;
  return ctx.database.read(async (db) => {
    // Sent together: the page does not wait for the customer's name.
    const [[customer], rows] = await together([
      statementCustomer(db, { customerId }),
      statementPage(db, { customerId, from, to, limit, offset }),
    ]);
    if (!customer) throw notFound("Customer");
    const f = rows[0]!;
    const entries = rows.flatMap((m): StatementEntry[] => {
      if (m.kind === null) return [];
      const kes = Number(m.kes);
      return [
        {
          date: new Date(m.date!).toISOString(),
          kind: m.kind,
          reference: m.reference,
          orderNumber: m.orderNumber,
          debitKes: Math.max(kes, 0),
          creditKes: kes < 0 ? -kes : 0,
          balanceKes: m.balance!,
        },
      ];
    });
    return {
      customer,
      from,
      to,
      openingKes: f.opening,
      invoicedKes: f.invoiced,
      creditedKes: f.credited,
      paidKes: f.paid,
      refundedKes: f.refunded,
      closingKes: f.closing,
      entryCount: f.entryCount,
      entries,
    };
  });
}
