CREATE TABLE "booked_customer_year_totals" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"revenue_kes" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booked_customer_year_window" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last_day" date,
	CONSTRAINT "booked_customer_year_window_one_row" CHECK ("booked_customer_year_window"."one")
);
--> statement-breakpoint
CREATE INDEX "booked_customer_year_totals_rank_idx" ON "booked_customer_year_totals" USING btree ("revenue_kes" DESC NULLS LAST,"customer_id");--> statement-breakpoint
INSERT INTO "booked_customer_year_window" ("one", "last_day") VALUES (true, NULL);
--> statement-breakpoint
-- One order's booked revenue on day d: its day, its month, and its customer's year when d lies in the year
-- the window covers. The window moves under an exclusive advisory lock (booked_customer_year_move); here a
-- shared one, taken before the window is read, so a change lands either before a move (which then counts
-- its day) or after it (and sees the new window), never between.
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
  INSERT INTO "booked_customer_year_totals" AS t ("customer_id", "orders", "revenue_kes")
  SELECT "cust", "n", "revenue" FROM "booked_customer_year_window" w
  WHERE "d" BETWEEN w."last_day" - 364 AND w."last_day"
  ON CONFLICT ("customer_id") DO UPDATE
    SET "orders" = t."orders" + excluded."orders", "revenue_kes" = t."revenue_kes" + excluded."revenue_kes";
$$;
--> statement-breakpoint
-- Moves the year to end on `today`: the days that left it taken off, the days that entered added, from the
-- day totals; computed afresh when it never ran, moved back, or fell a year or more behind.
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rebuild_summaries"() RETURNS void LANGUAGE sql AS $$
  SELECT "rebuild_order_day_totals"();
  LOCK TABLE "order_lines", "transactions", "stock_movements" IN SHARE MODE;
  DELETE FROM "booked_product_day_totals";
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
  INSERT INTO "item_service_totals" ("inventory_item_id", "services", "conceptions")
  SELECT "inventory_item_id", count(*) FILTER (WHERE "status" <> 'breeding'),
         count(*) FILTER (WHERE "status" IN ('pregnant', 'calved'))
  FROM "breeding_records" WHERE "inventory_item_id" IS NOT NULL GROUP BY 1;
  DELETE FROM "fertility_totals";
  INSERT INTO "fertility_totals" ("key", "services", "conceptions")
  SELECT "fertility_key"(i."type", g."registration", i."id"), sum(t."services"), sum(t."conceptions")
  FROM "item_service_totals" t JOIN "inventory_items" i ON i."id" = t."inventory_item_id"
  LEFT JOIN "item_genetics" g ON g."inventory_item_id" = i."id"
  GROUP BY 1;
  SELECT pg_advisory_xact_lock(74836203);
  DELETE FROM "booked_customer_year_totals";
  INSERT INTO "booked_customer_year_totals" ("customer_id", "orders", "revenue_kes")
  SELECT d."customer_id", sum(d."orders"), sum(d."revenue_kes")
  FROM "booked_customer_day_totals" d JOIN "booked_customer_year_window" w
    ON d."day" BETWEEN w."last_day" - 364 AND w."last_day"
  GROUP BY 1 HAVING sum(d."orders") <> 0 OR sum(d."revenue_kes") <> 0;
$$;
