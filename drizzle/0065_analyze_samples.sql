-- On PGlite an ANALYZE holds the one connection: every request waits for it (issue 42's soak, decision 48).
-- ANALYZE samples 300 rows per point of a table's largest statistics target, 30,000 at the default 100, and
-- sorts each column's values. The outbox, written three times per message and about 1 KB a row, cost about
-- 250 ms per ANALYZE at 18,000 rows. Its lists filter on status, channel, order and recipient and sort by
-- time, which 10 points of statistics describe well enough, so it is sampled at 3,000 rows (about 30 ms).
ALTER TABLE "outbox"
  ALTER COLUMN "id" SET STATISTICS 10,
  ALTER COLUMN "kind" SET STATISTICS 10,
  ALTER COLUMN "channel" SET STATISTICS 10,
  ALTER COLUMN "recipient" SET STATISTICS 10,
  ALTER COLUMN "language" SET STATISTICS 10,
  ALTER COLUMN "subject" SET STATISTICS 10,
  ALTER COLUMN "status" SET STATISTICS 10,
  ALTER COLUMN "kept" SET STATISTICS 10,
  ALTER COLUMN "attempts" SET STATISTICS 10,
  ALTER COLUMN "next_attempt_at" SET STATISTICS 10,
  ALTER COLUMN "locked_until" SET STATISTICS 10,
  ALTER COLUMN "order_id" SET STATISTICS 10,
  ALTER COLUMN "user_id" SET STATISTICS 10,
  ALTER COLUMN "created_at" SET STATISTICS 10,
  ALTER COLUMN "sent_at" SET STATISTICS 10,
  ALTER COLUMN "delivered_at" SET STATISTICS 10,
  -- Never filtered on: no statistics at all.
  ALTER COLUMN "body" SET STATISTICS 0,
  ALTER COLUMN "html" SET STATISTICS 0,
  ALTER COLUMN "idempotency_key" SET STATISTICS 0,
  ALTER COLUMN "dedupe_key" SET STATISTICS 0,
  ALTER COLUMN "provider_message_id" SET STATISTICS 0,
  ALTER COLUMN "last_error" SET STATISTICS 0;
--> statement-breakpoint
-- A record's payload, kept to be shown or sent, never filtered on: sorting a sample of JSON documents was most
-- of each ANALYZE of these tables (payments: 43 → 13 ms at 2,000 rows).
ALTER TABLE "payments" ALTER COLUMN "raw_callback" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "tax_documents" ALTER COLUMN "lines" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "changes" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "order_events" ALTER COLUMN "changes" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "field_records" ALTER COLUMN "payload" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "etims_sim_sales" ALTER COLUMN "answer" SET STATISTICS 0;
