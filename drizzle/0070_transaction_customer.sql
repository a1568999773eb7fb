ALTER TABLE "transactions" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The entries written so far take their order's customer before the index is built (decision 56).
UPDATE "transactions" t SET "customer_id" = o."customer_id" FROM "orders" o WHERE o."id" = t."order_id" AND o."customer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_customer_idx" ON "transactions" USING btree ("customer_id","date") WHERE "transactions"."type" in ('income', 'refund') and "transactions"."status" = 'completed';