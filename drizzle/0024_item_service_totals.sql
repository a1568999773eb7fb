CREATE TABLE "item_service_totals" (
	"inventory_item_id" integer PRIMARY KEY NOT NULL,
	"services" integer DEFAULT 0 NOT NULL,
	"conceptions" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_service_totals" ADD CONSTRAINT "item_service_totals_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Known outcomes and conceptions per item: the catalogue's conception rates read these, never the records.
CREATE FUNCTION "item_service_totals_add"("item" integer, "st" "breeding_status", "sign" integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "item_service_totals" ("inventory_item_id", "services", "conceptions")
  SELECT "item", "sign" * ("st" <> 'breeding')::int, "sign" * ("st" IN ('pregnant', 'calved'))::int
  WHERE "item" IS NOT NULL
  ON CONFLICT ("inventory_item_id") DO UPDATE
    SET "services" = "item_service_totals"."services" + excluded."services",
        "conceptions" = "item_service_totals"."conceptions" + excluded."conceptions";
$$;
--> statement-breakpoint
CREATE FUNCTION "service_totals_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "item_service_totals_add"(OLD."inventory_item_id", OLD."status", -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "item_service_totals_add"(NEW."inventory_item_id", NEW."status", 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "breeding_records_service_totals" AFTER INSERT OR DELETE OR UPDATE OF "status", "inventory_item_id" ON "breeding_records" FOR EACH ROW EXECUTE FUNCTION "service_totals_track"();
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
$$;
--> statement-breakpoint
INSERT INTO "item_service_totals" ("inventory_item_id", "services", "conceptions")
SELECT "inventory_item_id", count(*) FILTER (WHERE "status" <> 'breeding'),
       count(*) FILTER (WHERE "status" IN ('pregnant', 'calved'))
FROM "breeding_records" WHERE "inventory_item_id" IS NOT NULL GROUP BY 1;
