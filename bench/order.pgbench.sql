-- The SQL one client order runs in its transaction (src/server/modules/client/orders.ts → insertOrder →
-- reserveStock → allocatePicks), for pgbench: the native ceiling `npm run bench` compares order placement
-- with. One line of one unit. Variables: first_user, last_user (bench clients), first_item, last_item
-- (items with ample stock), set by bench/orders.ts with -D.
\set uid random(:first_user, :last_user)
\set item random(:first_item, :last_item)
BEGIN;
SELECT id FROM users WHERE id = :uid FOR UPDATE;
SELECT count(DISTINCT o.id)::int, coalesce(sum(l.quantity), 0)::int
  FROM orders o LEFT JOIN order_lines l ON l.order_id = o.id
  WHERE o.client_user_id = :uid AND o.status = 'pending' AND o.payment_status IN ('unpaid', 'pending');
SELECT c.* FROM customers c JOIN users u ON u.customer_id = c.id WHERE u.id = :uid;
SELECT * FROM inventory_items
  WHERE is_active AND viability_status = 'viable' AND current_stock - reserved_stock > 0 AND id IN (:item)
  ORDER BY breed_name, item_id;
INSERT INTO orders (order_number, source, customer_id, client_user_id, customer_name, customer_email, customer_phone,
                    customer_location, order_type, status, total_amount_kes, total_amount_usd, currency,
                    payment_method, delivery_address, order_date, created_by, hold_expires_at, created_at, updated_at)
  SELECT 'ORD-2026-' || lpad(nextval('order_number_seq')::text, 6, '0'), 'client', u.customer_id, u.id,
         'Bench Client', u.email, u.phone, 'Nakuru', 'sperm', 'pending', 2500, 17, 'KES', 'mpesa', 'Nakuru',
         now(), u.id, now() + interval '30 minutes', now(), now()
  FROM users u WHERE u.id = :uid
  RETURNING id AS order_id \gset
INSERT INTO order_events (order_id, to_status, note, actor_user_id, created_at)
  VALUES (:order_id, 'pending', 'Placed by the client', :uid, now());
INSERT INTO order_lines (order_id, inventory_item_id, product_name, breed, quantity, unit_price_kes, line_total_kes)
  VALUES (:order_id, :item, 'Bench Semen', 'Bench', 1, 2500, 2500);
SELECT * FROM users WHERE role IN ('director', 'chief_scientist') AND is_active;
-- The order's messages (src/server/modules/notifications/order-messages.ts): the client's SMS and email,
-- and an email to each of the three demo approvers.
INSERT INTO outbox (kind, channel, recipient, language, subject, body, html, status, next_attempt_at,
                    idempotency_key, order_id, user_id, created_at)
  SELECT k.kind::message_kind, k.channel::message_channel, k.recipient, 'en', k.subject,
         'Urithi: Hi Bench, we have received order ' || :order_id || ' for KSh 2,500. We will let you know.',
         k.html, 'pending', now(), gen_random_uuid()::text, :order_id, :uid, now()
  FROM (VALUES ('order_received', 'sms', '+254700000000', NULL, NULL),
               ('order_received', 'email', 'bench@example.co.ke', 'We have received your order', '<p>order</p>'),
               ('approval_needed', 'email', 'director1@urithi.co.ke', 'Order awaits approval', '<p>order</p>'),
               ('approval_needed', 'email', 'director2@urithi.co.ke', 'Order awaits approval', '<p>order</p>'),
               ('approval_needed', 'email', 'scientist@urithi.co.ke', 'Order awaits approval', '<p>order</p>'))
       AS k(kind, channel, recipient, subject, html)
  RETURNING id;
INSERT INTO stock_movements (inventory_item_id, kind, reserved_delta, order_id, note, actor_user_id, created_at)
  VALUES (:item, 'reservation', 1, :order_id, 'bench', :uid, now());
UPDATE inventory_items SET reserved_stock = reserved_stock + 1, updated_at = now()
  WHERE id = :item AND is_active AND viability_status = 'viable' AND current_stock - reserved_stock >= 1
  RETURNING id;
WITH locked AS (
  SELECT id, cane_id, received_at, count - allocated AS free FROM stock_positions
  WHERE inventory_item_id = :item AND count > allocated FOR UPDATE
), running AS (
  SELECT id, cane_id, free, sum(free) OVER (ORDER BY received_at, id) - free AS before FROM locked
), taken AS (
  SELECT id, cane_id, least(free, 1 - before)::int AS n FROM running WHERE before < 1
), promised AS (
  UPDATE stock_positions SET allocated = stock_positions.allocated + taken.n FROM taken WHERE stock_positions.id = taken.id
)
INSERT INTO order_picks (order_id, inventory_item_id, cane_id, count, created_at)
  SELECT :order_id, :item, cane_id, n, now() FROM taken RETURNING count;
COMMIT;
