CREATE OR REPLACE FUNCTION "inventory_items_key_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'inventory_items' THEN
    PERFORM "inventory_items_refresh_fertility"(NEW."id");
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "inventory_items_refresh_fertility"(OLD."inventory_item_id");
  ELSE
    PERFORM "inventory_items_refresh_fertility"(NEW."inventory_item_id");
    IF TG_OP = 'UPDATE' AND OLD."inventory_item_id" <> NEW."inventory_item_id" THEN
      PERFORM "inventory_items_refresh_fertility"(OLD."inventory_item_id");
    END IF;
  END IF;
  RETURN NULL;
END $$;
