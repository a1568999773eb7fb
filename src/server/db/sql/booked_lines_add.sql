CREATE OR REPLACE FUNCTION "booked_lines_add"("p_order" integer, "d" date, "sign" integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "booked_product_day_totals" AS t ("day", "product_name", "units", "revenue_kes")
  SELECT "d", l."product_name", "sign" * sum(l."quantity"), "sign" * sum(l."line_total_kes")
  FROM "order_lines" l WHERE l."order_id" = "p_order"
  GROUP BY l."product_name" ORDER BY l."product_name"
  ON CONFLICT ("day", "product_name") DO UPDATE
    SET "units" = t."units" + excluded."units", "revenue_kes" = t."revenue_kes" + excluded."revenue_kes";
$$;
