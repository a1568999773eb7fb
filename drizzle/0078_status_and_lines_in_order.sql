-- A status's orders come in the lists' order (date, then id) and an order's lines in theirs (id), so the pending
-- list sorts neither (decision 19). Each replaces the index of the same name, so no write adds an entry.
DROP INDEX "order_lines_order_idx";--> statement-breakpoint
DROP INDEX "orders_status_date_idx";--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_status_date_idx" ON "orders" USING btree ("status","order_date","id");