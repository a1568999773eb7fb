-- What follows a payment that settles an order, to the end of its transaction (finance/ledger.ts
-- settlePaymentState → invoices/issue.ts invoiceDue → notifications/order-messages.ts): the order's state
-- re-derived, the client's messages, then its tax invoice issued and queued for eTIMS (etims_due_at) with its
-- history event, sent with COMMIT as the app sends it (txEndingWith). Included by payment-staff.pgbench.sql
-- and payment-mpesa.pgbench.sql (bench/pgbench.ts reads `\include`); expects :oid.
SELECT coalesce(sum(amount_kes - refunded_kes) FILTER (WHERE status IN ('paid', 'part_refunded') AND NOT needs_review), 0),
       bool_or(status = 'pending'), coalesce(sum(refunded_kes), 0)
  FROM payments WHERE order_id = :oid;
SELECT total_amount_kes FROM orders WHERE id = :oid;
UPDATE orders SET payment_status = 'paid', amount_paid_kes = 2500, refunded_kes = 0, updated_at = now() WHERE id = :oid;
SELECT customer_id AS cid, client_user_id AS uid FROM orders WHERE id = :oid FOR UPDATE \gset
SELECT * FROM tax_documents WHERE order_id = :oid AND kind = 'invoice' AND etims_status <> 'voided';
SELECT l.*, i.item_id, i.tax_type, i.item_class_code
  FROM order_lines l LEFT JOIN inventory_items i ON i.id = l.inventory_item_id
  WHERE l.order_id = :oid ORDER BY l.id;
SELECT method FROM payments WHERE order_id = :oid AND status IN ('paid', 'part_refunded') ORDER BY paid_at DESC LIMIT 1;
SELECT product_name, bull_name, bull_code, semen_type, quantity, line_total_kes FROM order_lines WHERE order_id = :oid ORDER BY id;
SELECT id, first_name, phone, email, language, notify_by FROM users WHERE id = :uid;
INSERT INTO outbox (kind, channel, recipient, language, subject, body, html, next_attempt_at, idempotency_key,
                    dedupe_key, order_id, user_id, created_at)
  SELECT 'payment_received', k.channel::message_channel, k.recipient, 'en', k.subject,
         'Urithi: Hi Bench, we have received KSh 2,500 for order ' || :oid || '. Balance: KSh 0. Asante!',
         k.html, now(), gen_random_uuid()::text, NULL, :oid, :uid, now()
  FROM (VALUES ('sms', '+254700000000', NULL, NULL),
               ('email', 'bench@example.co.ke', 'Payment received', '<p>payment</p>')) AS k(channel, recipient, subject, html)
  ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
  RETURNING id;
-- Last, with COMMIT behind it: the invoice numbered from the counter every invoice waits for, with its
-- history event (invoices/numbering.ts).
\startpipeline
WITH counter AS (
  INSERT INTO document_counters (kind, last) VALUES ('invoice', 1)
  ON CONFLICT (kind) DO UPDATE SET last = document_counters.last + 1 RETURNING last
), doc AS (
  INSERT INTO tax_documents (kind, number, order_id, original_id, customer_id, client_user_id, buyer_name, buyer_pin,
                             buyer_phone, payment_type, reason_code, reason, lines, total_kes, tax_kes, issued_at,
                             issued_by, etims_due_at)
  SELECT 'invoice', 'INV-' || lpad(counter.last::text, 6, '0'), :oid, NULL, :cid, :uid, 'Bench Client',
         (SELECT kra_pin FROM customers WHERE id = :cid), '+254700000000', '01', NULL, NULL,
         '[{"seq":1,"name":"Bench Semen","code":"SEM-HF-101","inventoryItemId":1,"quantity":1,"unitPriceKes":2500,"totalKes":2500,"taxType":"B","taxKes":345,"itemClassCode":"10111300"}]',
         2500, 345, now(), NULL, now()
  FROM counter
  RETURNING *
), event AS (
  INSERT INTO order_events (order_id, from_status, to_status, note, actor_user_id, created_at)
  SELECT :oid, 'pending', 'pending', 'Tax invoice ' || doc.number || ' issued (KSh 2,500)', NULL, now() FROM doc
)
SELECT * FROM doc;
COMMIT;
\endpipeline
