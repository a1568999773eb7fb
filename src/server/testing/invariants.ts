import { sql } from "drizzle-orm";
import { openOrderStatuses } from "../../contract/orders";
import { type Database, rowsOf } from "../db/adapter";

const openList = sql.raw(openOrderStatuses.map((s) => `'${s}'`).join(", "));

/**
 * The rows of a month totals table that are not its day totals summed, by `key`, for `count` and the
 * revenue beside it.
 */
const monthsAreDaysSummed = (months: string, days: string, key: string, count: string) =>
  sql.raw(`
    select coalesce(t.month, s.month)::text || ' ' || coalesce(t.${key}, s.${key})::text from
      (select month, ${key}, ${count} as n, revenue_kes as revenue from ${months}
       where ${count} <> 0 or revenue_kes <> 0) t
      full join
      (select date_trunc('month', day::timestamp)::date as month, ${key}, sum(${count}) as n,
              sum(revenue_kes) as revenue
       from ${days} group by 1, 2 having sum(${count}) <> 0 or sum(revenue_kes) <> 0) s
      on t.month = s.month and t.${key} = s.${key}
    where coalesce(t.n, 0) <> coalesce(s.n, 0) or coalesce(t.revenue, 0) <> coalesce(s.revenue, 0)`);

/**
 * What must hold in the database whatever requests came before, as SQL that answers the rows that
 * break it. Each rule names itself in the report.
 */
