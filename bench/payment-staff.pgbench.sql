-- The SQL a staff member's payment (POST /api/orders/:id/payments, payments/service.ts recordPayment →
-- finance/ledger.ts recordReceivedPayment) runs in its transaction for an order it pays in full, for
-- pgbench: the native ceiling `npm run bench` (BENCH_ONLY=payments) compares it with. The audit trail's
-- triggers write their rows because the transaction says who writes, as the app's does. Variables (-D):
-- first_order, clients, staff, n=0. Each client pays its own orders, one after another.
\set n :n + 1
\set oid :first_order + (:n - 1) * :clients + :client_id
BEGIN;
SELECT set_config('urithi.audit', '{"actorId":' || :staff || ',"role":"director","ip":"127.0.0.1","userAgent":"pgbench","requestId":"pgbench"}', true);
SELECT * FROM orders WHERE id = :oid FOR UPDATE \gset o_
INSERT INTO payments (order_id, method, amount_kes, status, reference, recorded_by, paid_at, created_at, updated_at)
  VALUES (:oid, 'bank', 2500, 'paid', 'BENCH-' || :oid, :staff, now(), now(), now())
  RETURNING id AS pid \gset
INSERT INTO transactions (type, amount, currency, description, reference, status, date, order_id, customer_id,
                          payment_id, created_by)
  VALUES ('income', 2500, 'KES', 'Payment for order ' || :oid || ' (Bench Client) by Bank transfer', 'BENCH-' || :oid,
          'completed', now(), :oid, :o_customer_id, :pid, :staff);
\include payment-invoice.pgbench.sql
