CREATE OR REPLACE FUNCTION "booked_customer_windows_move"("today" date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  w record;
BEGIN
  PERFORM pg_advisory_xact_lock(74836203);
  FOR w IN SELECT "days", "last_day" FROM "booked_customer_windows" ORDER BY "days" LOOP
    CONTINUE WHEN w."last_day" = "today";
    IF w."last_day" IS NULL OR w."last_day" > "today" OR "today" - w."last_day" >= w."days" THEN
      DELETE FROM "booked_customer_window_totals" WHERE "days" = w."days";
      INSERT INTO "booked_customer_window_totals" ("days", "customer_id", "orders", "revenue_kes")
      SELECT w."days", "customer_id", sum("orders"), sum("revenue_kes") FROM "booked_customer_day_totals"
      WHERE "day" BETWEEN "today" - (w."days" - 1) AND "today"
      GROUP BY "customer_id" HAVING sum("orders") <> 0 OR sum("revenue_kes") <> 0;
    ELSE
      INSERT INTO "booked_customer_window_totals" AS t ("days", "customer_id", "orders", "revenue_kes")
      SELECT w."days", "customer_id", sum("sign" * "orders"), sum("sign" * "revenue_kes") FROM (
        SELECT "customer_id", "orders", "revenue_kes", -1 AS "sign" FROM "booked_customer_day_totals"
        WHERE "day" BETWEEN w."last_day" - (w."days" - 1) AND "today" - w."days"
        UNION ALL
        SELECT "customer_id", "orders", "revenue_kes", 1 FROM "booked_customer_day_totals"
        WHERE "day" BETWEEN w."last_day" + 1 AND "today"
      ) moved
      GROUP BY "customer_id"
      ON CONFLICT ("days", "customer_id") DO UPDATE
        SET "orders" = t."orders" + excluded."orders", "revenue_kes" = t."revenue_kes" + excluded."revenue_kes";
      DELETE FROM "booked_customer_window_totals"
      WHERE "days" = w."days" AND "orders" = 0 AND "revenue_kes" = 0;
    END IF;
    UPDATE "booked_customer_windows" SET "last_day" = "today" WHERE "days" = w."days";
  END LOOP;
END
$$;
