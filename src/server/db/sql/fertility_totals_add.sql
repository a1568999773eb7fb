CREATE OR REPLACE FUNCTION "fertility_totals_add"("k" text, "s" integer, "c" integer, "rs" integer, "rc" integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "fertility_totals" ("key", "services", "conceptions", "reported_services", "reported_conceptions")
  SELECT "k", "s", "c", "rs", "rc" WHERE "k" IS NOT NULL AND ("s" <> 0 OR "c" <> 0 OR "rs" <> 0 OR "rc" <> 0)
  ON CONFLICT ("key") DO UPDATE
    SET "services" = "fertility_totals"."services" + excluded."services",
        "conceptions" = "fertility_totals"."conceptions" + excluded."conceptions",
        "reported_services" = "fertility_totals"."reported_services" + excluded."reported_services",
        "reported_conceptions" = "fertility_totals"."reported_conceptions" + excluded."reported_conceptions";
$$;
