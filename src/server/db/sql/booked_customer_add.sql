CREATE OR REPLACE FUNCTION "booked_customer_add"("d" date, "cust" integer, "n" integer, "revenue" bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "booked_customer_day_totals" AS t ("day", "customer_id", "orders", "revenue_kes")
  VALUES ("d", "cust", "n", "revenue")
  ON CONFLICT ("day", "customer_id") DO UPDATE
    SET "orders" = t."orders" + excluded."orders", "revenue_kes" = t."revenue_kes" + excluded."revenue_kes";
  INSERT INTO "booked_customer_month_totals" AS t ("month", "customer_id", "orders", "revenue_kes")
  VALUES (date_trunc('month', "d"::timestamp)::date, "cust", "n", "revenue")
  ON CONFLICT ("month", "customer_id") DO UPDATE
    SET "orders" = t."orders" + excluded."orders", "revenue_kes" = t."revenue_kes" + excluded."revenue_kes";
  SELECT pg_advisory_xact_lock_shared(74836203);
  INSERT INTO "booked_customer_window_totals" AS t ("days", "customer_id", "orders", "revenue_kes")
  SELECT w."days", "cust", "n", "revenue" FROM "booked_customer_windows" w
  WHERE "d" BETWEEN w."last_day" - (w."days" - 1) AND w."last_day"
  ORDER BY w."days"
  ON CONFLICT ("days", "customer_id") DO UPDATE
    SET "orders" = t."orders" + excluded."orders", "revenue_kes" = t."revenue_kes" + excluded."revenue_kes";
$$;
