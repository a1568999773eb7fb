ALTER TABLE "inventory_items" ADD COLUMN "search_words" text GENERATED ALWAYS AS (lower(item_id || E'\n' || breed_name || case when type = 'sperm'
          then ' semen sperm mbegu' else ' embryo kiinitete' end || E'\n' || coalesce(description, '')
          || E'\n' || coalesce(description_sw, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "item_genetics" ADD COLUMN "search_words" text GENERATED ALWAYS AS (lower(coalesce(bull_name, '') || E'\n' || coalesce(registration, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "inventory_items_on_sale_name_idx" ON "inventory_items" USING btree ("breed_name","item_id") WHERE "inventory_items"."is_active" and "inventory_items"."viability_status" = 'viable';--> statement-breakpoint
CREATE INDEX "inventory_items_words_trgm_idx" ON "inventory_items" USING gin ("search_words" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "item_genetics_words_trgm_idx" ON "item_genetics" USING gin ("search_words" gin_trgm_ops);