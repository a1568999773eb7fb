import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/adapter";
import { nairobiDate } from "../src/server/time";

/**
 * A regional seller's customer base: it stays the same size while the number of orders grows, and its
 * customers joined over the same two years as the orders.
 */
export const BENCH_CUSTOMERS = 2_000;

const bulk = ["orders", "order_lines", "transactions", "payments", "customers", "tax_documents", "shipments"];

/** The orders of the one big customer (`bench1@farm.example`), whatever the scale. */
export const HEAVY_CUSTOMER_ORDERS = 5_000;
export const HEAVY_CUSTOMER_EMAIL = "bench1@farm.example";

/**
 * Adds `n` orders over the last two years on top of the demo data, in SQL (generate_series): 2,000 farms,
 * one of them with 5,000 of the orders, every status, one or two lines of real catalogue items each, and for
 * shipped and delivered orders their tax invoice and, but one in five shipped on credit, the M-Pesa payment
 * and its income transaction and the shipment; and three outbox messages for each order. The summary triggers are off during
 * the load and the summary tables rebuilt after it (what `npm run summaries:rebuild` does), which is far
 * quicker than a row at a time.
 */
export async function addBenchData(database: Database, n: number): Promise<void> {
  // One customer holds 5,000 of the orders at any scale: the statement of account a big buyer asks for.
  const heavyEvery = Math.max(1, Math.floor(n / HEAVY_CUSTOMER_ORDERS));
  await database.tx(async (db) => {
    for (const table of bulk) await db.execute(sql.raw(`alter table ${table} disable trigger user`));
    await db.execute(
      sql.raw(`
      insert into customers (name, type, email, phone, address, contact_person, created_at)
      select 'Bench Farm ' || g, (array['farm','breeder','veterinarian','distributor']::customer_type[])[1 + g % 4],
             'bench' || g || '@farm.example', '+2547' || lpad(g::text, 8, '0'), 'Nakuru', 'Farmer ' || g,
             now() - (g * 7 % 730) * interval '1 day'
      from generate_series(1, ${BENCH_CUSTOMERS}) g`),
    );
    await db.execute(
      sql.raw(`
      create temporary table bench_items on commit drop as
        select row_number() over (order by id) - 1 as k, id, breed_name || ' ' || initcap(type::text) as name,
               greatest(cost_per_unit, 1) as price
        from inventory_items`),
    );
    // Each order's lines are a pure function of its number g, so orders and lines agree without a join back.
    await db.execute(
      sql.raw(`
      create temporary table bench_lines on commit drop as
        select g, i.id as item_id, i.name, q.quantity, i.price
        from generate_series(1, ${n}) g
        cross join lateral (values (1, 1 + g % 3), (2, 1 + g % 2)) as q(line, quantity)
        join bench_items i on i.k = (g * q.line) % (select count(*) from bench_items)
        where q.line = 1 or g % 3 = 0`),
    );
    await db.execute(
      sql.raw(`
      insert into orders (order_number, source, customer_id, customer_name, order_type, total_amount_kes,
                          amount_paid_kes, payment_status, on_credit, status, order_date, created_at, updated_at)
      select 'BENCH-' || o.g, 'staff', c.id, c.name, 'sperm', o.total,
             case when s.paid then o.total else 0 end,
             (case when s.paid then 'paid' else 'unpaid' end)::payment_status,
             s.shipped and not s.paid,
             s.status, now() - (o.g % 730) * interval '1 day' - (o.g % 86400) * interval '1 second', now(), now()
      from (select g, sum(quantity * price) as total from bench_lines group by g) o
      cross join lateral (select (array['pending','approved','processing','shipped','delivered','cancelled',
                                        'rejected']::order_status[])[1 + o.g % 7] as status) st
      cross join lateral (select st.status, st.status in ('shipped', 'delivered') as shipped,
                                 st.status in ('shipped', 'delivered') and o.g / 7 % 5 <> 0 as paid) s
      join customers c on c.email = 'bench' || (case when o.g % ${heavyEvery} = 0 then 1
                                                      else 2 + (o.g::bigint * 7919) % ${BENCH_CUSTOMERS - 1} end)
                                      || '@farm.example'`),
    );
    await db.execute(
      sql.raw(`
      insert into order_lines (order_id, inventory_item_id, product_name, quantity, unit_price_kes, line_total_kes)
      select o.id, l.item_id, l.name, l.quantity, l.price, l.quantity * l.price
      from bench_lines l join orders o on o.order_number = 'BENCH-' || l.g`),
    );
    await db.execute(
      sql.raw(`
      insert into payments (order_id, method, amount_kes, status, receipt, paid_at, created_at, updated_at)
      select id, 'mpesa', total_amount_kes, 'paid', 'B' || id, order_date, order_date, order_date
      from orders where order_number like 'BENCH-%' and amount_paid_kes > 0`),
    );
    await db.execute(
      sql.raw(`
      insert into transactions (type, amount, currency, description, reference, status, date, order_id, customer_id,
                                payment_id)
      select 'income', p.amount_kes, 'KES', 'Payment for ' || o.order_number, p.receipt, 'completed', p.paid_at,
             o.id, o.customer_id, p.id
      from payments p join orders o on o.id = p.order_id where o.order_number like 'BENCH-%'`),
    );
    // Every shipped sale is invoiced (and accepted by eTIMS); one in five shipped on credit is still owed.
    await db.execute(
      sql.raw(`
      insert into tax_documents (kind, number, order_id, customer_id, buyer_name, payment_type, lines, total_kes,
                                 tax_kes, issued_at, etims_due_at, etims_status, etims_invc_no)
      select 'invoice', 'INV-B' || lpad(o.id::text, 8, '0'), o.id, o.customer_id, o.customer_name,
             case when o.on_credit then '02' else '06' end,
             jsonb_build_array(jsonb_build_object('seq', 1, 'name', 'Bench straws', 'code', 'BENCH',
               'inventoryItemId', null, 'quantity', 1, 'unitPriceKes', o.total_amount_kes,
               'totalKes', o.total_amount_kes, 'taxType', 'B', 'taxKes', o.total_amount_kes * 16 / 116,
               'itemClassCode', null)),
             o.total_amount_kes, o.total_amount_kes * 16 / 116, o.order_date, o.order_date, 'accepted', o.id
      from orders o where o.order_number like 'BENCH-%' and o.status in ('shipped', 'delivered')`),
    );
    // Each shipped or delivered order's shipment.
    await db.execute(
      sql.raw(`
      insert into shipments (tracking_number, order_id, order_number, customer_name, origin, destination, carrier,
                             temperature, status, expected_delivery, shipped_date, delivered_at, created_at, updated_at)
      select 'TRK-B' || lpad(o.id::text, 10, '0'), o.id, o.order_number, o.customer_name, 'Nakuru, Kenya',
             'Nakuru', 'DHL Express', '-196°C (Liquid Nitrogen)', o.status::text::shipment_status,
             o.order_date + interval '3 days', o.order_date + interval '1 day',
             case when o.status = 'delivered' then o.order_date + interval '3 days' end, o.order_date, o.order_date
      from orders o where o.order_number like 'BENCH-%' and o.status in ('shipped', 'delivered')`),
    );
    // What each order wrote to the outbox as it was placed: the client's SMS (delivered) and email (sent),
    // and an approver's email. Real orders write more over their life (approval, payment, shipping), and
    // emails carry HTML, which the lists never read and PostgreSQL keeps out of line.
    await db.execute(
      sql.raw(`
      insert into outbox (kind, channel, recipient, language, subject, body, status, attempts, idempotency_key,
                          provider_message_id, order_id, created_at, sent_at, delivered_at)
      select m.kind::message_kind, m.channel::message_channel, m.recipient, 'en', m.subject,
             m.subject || ': order ' || o.order_number || ' for KSh ' || o.total_amount_kes || '. Urithi Genetics, Nakuru.',
             m.status::message_status, 1, gen_random_uuid()::text,
             case when m.channel = 'sms' then 'ATXid_' || o.id end, o.id, o.order_date, o.order_date,
             case when m.status = 'delivered' then o.order_date end
      from orders o join customers c on c.id = o.customer_id
      cross join lateral (values
        ('order_received', 'sms', c.phone, 'Order received', 'delivered'),
        ('order_received', 'email', c.email, 'Order received', 'sent'),
        ('approval_needed', 'email', 'director' || (1 + o.id % 2) || '@urithi.co.ke', 'Approval needed', 'sent')
      ) m(kind, channel, recipient, subject, status)
      where o.order_number like 'BENCH-%'`),
    );
    for (const table of bulk) await db.execute(sql.raw(`alter table ${table} enable trigger user`));
    await db.execute(sql`select rebuild_summaries()`);
    // What a running app's first background beat does (the bench app runs no jobs): the customers' windows.
    await db.execute(sql`select booked_customer_windows_move(${nairobiDate(new Date())}::date)`);
  });
  // What autovacuum does soon after such a load in production: besides the statistics, it moves the rows
  // the trigram indexes hold in their pending lists into the indexes, which every search reads until then.
  await database.read((db) => db.execute(sql`vacuum analyze`));
}
