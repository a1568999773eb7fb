CREATE OR REPLACE FUNCTION "booked_line_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  SELECT "status", "order_date" INTO o FROM "orders" WHERE "id" = OLD."order_id";
  IF FOUND AND "order_is_booked"(o."status") THEN
    INSERT INTO "booked_product_day_totals" AS t ("day", "product_name", "units", "revenue_kes")
    VALUES ("nairobi_day"(o."order_date"), OLD."product_name", -OLD."quantity", -OLD."line_total_kes")
    ON CONFLICT ("day", "product_name") DO UPDATE
      SET "units" = t."units" + excluded."units", "revenue_kes" = t."revenue_kes" + excluded."revenue_kes";
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT "status", "order_date" INTO o FROM "orders" WHERE "id" = NEW."order_id";
    IF FOUND AND "order_is_booked"(o."status") THEN
      INSERT INTO "booked_product_day_totals" AS t ("day", "product_name", "units", "revenue_kes")
      VALUES ("nairobi_day"(o."order_date"), NEW."product_name", NEW."quantity", NEW."line_total_kes")
      ON CONFLICT ("day", "product_name") DO UPDATE
        SET "units" = t."units" + excluded."units", "revenue_kes" = t."revenue_kes" + excluded."revenue_kes";
    END IF;
  END IF;
  RETURN NULL;
END
$$;