const rules: Record<string, ReturnType<typeof sql>> = {
  "stock is never negative and reserved never exceeds on hand": sql`
    select item_id from inventory_items
    where current_stock < 0 or reserved_stock < 0 or reserved_stock > current_stock`,
  "reserved stock is the sum of open order lines": sql`
    select i.item_id from inventory_items i
    left join (
      select l.inventory_item_id, sum(l.quantity) as held
      from order_lines l join orders o on o.id = l.order_id
      where o.status in (${openList})
      group by l.inventory_item_id
    ) h on h.inventory_item_id = i.id
    where i.reserved_stock <> coalesce(h.held, 0)`,
  "reserved stock is the sum of its reservation movements": sql`
    select i.item_id from inventory_items i
    left join (select inventory_item_id, sum(reserved_delta) as moved from stock_movements group by 1) m
      on m.inventory_item_id = i.id
    where i.reserved_stock <> coalesce(m.moved, 0)`,
  "on-hand stock is the sum of its stock movements (receipts, sales, use, counts, write-offs)": sql`
    select i.item_id from inventory_items i
    left join (select inventory_item_id, sum(stock_delta) as moved from stock_movements group by 1) m
      on m.inventory_item_id = i.id
    where i.current_stock <> coalesce(m.moved, 0)`,
  "placed straws never exceed on-hand stock, nor promised straws what is reserved": sql`
    select i.item_id from inventory_items i
    join (select inventory_item_id, sum(count) as placed, sum(allocated) as promised
          from stock_positions group by 1) p on p.inventory_item_id = i.id
    where p.placed > i.current_stock or p.promised > i.reserved_stock`,
  "a position's promised straws are its open picks of that batch": sql`
    select p.id from stock_positions p
    left join (select batch_id, cane_id, sum(count) as n from order_picks
               where dispatched_at is null group by 1, 2) k
      on k.batch_id = p.batch_id and k.cane_id = p.cane_id
    where p.allocated <> coalesce(k.n, 0)`,
  "every open pick is at a position of its batch": sql`
    select k.id from order_picks k
    left join stock_positions p on p.batch_id = k.batch_id and p.cane_id = k.cane_id
    where k.dispatched_at is null and p.id is null`,
  "an item carries its bull's name and words as its genetics row says (the catalogue sorts and searches them)": sql`
    select i.item_id from inventory_items i left join item_genetics g on g.inventory_item_id = i.id
    where (i.bull_name, i.genetics_words) is distinct from (g.bull_name, g.search_words)`,
  "an item carries the totals of its bull, or its own for an embryo lot (the catalogue sorts by them)": sql`
    select i.item_id from inventory_items i
    left join item_genetics g on g.inventory_item_id = i.id
    left join fertility_totals f on f.key = fertility_key(i.type, g.registration, i.id)
    cross join lateral fertility_figures(coalesce(f.services, 0), coalesce(f.conceptions, 0),
      coalesce(f.reported_services, 0), coalesce(f.reported_conceptions, 0)) x
    where (i.fertility_services, i.fertility_conceptions, i.fertility_confirmed, i.fertility_reported)
          <> (x.services, x.conceptions, x.confirmed, x.reported)`,
  "no cane holds more straws than it has room for": sql`
    select c.label from storage_canes c join stock_positions p on p.cane_id = c.id
    group by c.id, c.label, c.capacity having sum(p.count) > c.capacity`,
  "only open orders have undispatched picks": sql`
    select o.order_number from orders o join order_picks k on k.order_id = o.id
    where k.dispatched_at is null and o.status not in (${openList})`,
  "the per-day order totals are the orders summed (what a rebuild would write)": sql`
    select coalesce(t.day, o.day)::text || ' ' || coalesce(t.status, o.status)::text from
      (select day, status, sum(orders) as n, sum(total_kes) as total, sum(paid_kes) as paid
       from order_day_totals group by 1, 2) t
      full join
      (select (order_date at time zone 'Africa/Nairobi')::date as day, status, count(*) as n,
              sum(total_amount_kes) as total, sum(amount_paid_kes) as paid
       from orders group by 1, 2) o
      on t.day = o.day and t.status = o.status
    where coalesce(t.n, 0) <> coalesce(o.n, 0) or coalesce(t.total, 0) <> coalesce(o.total, 0)
       or coalesce(t.paid, 0) <> coalesce(o.paid, 0)`,
  "the per-status shipment totals are the shipments counted": sql`
    select coalesce(t.status, s.status)::text from shipment_status_totals t
      full join (select status, count(*)::int as n from shipments group by 1) s on t.status = s.status
    where coalesce(t.shipments, 0) <> coalesce(s.n, 0)`,
  "the customer counts by type are the customers counted": sql`
    select coalesce(t.type, c.type)::text || ' ' || coalesce(t.is_active, c.is_active)::text
      from (select * from customer_type_totals where customers <> 0) t
      full join (select type, is_active, count(*)::int as n from customers group by 1, 2) c
      on t.type = c.type and t.is_active = c.is_active
    where coalesce(t.customers, 0) <> coalesce(c.n, 0)`,
  "what each customer owes, and on how many invoices, is their open invoices summed": sql`
    select coalesce(t.customer_id, o.customer_id)::text from customer_open_totals t
      full join (select customer_id, sum(open_kes) as owed, count(*) as n from open_invoices group by 1) o
      on t.customer_id = o.customer_id
    where coalesce(t.open_kes, 0) <> coalesce(o.owed, 0) or coalesce(t.invoices, 0) <> coalesce(o.n, 0)`,
  "each customer's statement days are their documents and ledger entries summed": sql`
    select coalesce(t.customer_id, e.customer_id)::text || ' ' || coalesce(t.day, e.day)::text from
      (select * from customer_statement_days where entries <> 0) t
      full join
      (select customer_id, day, count(*) as n, sum(invoiced) as invoiced, sum(credited) as credited,
              sum(paid) as paid, sum(refunded) as refunded from (
         select customer_id, nairobi_day(issued_at) as day,
                case when kind = 'invoice' then total_kes else 0 end as invoiced,
                case when kind = 'invoice' then 0 else total_kes end as credited, 0 as paid, 0 as refunded
         from tax_documents where customer_id is not null and etims_status <> 'voided'
         union all
         select customer_id, nairobi_day(date), 0, 0, case when type = 'income' then amount::int else 0 end,
                case when type = 'refund' then amount::int else 0 end
         from transactions where customer_id is not null and type in ('income', 'refund') and status = 'completed'
       ) x group by 1, 2) e
      on t.customer_id = e.customer_id and t.day = e.day
    where coalesce(t.entries, 0) <> coalesce(e.n, 0) or coalesce(t.invoiced_kes, 0) <> coalesce(e.invoiced, 0)
       or coalesce(t.credited_kes, 0) <> coalesce(e.credited, 0) or coalesce(t.paid_kes, 0) <> coalesce(e.paid, 0)
       or coalesce(t.refunded_kes, 0) <> coalesce(e.refunded, 0)`,
  "what is owed on each day's open invoices, and on how many, is them summed": sql`
    select coalesce(t.day, o.day)::text from open_invoice_day_totals t
      full join (select nairobi_day(issued_at) as day, sum(open_kes) as owed, count(*) as n from open_invoices
                 group by 1) o
      on t.day = o.day
    where coalesce(t.open_kes, 0) <> coalesce(o.owed, 0) or coalesce(t.invoices, 0) <> coalesce(o.n, 0)`,
  "the per-status order totals are the orders summed": sql`
    select coalesce(t.status, o.status)::text from
      (select status, sum(orders) as n, sum(total_kes) as total, sum(paid_kes) as paid
       from order_status_totals group by 1) t
      full join
      (select status, count(*) as n, sum(total_amount_kes) as total, sum(amount_paid_kes) as paid
       from orders group by 1) o
      on t.status = o.status
    where coalesce(t.n, 0) <> coalesce(o.n, 0) or coalesce(t.total, 0) <> coalesce(o.total, 0)
       or coalesce(t.paid, 0) <> coalesce(o.paid, 0)`,
  "booked units and revenue per day and product are the booked orders' lines summed": sql`
    select coalesce(t.day, s.day)::text || ' ' || coalesce(t.product, s.product) from
      (select day, product_name as product, units, revenue_kes as revenue from booked_product_day_totals
       where units <> 0 or revenue_kes <> 0) t
      full join
      (select nairobi_day(o.order_date) as day, l.product_name as product, sum(l.quantity) as units,
              sum(l.line_total_kes) as revenue
       from order_lines l join orders o on o.id = l.order_id where order_is_booked(o.status) group by 1, 2) s
      on t.day = s.day and t.product = s.product
    where coalesce(t.units, 0) <> coalesce(s.units, 0) or coalesce(t.revenue, 0) <> coalesce(s.revenue, 0)`,
  "booked orders per day and customer are the booked orders counted": sql`
    select coalesce(t.day, s.day)::text || ' ' || coalesce(t.customer_id, s.customer_id)::text from
      (select day, customer_id, orders, revenue_kes as revenue from booked_customer_day_totals
       where orders <> 0 or revenue_kes <> 0) t
      full join
      (select nairobi_day(order_date) as day, customer_id, count(*) as orders, sum(total_amount_kes) as revenue
       from orders where order_is_booked(status) and customer_id is not null group by 1, 2) s
      on t.day = s.day and t.customer_id = s.customer_id
    where coalesce(t.orders, 0) <> coalesce(s.orders, 0) or coalesce(t.revenue, 0) <> coalesce(s.revenue, 0)`,
  "orders per month and status are their days summed": sql`
    select coalesce(t.month, s.month)::text || ' ' || coalesce(t.status, s.status)::text from
      (select month, status, sum(orders) as orders, sum(total_kes) as total, sum(paid_kes) as paid
       from order_month_totals group by 1, 2) t
      full join
      (select date_trunc('month', day::timestamp)::date as month, status, sum(orders) as orders,
              sum(total_kes) as total, sum(paid_kes) as paid
       from order_day_totals group by 1, 2) s
      on t.month = s.month and t.status = s.status
    where coalesce(t.orders, 0) <> coalesce(s.orders, 0) or coalesce(t.total, 0) <> coalesce(s.total, 0)
       or coalesce(t.paid, 0) <> coalesce(s.paid, 0)`,
  "booked orders per month and customer are their days summed": monthsAreDaysSummed(
    "booked_customer_month_totals",
    "booked_customer_day_totals",
    "customer_id",
    "orders",
  ),
  "booked lines per month and product are their days summed": monthsAreDaysSummed(
    "booked_product_month_totals",
    "booked_product_day_totals",
    "product_name",
    "units",
  ),
  "booked orders per customer over each window are its days summed": sql`
    select coalesce(t.days, s.days)::text || ' ' || coalesce(t.customer_id, s.customer_id)::text from
      (select days, customer_id, orders, revenue_kes as revenue from booked_customer_window_totals
       where orders <> 0 or revenue_kes <> 0) t
      full join
      (select w.days, d.customer_id, sum(d.orders) as orders, sum(d.revenue_kes) as revenue
       from booked_customer_day_totals d join booked_customer_windows w
         on d.day between w.last_day - (w.days - 1) and w.last_day
       group by 1, 2 having sum(d.orders) <> 0 or sum(d.revenue_kes) <> 0) s
      on t.days = s.days and t.customer_id = s.customer_id
    where coalesce(t.orders, 0) <> coalesce(s.orders, 0) or coalesce(t.revenue, 0) <> coalesce(s.revenue, 0)`,
  "income per day is the transactions' net income summed": sql`
    select coalesce(t.day, s.day)::text || ' ' || coalesce(t.currency, s.currency)::text from
      (select day, currency, sum(net_amount) as net from income_day_totals group by 1, 2) t
      full join
      (select nairobi_day(date) as day, currency, sum(income_net(type, status, payment_id, amount)) as net
       from transactions group by 1, 2) s
      on t.day = s.day and t.currency = s.currency
    where coalesce(t.net, 0) <> coalesce(s.net, 0)`,
  "stock in and out per day is the stock movements summed": sql`
    select coalesce(t.day, s.day)::text || ' ' || coalesce(t.item, s.item)::text from
      (select day, inventory_item_id as item, stock_delta as delta from stock_day_totals where stock_delta <> 0) t
      full join
      (select nairobi_day(created_at) as day, inventory_item_id as item, sum(stock_delta) as delta
       from stock_movements group by 1, 2 having sum(stock_delta) <> 0) s
      on t.day = s.day and t.item = s.item
    where coalesce(t.delta, 0) <> coalesce(s.delta, 0)`,
  "every client order has lines": sql`
    select o.order_number from orders o
    where o.source = 'client' and not exists (select 1 from order_lines l where l.order_id = o.id)`,
  "an itemised order's total is the sum of its lines": sql`
    select o.order_number from orders o
    join (select order_id, sum(line_total_kes) as total from order_lines group by 1) l on l.order_id = o.id
    where o.total_amount_kes <> l.total`,
  "amount paid is the sum of confirmed payments net of refunds and never more than the total": sql`
    select o.order_number from orders o
    left join (
      select order_id, sum(amount_kes - refunded_kes) filter (where status in ('paid', 'part_refunded') and not needs_review) as paid,
             sum(refunded_kes) as refunded
      from payments group by 1
    ) p on p.order_id = o.id
    where o.amount_paid_kes <> coalesce(p.paid, 0) or o.amount_paid_kes > o.total_amount_kes
       or o.refunded_kes <> coalesce(p.refunded, 0)`,
  "a payment's refunds add up to what it says was paid back, each with its ledger entry when it had income": sql`
    select p.id::text from payments p
    left join (select payment_id, sum(amount_kes) as back from refunds group by 1) r on r.payment_id = p.id
    where p.refunded_kes <> coalesce(r.back, 0)
       or (p.refunded_kes > 0 and p.status not in ('part_refunded', 'refunded'))
       or exists (select 1 from refunds f where f.payment_id = p.id
                  and exists (select 1 from transactions i where i.payment_id = p.id and i.type = 'income')
                  and not exists (select 1 from transactions t where t.refund_id = f.id and t.type = 'refund'))`,
  "a ledger entry of an order is its customer's, as the statement of account reads it": sql`
    select t.id::text from transactions t join orders o on o.id = t.order_id
    where t.customer_id is distinct from o.customer_id`,
  "the open invoices are each invoice still owed, with what is owed (what a rebuild would write)": sql`
    select coalesce(k.invoice_id, w.invoice_id)::text from open_invoices k
      full join (select * from invoices_owed where open_kes > 0) w on w.invoice_id = k.invoice_id
    where (k.customer_id, k.issued_at, k.open_kes) is distinct from (w.customer_id, w.issued_at, w.open_kes)`,
  "every address the outbox has written to is among the message recipients, each once, and no other": sql`
    select coalesce(o.recipient, r.recipient) from (select distinct recipient from outbox) o
      full join message_recipients r on r.recipient = o.recipient
    where o.recipient is null or r.recipient is null`,
  "at most one open shipment per order": sql`
    select order_id from shipments where status <> 'cancelled' group by order_id having count(*) > 1`,
};

