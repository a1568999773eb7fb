import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Statement, StatementEntry, statementQuery } from "../../../contract/statements";
import type { AppContext } from "../../context";
import { rowsOf } from "../../db/adapter";
import { customers } from "../../db/schema";
import { notFound } from "../../errors";
import { nairobiDate, nairobiDayStart, yearStart } from "../../time";

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
};

export async function customerStatement(
  ctx: AppContext,
  customerId: number,
  query: z.output<typeof statementQuery>,
): Promise<Statement> {
  const now = ctx.clock.now();
  const from = query.from ?? nairobiDate(yearStart(now));
  const to = query.to ?? nairobiDate(now);
  const start = nairobiDayStart(from);
  const end = new Date(nairobiDayStart(to).getTime() + 86_400_000);
  return ctx.database.read(async (db) => {
    const [customer] = await db
      .select({ id: customers.id, name: customers.name, kraPin: customers.kraPin })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!customer) throw notFound("Customer");
    // Signed: what raises the balance (invoices, money paid back) is positive. The money is read order by
    // order through its index (`offset 0` keeps PostgreSQL from joining every transaction instead: 145 ms
    // against 11 for a customer with 5,000 orders among a million, decision 38).
    const movements = sql`
      select d.issued_at as date, d.kind::text as kind, d.number as reference, o.order_number as "orderNumber",
             case when d.kind = 'invoice' then d.total_kes else -d.total_kes end as kes
      from tax_documents d join orders o on o.id = d.order_id
      where d.customer_id = ${customerId} and d.etims_status <> 'voided'
      union all
      select t.date, case when t.type = 'income' then 'payment' else 'refund' end, t.reference, o.order_number,
             case when t.type = 'income' then -t.amount::int else t.amount::int end
      from orders o cross join lateral (
        select * from transactions t
        where t.order_id = o.id and t.type in ('income', 'refund') and t.status = 'completed' offset 0
      ) t
      where o.customer_id = ${customerId}`;
    const [opening] = await rowsOf<{ kes: number }>(
      db,
      sql`select coalesce(sum(kes), 0)::int as kes from (${movements}) m where date < ${start}`,
    );
    const inPeriod = await rowsOf<Movement>(
      db,
      sql`select * from (${movements}) m where date >= ${start} and date < ${end} order by date, reference`,
    );
    let balance = opening!.kes;
    const sum = (kind: StatementEntry["kind"]) =>
      inPeriod.filter((m) => m.kind === kind).reduce((s, m) => s + Math.abs(Number(m.kes)), 0);
    const entries = inPeriod.map((m): StatementEntry => {
      const kes = Number(m.kes);
      balance += kes;
      return {
        date: new Date(m.date).toISOString(),
        kind: m.kind,
        reference: m.reference,
        orderNumber: m.orderNumber,
        debitKes: Math.max(kes, 0),
        creditKes: kes < 0 ? -kes : 0,
        balanceKes: balance,
      };
    });
    return {
      customer,
      from,
      to,
      openingKes: opening!.kes,
      invoicedKes: sum("invoice"),
      creditedKes: sum("credit_note"),
      paidKes: sum("payment"),
      refundedKes: sum("refund"),
      closingKes: balance,
      entries,
    };
  });
}
