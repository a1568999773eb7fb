CREATE OR REPLACE FUNCTION "order_day_totals_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "order_day_totals_add"((OLD."order_date" AT TIME ZONE 'Africa/Nairobi')::date, OLD."status",
      (OLD."id" % 16)::smallint, -1, -OLD."total_amount_kes"::bigint, -OLD."amount_paid_kes"::bigint);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "order_day_totals_add"((NEW."order_date" AT TIME ZONE 'Africa/Nairobi')::date, NEW."status",
      (NEW."id" % 16)::smallint, 1, NEW."total_amount_kes"::bigint, NEW."amount_paid_kes"::bigint);
  END IF;
  RETURN NULL;
END
$$;
