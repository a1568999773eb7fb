-- The SQL one client order runs in its transaction (src/server/modules/client/orders.ts → insertOrder →
-- reserveStock with pickCtes), for pgbench: the native ceiling `npm run bench` compares order placement
-- with. One line of one unit. Variables: first_user, last_user (bench clients), first_item, last_item
-- (items with ample stock), set by bench/orders.ts with -D.
\set uid random(:first_user, :last_user)
\set item random(:first_item, :last_item)
BEGIN;
-- The account locked, with its customer.
SELECT c.* FROM users u JOIN customers c ON c.id = u.customer_id WHERE u.id = :uid FOR UPDATE OF u;
SELECT count(DISTINCT o.id)::int, coalesce(sum(l.quantity), 0)::int
  FROM orders o LEFT JOIN order_lines l ON l.order_id = o.id
  WHERE o.client_user_id = :uid AND o.status = 'pending' AND o.payment_status IN ('unpaid', 'pending');
SELECT i.*, g.* FROM inventory_items i LEFT JOIN item_genetics g ON g.inventory_item_id = i.id
  WHERE i.is_active AND i.viability_status = 'viable' AND i.current_stock - i.reserved_stock > 0 AND i.id IN (:item)
  ORDER BY i.breed_name, i.item_id;
-- The order, its first history entry and its line in one statement.
WITH placed AS (
  INSERT INTO orders (order_number, source, customer_id, client_user_id, customer_name, customer_email, customer_phone,
                      customer_location, order_type, status, total_amount_kes, total_amount_usd, currency,
                      payment_method, delivery_address, order_date, created_by, hold_expires_at, created_at, updated_at)
    SELECT 'ORD-2026-' || lpad(nextval('order_number_seq')::text, 6, '0'), 'client', u.customer_id, u.id,
           'Bench Client', u.email, u.phone, 'Nakuru', 'sperm', 'pending', 2500, 17, 'KES', 'mpesa', 'Nakuru',
           now(), u.id, now() + interval '30 minutes', now(), now()
    FROM users u WHERE u.id = :uid
    RETURNING *
), first_event AS (
  INSERT INTO order_events (order_id, to_status, note, actor_user_id, created_at)
    SELECT id, 'pending', 'Placed by the client', :uid, now() FROM placed
), line_insert AS (
  INSERT INTO order_lines (order_id, inventory_item_id, product_name, breed, quantity, unit_price_kes, line_total_kes)
    SELECT id, :item, 'Bench Semen', 'Bench', 1, 2500, 2500 FROM placed
)
SELECT id AS order_id FROM placed \gset
SELECT id, first_name, phone, email, language, notify_by FROM users
  WHERE role IN ('director', 'chief_scientist') AND is_active;
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
-- The stock last: reserved, its movement and its pick list (first expiry first) in one statement.
WITH reserved AS (
  UPDATE inventory_items SET reserved_stock = reserved_stock + 1, updated_at = now()
  WHERE id = :item AND is_active AND viability_status = 'viable' AND current_stock - reserved_stock >= 1
  RETURNING id
), moved AS (
  INSERT INTO stock_movements (inventory_item_id, kind, reserved_delta, order_id, note, actor_user_id, created_at)
    SELECT id, 'reservation', 1, :order_id, 'bench', :uid, now() FROM reserved
), locked AS (
  SELECT p.id, p.batch_id, p.cane_id, p.received_at, b.expiry_date AS expiry, p.count - p.allocated AS free
  FROM stock_positions p JOIN stock_batches b ON b.id = p.batch_id
  WHERE p.inventory_item_id = :item AND p.count > p.allocated
    AND (b.expiry_date IS NULL OR b.expiry_date >= current_date) AND EXISTS (SELECT FROM reserved)
  FOR UPDATE OF p
), running AS (
  SELECT id, batch_id, cane_id, free, sum(free) OVER (ORDER BY expiry ASC NULLS LAST, received_at, id) - free AS before
  FROM locked
), taken AS (
  SELECT id, batch_id, cane_id, least(free, 1 - before)::int AS n FROM running WHERE before < 1
), promised AS (
  UPDATE stock_positions SET allocated = stock_positions.allocated + taken.n FROM taken WHERE stock_positions.id = taken.id
), picked AS (
  INSERT INTO order_picks (order_id, inventory_item_id, batch_id, cane_id, count, created_at)
    SELECT :order_id, :item, batch_id, cane_id, n, now() FROM taken RETURNING count
)
SELECT count(*)::int AS reserved FROM reserved;
COMMIT;
