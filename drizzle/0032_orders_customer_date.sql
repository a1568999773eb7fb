DROP INDEX "orders_customer_idx";--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","order_date");