CREATE OR REPLACE FUNCTION "fertility_totals_track_item_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text; item integer;
BEGIN
  item := CASE WHEN TG_OP = 'DELETE' THEN OLD."inventory_item_id" ELSE NEW."inventory_item_id" END;
  SELECT "fertility_key"(i."type", g."registration", i."id") INTO k
  FROM "inventory_items" i LEFT JOIN "item_genetics" g ON g."inventory_item_id" = i."id" WHERE i."id" = item;
  IF TG_OP = 'INSERT' THEN
    PERFORM "fertility_totals_add"(k, NEW."services", NEW."conceptions", NEW."reported_services", NEW."reported_conceptions");
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "fertility_totals_add"(k, NEW."services" - OLD."services", NEW."conceptions" - OLD."conceptions",
      NEW."reported_services" - OLD."reported_services", NEW."reported_conceptions" - OLD."reported_conceptions");
  ELSE
    PERFORM "fertility_totals_add"(k, -OLD."services", -OLD."conceptions", -OLD."reported_services", -OLD."reported_conceptions");
  END IF;
  RETURN NULL;
END $$;