/** The conception-rate totals against the breeding records: only a test that records services needs them. */
const fertilityRules: Record<string, ReturnType<typeof sql>> = {
  "each item's service totals are its breeding records counted, confirmed and farmer-reported apart (what a rebuild would write)": sql`
    select coalesce(t.inventory_item_id, b.item)::text from item_service_totals t
      full join (select inventory_item_id as item,
                   count(*) filter (where outcome_source = 'confirmed' and status <> 'breeding') as s,
                   count(*) filter (where outcome_source = 'confirmed' and status in ('pregnant', 'calved')) as c,
                   count(*) filter (where outcome_source = 'farmer' and status <> 'breeding') as rs,
                   count(*) filter (where outcome_source = 'farmer' and status in ('pregnant', 'calved')) as rc
                 from breeding_records where inventory_item_id is not null group by 1) b
      on b.item = t.inventory_item_id
    where (coalesce(t.services, 0), coalesce(t.conceptions, 0), coalesce(t.reported_services, 0),
           coalesce(t.reported_conceptions, 0))
          <> (coalesce(b.s, 0), coalesce(b.c, 0), coalesce(b.rs, 0), coalesce(b.rc, 0))`,
  "each fertility key's totals are its items' totals added up (a bull's across his items)": sql`
    select coalesce(f.key, k.key) from fertility_totals f
      full join (select fertility_key(i.type, g.registration, i.id) as key, sum(t.services) as s,
                        sum(t.conceptions) as c, sum(t.reported_services) as rs, sum(t.reported_conceptions) as rc
                 from item_service_totals t join inventory_items i on i.id = t.inventory_item_id
                 left join item_genetics g on g.inventory_item_id = i.id group by 1) k
      on k.key = f.key
    where (coalesce(f.services, 0), coalesce(f.conceptions, 0), coalesce(f.reported_services, 0),
           coalesce(f.reported_conceptions, 0))
          <> (coalesce(k.s, 0), coalesce(k.c, 0), coalesce(k.rs, 0), coalesce(k.rc, 0))`,
};

/** Every rule in one round trip (a UNION ALL of each rule's offending keys, named), for checking after each step. */
export async function invariantViolations(
  database: Database,
  { fertility = true }: { fertility?: boolean } = {},
): Promise<string[]> {
  const union = sql.join(
    Object.entries(fertility ? { ...rules, ...fertilityRules } : rules).map(
      ([name, query]) => sql`(select ${name}::text as rule, (q.*)::text as row from (${query}) q limit 5)`,
    ),
    sql` union all `,
  );
  const broken = await database.read((db) => rowsOf<{ rule: string; row: string }>(db, union));
  const found = new Map<string, string[]>();
  for (const { rule, row } of broken) found.set(rule, [...(found.get(rule) ?? []), row]);
  return [...found].map(([rule, rows]) => `${rule}: ${rows.join(", ")}`);
}
