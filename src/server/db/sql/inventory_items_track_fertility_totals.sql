CREATE OR REPLACE FUNCTION "inventory_items_track_fertility_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text; s integer; c integer;
BEGIN
  k := CASE WHEN TG_OP = 'DELETE' THEN OLD."key" ELSE NEW."key" END;
  s := CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE NEW."services" END;
  c := CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE NEW."conceptions" END;
  IF k LIKE 'bull:%' THEN
    UPDATE "inventory_items" i SET "fertility_services" = s, "fertility_conceptions" = c
    FROM "item_genetics" g
    WHERE g."registration" = substr(k, 6) AND i."id" = g."inventory_item_id" AND i."type" = 'sperm'
      AND (i."fertility_services", i."fertility_conceptions") IS DISTINCT FROM (s, c);
  ELSE
    UPDATE "inventory_items" i SET "fertility_services" = s, "fertility_conceptions" = c
    WHERE i."id" = substr(k, 6)::integer
      AND "fertility_key"(i."type", (SELECT g."registration" FROM "item_genetics" g
                                     WHERE g."inventory_item_id" = i."id"), i."id") = k
      AND (i."fertility_services", i."fertility_conceptions") IS DISTINCT FROM (s, c);
  END IF;
  RETURN NULL;
END $$;
