-- The SQL Daraja's callback for a successful prompt (POST /api/payments/mpesa/callback/:token,
-- payments/service.ts handleMpesaCallback → finance/ledger.ts confirmPayment) runs in its transaction, for
-- pgbench. Nobody signs in to send it, so the audit trail writes nothing, as in the app. Variables (-D):
-- first_order, clients, n=0; each order has one pending prompt whose token is 'bench-callback-token-' and its id.
\set n :n + 1
\set oid :first_order + (:n - 1) * :clients + :client_id
BEGIN;
SELECT id AS pid FROM payments WHERE callback_token = 'bench-callback-token-' || :oid FOR UPDATE \gset
UPDATE payments SET checkout_request_id = 'ws_CO_bench_' || :oid,
       raw_callback = '{"Body":{"stkCallback":{"MerchantRequestID":"bench","CheckoutRequestID":"ws_CO_bench","ResultCode":0,"ResultDesc":"ok","CallbackMetadata":{"Item":[{"Name":"Amount","Value":2500},{"Name":"MpesaReceiptNumber","Value":"SKE0000000"},{"Name":"PhoneNumber","Value":254700000000}]}}}}'
  WHERE id = :pid;
SELECT * FROM payments WHERE id = :pid;
SELECT * FROM orders WHERE id = :oid \gset o_
UPDATE payments SET status = 'paid', receipt = 'SKB' || :oid, needs_review = false, review_reason = NULL, paid_at = now(),
       updated_at = now()
  WHERE id = :pid AND status IN ('pending', 'expired') RETURNING *;
INSERT INTO transactions (type, amount, currency, description, reference, status, date, order_id, customer_id,
                          payment_id, created_by)
  VALUES ('income', 2500, 'KES', 'Payment for order ' || :oid || ' (Bench Client) by M-Pesa', 'SKB' || :oid,
          'completed', now(), :oid, :o_customer_id, :pid, NULL);
\include payment-invoice.pgbench.sql
