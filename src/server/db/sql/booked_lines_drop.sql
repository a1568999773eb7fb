CREATE OR REPLACE FUNCTION "booked_lines_drop"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF "order_is_booked"(OLD."status") THEN
    PERFORM "booked_lines_add"(OLD."id", "nairobi_day"(OLD."order_date"), -1);
  END IF;
  RETURN OLD;
END
$$;
