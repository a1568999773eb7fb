CREATE OR REPLACE FUNCTION "booked_totals_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND "order_is_booked"(OLD."status");
  is_now boolean := TG_OP <> 'DELETE' AND "order_is_booked"(NEW."status");
  moved boolean := TG_OP = 'UPDATE' AND (was <> is_now OR OLD."order_date" <> NEW."order_date");
BEGIN
  IF TG_OP = 'UPDATE' AND NOT moved AND OLD."total_amount_kes" = NEW."total_amount_kes"
     AND OLD."customer_id" IS NOT DISTINCT FROM NEW."customer_id" THEN
    RETURN NULL;
  END IF;
  IF was AND OLD."customer_id" IS NOT NULL THEN
    PERFORM "booked_customer_add"("nairobi_day"(OLD."order_date"), OLD."customer_id", -1, -OLD."total_amount_kes"::bigint);
  END IF;
  IF is_now AND NEW."customer_id" IS NOT NULL THEN
    PERFORM "booked_customer_add"("nairobi_day"(NEW."order_date"), NEW."customer_id", 1, NEW."total_amount_kes"::bigint);
  END IF;
  IF moved AND was THEN PERFORM "booked_lines_add"(OLD."id", "nairobi_day"(OLD."order_date"), -1); END IF;
  IF moved AND is_now THEN PERFORM "booked_lines_add"(NEW."id", "nairobi_day"(NEW."order_date"), 1); END IF;
  RETURN NULL;
END
$$;
