-- The customer summary and the report counted every customer by type on each visit: on PGlite, 1.6 ms of
-- the report's 5 (issue 42). customer_type_totals keeps the counts by type and whether active, written by a
-- trigger in the transaction of each change to a customer.
CREATE TABLE "customer_type_totals" (
	"type" "customer_type" NOT NULL,
	"is_active" boolean NOT NULL,
	"customers" integer NOT NULL,
	CONSTRAINT "customer_type_totals_type_is_active_pk" PRIMARY KEY("type","is_active")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "customer_type_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "customer_type_totals" SET "customers" = "customers" - 1
    WHERE "type" = OLD."type" AND "is_active" = OLD."is_active";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "customer_type_totals" ("type", "is_active", "customers") VALUES (NEW."type", NEW."is_active", 1)
    ON CONFLICT ("type", "is_active") DO UPDATE SET "customers" = "customer_type_totals"."customers" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "customers_type_totals" AFTER INSERT OR DELETE ON "customers"
  FOR EACH ROW EXECUTE FUNCTION "customer_type_moved"();
--> statement-breakpoint
CREATE TRIGGER "customers_type_totals_moved" AFTER UPDATE OF "type", "is_active" ON "customers"
  FOR EACH ROW WHEN (OLD."type" IS DISTINCT FROM NEW."type" OR OLD."is_active" IS DISTINCT FROM NEW."is_active")
  EXECUTE FUNCTION "customer_type_moved"();
--> statement-breakpoint
-- Every type's counts from the customers: this migration's first fill, and what rebuild_summaries writes.
CREATE OR REPLACE FUNCTION "rebuild_customer_type_totals"() RETURNS void LANGUAGE sql AS $$
  LOCK TABLE "customers" IN SHARE MODE;
  DELETE FROM "customer_type_totals";
  INSERT INTO "customer_type_totals" ("type", "is_active", "customers")
  SELECT "type", "is_active", count(*) FROM "customers" GROUP BY 1, 2;
$$;
--> statement-breakpoint
-- The rebuild of every summary now counts the customers too.
CREATE OR REPLACE FUNCTION "rebuild_summaries"() RETURNS void LANGUAGE sql AS $$
  SELECT "rebuild_order_day_totals"();
  LOCK TABLE "order_lines", "transactions", "stock_movements" IN SHARE MODE;
  DELETE FROM "booked_product_day_totals";
  -- Its months follow the days it inserts (a trigger); each starts again from nothing.
  DELETE FROM "booked_product_month_totals";
  INSERT INTO "booked_product_day_totals" ("day", "product_name", "units", "revenue_kes")
  SELECT "nairobi_day"(o."order_date"), l."product_name", sum(l."quantity"), sum(l."line_total_kes")
  FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
  WHERE "order_is_booked"(o."status") GROUP BY 1, 2 ORDER BY 1, 2;
  DELETE FROM "booked_customer_day_totals";
  INSERT INTO "booked_customer_day_totals" ("day", "customer_id", "orders", "revenue_kes")
  SELECT "nairobi_day"("order_date"), "customer_id", count(*), sum("total_amount_kes")
  FROM "orders" WHERE "order_is_booked"("status") AND "customer_id" IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2;
  DELETE FROM "booked_customer_month_totals";
  INSERT INTO "booked_customer_month_totals" ("month", "customer_id", "orders", "revenue_kes")
  SELECT date_trunc('month', "day"::timestamp)::date, "customer_id", sum("orders"), sum("revenue_kes")
  FROM "booked_customer_day_totals" GROUP BY 1, 2 ORDER BY 1, 2;
  DELETE FROM "income_day_totals";
  INSERT INTO "income_day_totals" ("day", "shard", "currency", "net_amount")
  SELECT "nairobi_day"("date"), ("id" % 16)::smallint, "currency", sum("income_net"("type", "status", "payment_id", "amount"))
  FROM "transactions" WHERE "income_net"("type", "status", "payment_id", "amount") <> 0 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  DELETE FROM "stock_day_totals";
  INSERT INTO "stock_day_totals" ("day", "inventory_item_id", "stock_delta")
  SELECT "nairobi_day"("created_at"), "inventory_item_id", sum("stock_delta")
  FROM "stock_movements" WHERE "stock_delta" <> 0 GROUP BY 1, 2 ORDER BY 1, 2;
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
  SELECT "rebuild_customer_type_totals"();
$$;
--> statement-breakpoint
SELECT "rebuild_customer_type_totals"();
