CREATE OR REPLACE FUNCTION "booked_customer_year_move"("today" date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "last" date;
BEGIN
  PERFORM pg_advisory_xact_lock(74836203);
  SELECT "last_day" INTO "last" FROM "booked_customer_year_window";
  IF "last" = "today" THEN
    RETURN;
  END IF;
  IF "last" IS NULL OR "last" > "today" OR "today" - "last" >= 365 THEN
    DELETE FROM "booked_customer_year_totals";
    INSERT INTO "booked_customer_year_totals" ("customer_id", "orders", "revenue_kes")
    SELECT "customer_id", sum("orders"), sum("revenue_kes") FROM "booked_customer_day_totals"
    WHERE "day" BETWEEN "today" - 364 AND "today"
    GROUP BY 1 HAVING sum("orders") <> 0 OR sum("revenue_kes") <> 0;
  ELSE
    INSERT INTO "booked_customer_year_totals" AS t ("customer_id", "orders", "revenue_kes")
    SELECT "customer_id", sum("sign" * "orders"), sum("sign" * "revenue_kes") FROM (
      SELECT "customer_id", "orders", "revenue_kes", -1 AS "sign" FROM "booked_customer_day_totals"
      WHERE "day" BETWEEN "last" - 364 AND "today" - 365
      UNION ALL
      SELECT "customer_id", "orders", "revenue_kes", 1 FROM "booked_customer_day_totals"
      WHERE "day" BETWEEN "last" + 1 AND "today"
    ) moved
    GROUP BY 1
    ON CONFLICT ("customer_id") DO UPDATE
      SET "orders" = t."orders" + excluded."orders", "revenue_kes" = t."revenue_kes" + excluded."revenue_kes";
    DELETE FROM "booked_customer_year_totals" WHERE "orders" = 0 AND "revenue_kes" = 0;
  END IF;
  UPDATE "booked_customer_year_window" SET "last_day" = "today";
END
$$;
