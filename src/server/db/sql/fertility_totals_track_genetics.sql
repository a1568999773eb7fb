CREATE OR REPLACE FUNCTION "fertility_totals_track_genetics"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE item integer; t "item_type";
BEGIN
  item := CASE WHEN TG_OP = 'DELETE' THEN OLD."inventory_item_id" ELSE NEW."inventory_item_id" END;
  SELECT "type" INTO t FROM "inventory_items" WHERE "id" = item;
  IF NOT FOUND THEN RETURN NULL; END IF;
  PERFORM "fertility_totals_move"(item,
    "fertility_key"(t, CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD."registration" END, item),
    "fertility_key"(t, CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW."registration" END, item));
  RETURN NULL;
END $$;
