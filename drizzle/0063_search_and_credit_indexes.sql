-- The order search matches the order's own copy of the customer's email and phone too: without trigram
-- indexes on them every search read every order. Aged receivables looks up each invoice's credit notes by
-- original_id, which had no index: every invoice read every document (issue 42, decision 38).
CREATE INDEX "orders_customer_email_trgm_idx" ON "orders" USING gin ("customer_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_phone_trgm_idx" ON "orders" USING gin ("customer_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tax_documents_original_idx" ON "tax_documents" USING btree ("original_id") WHERE "tax_documents"."original_id" is not null;