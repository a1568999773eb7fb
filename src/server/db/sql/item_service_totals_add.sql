CREATE OR REPLACE FUNCTION "item_service_totals_add"("item" integer, "st" "breeding_status", "sign" integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "item_service_totals" ("inventory_item_id", "services", "conceptions")
  SELECT "item", "sign" * ("st" <> 'breeding')::int, "sign" * ("st" IN ('pregnant', 'calved'))::int
  WHERE "item" IS NOT NULL
  ON CONFLICT ("inventory_item_id") DO UPDATE
    SET "services" = "item_service_totals"."services" + excluded."services",
        "conceptions" = "item_service_totals"."conceptions" + excluded."conceptions";
$$;
