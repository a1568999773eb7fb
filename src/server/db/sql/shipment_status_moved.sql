CREATE OR REPLACE FUNCTION "shipment_status_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "shipment_status_totals" SET "shipments" = "shipments" - 1 WHERE "status" = OLD."status";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "shipment_status_totals" ("status", "shipments") VALUES (NEW."status", 1)
    ON CONFLICT ("status") DO UPDATE SET "shipments" = "shipment_status_totals"."shipments" + 1;
  END IF;
  RETURN NULL;
END
$$;
