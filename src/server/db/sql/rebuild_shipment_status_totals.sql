CREATE OR REPLACE FUNCTION "rebuild_shipment_status_totals"() RETURNS void LANGUAGE sql AS $$
  LOCK TABLE "shipments" IN SHARE MODE;
  DELETE FROM "shipment_status_totals";
  INSERT INTO "shipment_status_totals" ("status", "shipments")
  SELECT "status", count(*) FROM "shipments" GROUP BY 1;
$$;
