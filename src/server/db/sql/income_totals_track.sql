CREATE OR REPLACE FUNCTION "income_totals_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_net numeric := CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE "income_net"(OLD."type", OLD."status", OLD."payment_id", OLD."amount") END;
  new_net numeric := CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE "income_net"(NEW."type", NEW."status", NEW."payment_id", NEW."amount") END;
BEGIN
  IF old_net <> 0 THEN
    PERFORM "income_day_add"("nairobi_day"(OLD."date"), (OLD."id" % 16)::smallint, OLD."currency", -old_net);
  END IF;
  IF new_net <> 0 THEN
    PERFORM "income_day_add"("nairobi_day"(NEW."date"), (NEW."id" % 16)::smallint, NEW."currency", new_net);
  END IF;
  RETURN NULL;
END
$$;
