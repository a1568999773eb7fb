import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Pagination } from "../../../contract/pagination";
import type { Statement, StatementEntry, statementQuery } from "../../../contract/statements";
import type { AppContext } from "../../context";
import { rowsOf } from "../../db/adapter";
import { customers } from "../../db/schema";
import { notFound } from "../../errors";
import { nairobiDate, nairobiDayEnd, nairobiDayStart, yearStart } from "../../time";

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
  const start = nairobiDayStart(from);
  const end = nairobiDayEnd(to);
  const { limit, offset } = page === "all" ? { limit: null, offset: 0 } : page;
  return ctx.database.read(async (db) => {
    const [customer] = await db
      .select({ id: customers.id, name: customers.name, kraPin: customers.kraPin })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!customer) throw notFound("Customer");
    // Signed: what raises the balance (invoices, money paid back) is positive. Both are read by customer
    // through their own index, and an entry's order number only for the page (decision 56).
    const moves = sql`
      select d.issued_at as date, d.kind::text as kind, d.number as reference, d.order_id,
             case when d.kind = 'invoice' then d.total_kes else -d.total_kes end as kes
      from tax_documents d
      where d.customer_id = ${customerId} and d.etims_status <> 'voided'
      union all
      select t.date, case when t.type = 'income' then 'payment' else 'refund' end, t.reference, t.order_id,
             case when t.type = 'income' then -t.amount::int else t.amount::int end
      from transactions t
      where t.customer_id = ${customerId} and t.type in ('income', 'refund') and t.status = 'completed'`;
    const inPeriod = (kind?: StatementEntry["kind"]) =>
      kind ? sql`date >= ${start} and kind = ${kind}` : sql`date >= ${start}`;
    const rows = await rowsOf<Figures & { [K in keyof Movement]: Movement[K] | null }>(
      db,
      sql`with moves as (${moves}),
        figures as (
          select coalesce(sum(kes) filter (where date < ${start}), 0)::float8 as opening,
                 (count(*) filter (where ${inPeriod()}))::int as "entryCount",
                 coalesce(sum(kes) filter (where ${inPeriod("invoice")}), 0)::float8 as invoiced,
                 coalesce(-sum(kes) filter (where ${inPeriod("credit_note")}), 0)::float8 as credited,
                 coalesce(-sum(kes) filter (where ${inPeriod("payment")}), 0)::float8 as paid,
                 coalesce(sum(kes) filter (where ${inPeriod("refund")}), 0)::float8 as refunded,
                 coalesce(sum(kes), 0)::float8 as closing
          from moves where date < ${end}
        )
        select figures.*, entry.date, entry.kind, entry.reference, o.order_number as "orderNumber", entry.kes,
               entry.balance
        from figures left join lateral (
          select date, kind, reference, order_id, kes,
                 (figures.opening + sum(kes) over (order by date, reference, kind rows unbounded preceding))::float8 as balance
          from moves where date >= ${start} and date < ${end}
          order by date, reference, kind limit ${limit} offset ${offset}
        ) entry on true
        left join orders o on o.id = entry.order_id
        order by entry.date, entry.reference, entry.kind`,
    );
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
