CREATE OR REPLACE FUNCTION "service_totals_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "item_service_totals_add"(OLD."inventory_item_id", OLD."status", OLD."outcome_source", -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "item_service_totals_add"(NEW."inventory_item_id", NEW."status", NEW."outcome_source", 1);
  END IF;
  RETURN NULL;
END $$;
