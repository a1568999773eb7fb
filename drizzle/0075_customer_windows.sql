CREATE TABLE "booked_customer_window_totals" (
	"days" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"orders" integer NOT NULL,
	"revenue_kes" bigint NOT NULL,
	CONSTRAINT "booked_customer_window_totals_days_customer_id_pk" PRIMARY KEY("days","customer_id")
);
--> statement-breakpoint
CREATE TABLE "booked_customer_windows" (
	"days" integer PRIMARY KEY NOT NULL,
	"last_day" date,
	CONSTRAINT "booked_customer_windows_days" CHECK ("booked_customer_windows"."days" > 0)
);
--> statement-breakpoint
CREATE INDEX "booked_customer_window_totals_rank_idx" ON "booked_customer_window_totals" USING btree ("days","revenue_kes" DESC NULLS LAST,"customer_id");
--> statement-breakpoint
-- The year's totals as they were, and a 30-day window that the job computes on its first run.
INSERT INTO "booked_customer_windows" ("days", "last_day")
SELECT 365, "last_day" FROM "booked_customer_year_window" UNION ALL SELECT 30, NULL;
--> statement-breakpoint
INSERT INTO "booked_customer_window_totals" ("days", "customer_id", "orders", "revenue_kes")
SELECT 365, "customer_id", "orders", "revenue_kes" FROM "booked_customer_year_totals";
--> statement-breakpoint
-- One order's booked revenue on day d: its day, its month, and its customer's total in each window that
-- holds d. The windows move under an exclusive advisory lock (booked_customer_windows_move); here a shared
-- one, taken before the windows are read, so a change lands either before a move (which then counts its day)
-- or after it (and sees the new windows), never between.
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
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rebuild_summaries"() RETURNS void LANGUAGE sql AS $$
  SELECT "rebuild_order_day_totals"();
  LOCK TABLE "order_lines", "transactions", "stock_movements" IN SHARE MODE;
  DELETE FROM "booked_product_day_totals";
  -- Its months follow the days it inserts (a trigger); each starts again from nothing.
  DELETE FROM "booked_product_month_totals";
  INSERT INTO "booked_product_day_totals" ("day", "product_name", "units", "revenue_kes")
  SELECT "nairobi_day"(o."order_date"), l."product_name", sum(l."quantity"), sum(l."line_total_kes")
  FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
  WHERE "order_is_booked"(o."status") GROUP BY 1, 2;
  DELETE FROM "booked_customer_day_totals";
  INSERT INTO "booked_customer_day_totals" ("day", "customer_id", "orders", "revenue_kes")
  SELECT "nairobi_day"("order_date"), "customer_id", count(*), sum("total_amount_kes")
  FROM "orders" WHERE "order_is_booked"("status") AND "customer_id" IS NOT NULL GROUP BY 1, 2;
  DELETE FROM "booked_customer_month_totals";
  INSERT INTO "booked_customer_month_totals" ("month", "customer_id", "orders", "revenue_kes")
  SELECT date_trunc('month', "day"::timestamp)::date, "customer_id", sum("orders"), sum("revenue_kes")
  FROM "booked_customer_day_totals" GROUP BY 1, 2;
  DELETE FROM "income_day_totals";
  INSERT INTO "income_day_totals" ("day", "shard", "currency", "net_amount")
  SELECT "nairobi_day"("date"), ("id" % 16)::smallint, "currency", sum("income_net"("type", "status", "payment_id", "amount"))
  FROM "transactions" WHERE "income_net"("type", "status", "payment_id", "amount") <> 0 GROUP BY 1, 2, 3;
  DELETE FROM "stock_day_totals";
  INSERT INTO "stock_day_totals" ("day", "inventory_item_id", "stock_delta")
  SELECT "nairobi_day"("created_at"), "inventory_item_id", sum("stock_delta")
  FROM "stock_movements" WHERE "stock_delta" <> 0 GROUP BY 1, 2;
  LOCK TABLE "breeding_records" IN SHARE MODE;
  DELETE FROM "item_service_totals";
  INSERT INTO "item_service_totals" ("inventory_item_id", "services", "conceptions", "reported_services", "reported_conceptions")
  SELECT "inventory_item_id",
         count(*) FILTER (WHERE "outcome_source" = 'confirmed' AND "status" <> 'breeding'),
         count(*) FILTER (WHERE "outcome_source" = 'confirmed' AND "status" IN ('pregnant', 'calved')),
         count(*) FILTER (WHERE "outcome_source" = 'farmer' AND "status" <> 'breeding'),
         count(*) FILTER (WHERE "outcome_source" = 'farmer' AND "status" IN ('pregnant', 'calved'))
  FROM "breeding_records" WHERE "inventory_item_id" IS NOT NULL GROUP BY 1;
  DELETE FROM "fertility_totals";
  INSERT INTO "fertility_totals" ("key", "services", "conceptions", "reported_services", "reported_conceptions")
  SELECT "fertility_key"(i."type", g."registration", i."id"), sum(t."services"), sum(t."conceptions"),
         sum(t."reported_services"), sum(t."reported_conceptions")
  FROM "item_service_totals" t JOIN "inventory_items" i ON i."id" = t."inventory_item_id"
  LEFT JOIN "item_genetics" g ON g."inventory_item_id" = i."id"
  GROUP BY 1;
  SELECT pg_advisory_xact_lock(74836203);
  DELETE FROM "booked_customer_window_totals";
  INSERT INTO "booked_customer_window_totals" ("days", "customer_id", "orders", "revenue_kes")
  SELECT w."days", d."customer_id", sum(d."orders"), sum(d."revenue_kes")
  FROM "booked_customer_day_totals" d JOIN "booked_customer_windows" w
    ON d."day" BETWEEN w."last_day" - (w."days" - 1) AND w."last_day"
  GROUP BY 1, 2 HAVING sum(d."orders") <> 0 OR sum(d."revenue_kes") <> 0;
  SELECT "rebuild_open_invoices"();
  SELECT "rebuild_shipment_status_totals"();
  SELECT "rebuild_customer_statement_days"();
$$;
--> statement-breakpoint
DROP FUNCTION "booked_customer_year_move"(date);
--> statement-breakpoint
DROP TABLE "booked_customer_year_totals";
--> statement-breakpoint
DROP TABLE "booked_customer_year_window";
