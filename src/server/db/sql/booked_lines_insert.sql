CREATE OR REPLACE FUNCTION "booked_lines_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "booked_product_day_totals" AS t ("day", "product_name", "units", "revenue_kes")
  SELECT "nairobi_day"(o."order_date"), l."product_name", sum(l."quantity"), sum(l."line_total_kes")
  FROM new_lines l JOIN "orders" o ON o."id" = l."order_id"
  WHERE "order_is_booked"(o."status")
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("day", "product_name") DO UPDATE
    SET "units" = t."units" + excluded."units", "revenue_kes" = t."revenue_kes" + excluded."revenue_kes";
  RETURN NULL;
END
$$;
