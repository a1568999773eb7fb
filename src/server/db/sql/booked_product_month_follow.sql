CREATE OR REPLACE FUNCTION "booked_product_month_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  more_units bigint := coalesce(NEW."units", 0) - coalesce(OLD."units", 0);
  more_kes bigint := coalesce(NEW."revenue_kes", 0) - coalesce(OLD."revenue_kes", 0);
BEGIN
  INSERT INTO "booked_product_month_totals" AS t ("month", "product_name", "units", "revenue_kes")
  VALUES (date_trunc('month', r."day"::timestamp)::date, r."product_name", more_units, more_kes)
  ON CONFLICT ("month", "product_name") DO UPDATE
    SET "units" = t."units" + excluded."units", "revenue_kes" = t."revenue_kes" + excluded."revenue_kes";
  RETURN NULL;
END
$$;
