CREATE OR REPLACE FUNCTION "fertility_totals_add"("k" text, "s" integer, "c" integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "fertility_totals" ("key", "services", "conceptions")
  SELECT "k", "s", "c" WHERE "k" IS NOT NULL AND ("s" <> 0 OR "c" <> 0)
  ON CONFLICT ("key") DO UPDATE
    SET "services" = "fertility_totals"."services" + excluded."services",
        "conceptions" = "fertility_totals"."conceptions" + excluded."conceptions";
$$;
