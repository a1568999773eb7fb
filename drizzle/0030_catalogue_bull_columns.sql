DROP INDEX "item_genetics_words_trgm_idx";--> statement-breakpoint
DROP INDEX "inventory_items_on_sale_name_idx";--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "bull_name" text;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "genetics_words" text;--> statement-breakpoint
UPDATE "inventory_items" i SET "bull_name" = g."bull_name", "genetics_words" = g."search_words"
FROM "item_genetics" g WHERE g."inventory_item_id" = i."id";--> statement-breakpoint
ALTER TABLE "inventory_items" DROP COLUMN "search_words";--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "search_words" text GENERATED ALWAYS AS (lower(item_id || E'\n' || breed_name || case when type = 'sperm'
          then ' semen sperm mbegu' else ' embryo kiinitete' end || E'\n' || coalesce(description, '')
          || E'\n' || coalesce(description_sw, '') || E'\n' || coalesce(genetics_words, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "inventory_items_words_trgm_idx" ON "inventory_items" USING gin ("search_words" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_items_on_sale_name_idx" ON "inventory_items" USING btree ("breed_name","bull_name","item_id") WHERE "inventory_items"."is_active" and "inventory_items"."viability_status" = 'viable';--> statement-breakpoint
-- The item keeps its bull's name and words however the genetics row is written (the app, a seed, a bulk
-- load). Unchanged values write nothing, so saving other genetics leaves the item row as it was.
CREATE FUNCTION "inventory_items_keep_bull"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD."inventory_item_id" <> NEW."inventory_item_id") THEN
    UPDATE "inventory_items" SET "bull_name" = NULL, "genetics_words" = NULL
    WHERE "id" = OLD."inventory_item_id" AND ("bull_name" IS NOT NULL OR "genetics_words" IS NOT NULL);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE "inventory_items" SET "bull_name" = NEW."bull_name", "genetics_words" = NEW."search_words"
    WHERE "id" = NEW."inventory_item_id"
      AND ("bull_name", "genetics_words") IS DISTINCT FROM (NEW."bull_name", NEW."search_words");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "item_genetics_keep_bull" AFTER INSERT OR DELETE OR UPDATE OF "bull_name", "registration", "inventory_item_id"
ON "item_genetics" FOR EACH ROW EXECUTE FUNCTION "inventory_items_keep_bull"();
