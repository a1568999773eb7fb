DROP INDEX "inventory_items_breed_idx";--> statement-breakpoint
CREATE INDEX "inventory_items_breed_trgm_idx" ON "inventory_items" USING gin ("breed_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_items_item_id_trgm_idx" ON "inventory_items" USING gin ("item_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_items_supplier_trgm_idx" ON "inventory_items" USING gin ("acquired_from" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin ("order_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin ("customer_name" gin_trgm_ops);