CREATE OR REPLACE FUNCTION "inventory_items_track_fertility_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text; x record;
BEGIN
  k := CASE WHEN TG_OP = 'DELETE' THEN OLD."key" ELSE NEW."key" END;
  IF TG_OP = 'DELETE' THEN
    SELECT * INTO x FROM "fertility_figures"(0, 0, 0, 0);
  ELSE
    SELECT * INTO x FROM "fertility_figures"(NEW."services", NEW."conceptions", NEW."reported_services", NEW."reported_conceptions");
  END IF;
  IF k LIKE 'bull:%' THEN
    UPDATE "inventory_items" i SET "fertility_services" = x."services", "fertility_conceptions" = x."conceptions",
      "fertility_confirmed" = x."confirmed", "fertility_reported" = x."reported"
    FROM "item_genetics" g
    WHERE g."registration" = substr(k, 6) AND i."id" = g."inventory_item_id" AND i."type" = 'sperm'
      AND (i."fertility_services", i."fertility_conceptions", i."fertility_confirmed", i."fertility_reported")
          IS DISTINCT FROM (x."services", x."conceptions", x."confirmed", x."reported");
  ELSE
    UPDATE "inventory_items" i SET "fertility_services" = x."services", "fertility_conceptions" = x."conceptions",
      "fertility_confirmed" = x."confirmed", "fertility_reported" = x."reported"
    WHERE i."id" = substr(k, 6)::integer
      AND "fertility_key"(i."type", (SELECT g."registration" FROM "item_genetics" g
                                     WHERE g."inventory_item_id" = i."id"), i."id") = k
      AND (i."fertility_services", i."fertility_conceptions", i."fertility_confirmed", i."fertility_reported")
          IS DISTINCT FROM (x."services", x."conceptions", x."confirmed", x."reported");
  END IF;
  RETURN NULL;
END $$;
