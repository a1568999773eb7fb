CREATE OR REPLACE FUNCTION "fertility_totals_move"("item" integer, "from_key" text, "to_key" text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE s integer; c integer; rs integer; rc integer;
BEGIN
  IF "from_key" IS NOT DISTINCT FROM "to_key" THEN RETURN; END IF;
  SELECT "services", "conceptions", "reported_services", "reported_conceptions" INTO s, c, rs, rc
  FROM "item_service_totals" WHERE "inventory_item_id" = "item"
  FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  PERFORM "fertility_totals_add"("from_key", -s, -c, -rs, -rc);
  PERFORM "fertility_totals_add"("to_key", s, c, rs, rc);
END $$;
