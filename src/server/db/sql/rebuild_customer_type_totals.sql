CREATE OR REPLACE FUNCTION "rebuild_customer_type_totals"() RETURNS void LANGUAGE sql AS $$
  LOCK TABLE "customers" IN SHARE MODE;
  DELETE FROM "customer_type_totals";
  INSERT INTO "customer_type_totals" ("type", "is_active", "customers")
  SELECT "type", "is_active", count(*) FROM "customers" GROUP BY 1, 2;
$$;
