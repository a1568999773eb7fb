CREATE OR REPLACE FUNCTION "item_service_totals_add"("item" integer, "st" "breeding_status", "src" "outcome_source", "sign" integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "item_service_totals" ("inventory_item_id", "services", "conceptions", "reported_services", "reported_conceptions")
  SELECT "item",
         "sign" * ("src" = 'confirmed' AND "st" <> 'breeding')::int,
         "sign" * ("src" = 'confirmed' AND "st" IN ('pregnant', 'calved'))::int,
         "sign" * ("src" = 'farmer' AND "st" <> 'breeding')::int,
         "sign" * ("src" = 'farmer' AND "st" IN ('pregnant', 'calved'))::int
  WHERE "item" IS NOT NULL
  ON CONFLICT ("inventory_item_id") DO UPDATE
    SET "services" = "item_service_totals"."services" + excluded."services",
        "conceptions" = "item_service_totals"."conceptions" + excluded."conceptions",
        "reported_services" = "item_service_totals"."reported_services" + excluded."reported_services",
        "reported_conceptions" = "item_service_totals"."reported_conceptions" + excluded."reported_conceptions";
$$;
