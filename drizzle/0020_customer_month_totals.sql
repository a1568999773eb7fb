CREATE TABLE "booked_customer_month_totals" (
	"month" date NOT NULL,
	"customer_id" integer NOT NULL,
	"orders" integer NOT NULL,
	"revenue_kes" bigint NOT NULL,
	CONSTRAINT "booked_customer_month_totals_month_customer_id_pk" PRIMARY KEY("month","customer_id")
);
--> statement-breakpoint
-- One order's booked revenue on day d, added to its day and to its month (day row first, one lock order).
CREATE OR REPLACE FUNCTION "booked_customer_add"("d" date, "cust" integer, "n" integer, "revenue" bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "booked_customer_day_totals" AS t ("day", "customer_id", "orders", "revenue_kes")
  VALUES ("d", "cust", "n", "revenue")
  ON CONFLICT ("day", "customer_id") DO UPDATE
    SET "orders" = t."orders" + excluded."orders", "revenue_kes" = t."revenue_kes" + excluded."revenue_kes";
  INSERT INTO "booked_customer_month_totals" AS t ("month", "customer_id", "orders", "revenue_kes")
  VALUES (date_trunc('month', "d"::timestamp)::date, "cust", "n", "revenue")
  ON CONFLICT ("month", "customer_id") DO UPDATE
    SET "orders" = t."orders" + excluded."orders", "revenue_kes" = t."revenue_kes" + excluded."revenue_kes";
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
$$;
--> statement-breakpoint
INSERT INTO "booked_customer_month_totals" ("month", "customer_id", "orders", "revenue_kes")
SELECT date_trunc('month', "day"::timestamp)::date, "customer_id", sum("orders"), sum("revenue_kes")
FROM "booked_customer_day_totals" GROUP BY 1, 2;
