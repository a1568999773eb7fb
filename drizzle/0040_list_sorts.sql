CREATE INDEX "breeding_records_date_idx" ON "breeding_records" USING btree ("service_date","id");--> statement-breakpoint
CREATE INDEX "breeding_records_animal_idx" ON "breeding_records" USING btree ("animal_id","id");--> statement-breakpoint
CREATE INDEX "breeding_records_calving_idx" ON "breeding_records" USING btree ("expected_calving_date","id");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "inventory_items_breed_idx" ON "inventory_items" USING btree ("breed_name","id");--> statement-breakpoint
CREATE INDEX "inventory_items_stock_idx" ON "inventory_items" USING btree ("current_stock","id");--> statement-breakpoint
CREATE INDEX "inventory_items_expiry_idx" ON "inventory_items" USING btree ("expiry_date","id");--> statement-breakpoint
CREATE INDEX "orders_customer_name_idx" ON "orders" USING btree ("customer_name","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_amount_kes","id");--> statement-breakpoint
CREATE INDEX "outbox_recipient_trgm_idx" ON "outbox" USING gin ("recipient" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shipments_expected_idx" ON "shipments" USING btree ("expected_delivery","id");--> statement-breakpoint
CREATE INDEX "transactions_amount_idx" ON "transactions" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "vendors_name_idx" ON "vendors" USING btree ("name","id");