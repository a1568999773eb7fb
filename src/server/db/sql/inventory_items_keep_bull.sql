CREATE OR REPLACE FUNCTION "inventory_items_keep_bull"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
