CREATE TYPE "public"."outcome_source" AS ENUM('confirmed', 'farmer');--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'batch_fertility_low';--> statement-breakpoint
CREATE TABLE "batch_fertility_flags" (
	"batch_id" integer PRIMARY KEY NOT NULL,
	"services" integer NOT NULL,
	"conceptions" integer NOT NULL,
	"bull_services" integer NOT NULL,
	"bull_conceptions" integer NOT NULL,
	"flagged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "breeding_records" ADD COLUMN "outcome_source" "outcome_source" DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE "breeding_records" ADD COLUMN "cow_event_id" integer;--> statement-breakpoint
ALTER TABLE "fertility_totals" ADD COLUMN "reported_services" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fertility_totals" ADD COLUMN "reported_conceptions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "fertility_confirmed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "fertility_reported" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_service_totals" ADD COLUMN "reported_services" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_service_totals" ADD COLUMN "reported_conceptions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_fertility_flags" ADD CONSTRAINT "batch_fertility_flags_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breeding_records" ADD CONSTRAINT "breeding_records_cow_event_id_cow_events_id_fk" FOREIGN KEY ("cow_event_id") REFERENCES "public"."cow_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "breeding_records_batch_idx" ON "breeding_records" USING btree ("batch_id") WHERE "breeding_records"."batch_id" is not null;--> statement-breakpoint
ALTER TABLE "breeding_records" ADD CONSTRAINT "breeding_records_cow_event_id_unique" UNIQUE("cow_event_id");--> statement-breakpoint
-- Known outcomes and conceptions per item, confirmed and farmer-reported apart (issue 40).
DROP TRIGGER "breeding_records_service_totals" ON "breeding_records";
--> statement-breakpoint
DROP FUNCTION "item_service_totals_add"(integer, "breeding_status", integer);
--> statement-breakpoint
CREATE FUNCTION "item_service_totals_add"("item" integer, "st" "breeding_status", "src" "outcome_source", "sign" integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "item_service_totals" ("inventory_item_id", "services", "conceptions", "reported_services", "reported_conceptions")
  SELECT "item",
         "sign" * ("src" = 'confirmed' AND "st" <> 'breeding')::int,
         "sign" * ("src" = 'confirmed' AND "st" IN ('pregnant', 'calved'))::int,
         "sign" * ("src" = 'farmer' AND "st" <> 'breeding')::int,
         "sign" * ("src" = 'farmer' AND "st" IN ('pregnant', 'calved'))::int
  WHERE "item" IS NOT NULL
  ON CONFLICT ("inventory_item_id") DO UPDATE
    SET "services" = "item_service_totals"."services" + excluded."services",
        "conceptions" = "item_service_totals"."conceptions" + excluded."conceptions",
        "reported_services" = "item_service_totals"."reported_services" + excluded."reported_services",
        "reported_conceptions" = "item_service_totals"."reported_conceptions" + excluded."reported_conceptions";
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "service_totals_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "item_service_totals_add"(OLD."inventory_item_id", OLD."status", OLD."outcome_source", -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "item_service_totals_add"(NEW."inventory_item_id", NEW."status", NEW."outcome_source", 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "breeding_records_service_totals" AFTER INSERT OR DELETE OR UPDATE OF "status", "inventory_item_id", "outcome_source"
ON "breeding_records" FOR EACH ROW EXECUTE FUNCTION "service_totals_track"();
--> statement-breakpoint
DROP FUNCTION "fertility_totals_add"(text, integer, integer);
--> statement-breakpoint
CREATE FUNCTION "fertility_totals_add"("k" text, "s" integer, "c" integer, "rs" integer, "rc" integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "fertility_totals" ("key", "services", "conceptions", "reported_services", "reported_conceptions")
  SELECT "k", "s", "c", "rs", "rc" WHERE "k" IS NOT NULL AND ("s" <> 0 OR "c" <> 0 OR "rs" <> 0 OR "rc" <> 0)
  ON CONFLICT ("key") DO UPDATE
    SET "services" = "fertility_totals"."services" + excluded."services",
        "conceptions" = "fertility_totals"."conceptions" + excluded."conceptions",
        "reported_services" = "fertility_totals"."reported_services" + excluded."reported_services",
        "reported_conceptions" = "fertility_totals"."reported_conceptions" + excluded."reported_conceptions";
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "fertility_totals_move"("item" integer, "from_key" text, "to_key" text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE s integer; c integer; rs integer; rc integer;
BEGIN
  IF "from_key" IS NOT DISTINCT FROM "to_key" THEN RETURN; END IF;
  SELECT "services", "conceptions", "reported_services", "reported_conceptions" INTO s, c, rs, rc
  FROM "item_service_totals" WHERE "inventory_item_id" = "item"
  FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  PERFORM "fertility_totals_add"("from_key", -s, -c, -rs, -rc);
  PERFORM "fertility_totals_add"("to_key", s, c, rs, rc);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "fertility_totals_track_item_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text; item integer;
BEGIN
  item := CASE WHEN TG_OP = 'DELETE' THEN OLD."inventory_item_id" ELSE NEW."inventory_item_id" END;
  SELECT "fertility_key"(i."type", g."registration", i."id") INTO k
  FROM "inventory_items" i LEFT JOIN "item_genetics" g ON g."inventory_item_id" = i."id" WHERE i."id" = item;
  IF TG_OP = 'INSERT' THEN
    PERFORM "fertility_totals_add"(k, NEW."services", NEW."conceptions", NEW."reported_services", NEW."reported_conceptions");
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "fertility_totals_add"(k, NEW."services" - OLD."services", NEW."conceptions" - OLD."conceptions",
      NEW."reported_services" - OLD."reported_services", NEW."reported_conceptions" - OLD."reported_conceptions");
  ELSE
    PERFORM "fertility_totals_add"(k, -OLD."services", -OLD."conceptions", -OLD."reported_services", -OLD."reported_conceptions");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The figures a rate is drawn from: the confirmed outcomes once there are 20 of them (MIN_SERVICES_FOR_RATE,
-- as `fertility-rule.ts` says), every outcome before; with how many of each lie behind them.
CREATE FUNCTION "fertility_figures"("s" integer, "c" integer, "rs" integer, "rc" integer,
  OUT "services" integer, OUT "conceptions" integer, OUT "confirmed" integer, OUT "reported" integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "s" >= 20 THEN "s" ELSE "s" + "rs" END, CASE WHEN "s" >= 20 THEN "c" ELSE "c" + "rc" END,
         "s", "rs"
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "inventory_items_refresh_fertility"("item" integer) RETURNS void LANGUAGE sql AS $$
  UPDATE "inventory_items" i
  SET "fertility_services" = x."services", "fertility_conceptions" = x."conceptions",
      "fertility_confirmed" = x."confirmed", "fertility_reported" = x."reported"
  FROM "inventory_items" k
  LEFT JOIN "item_genetics" g ON g."inventory_item_id" = k."id"
  LEFT JOIN "fertility_totals" f ON f."key" = "fertility_key"(k."type", g."registration", k."id")
  CROSS JOIN LATERAL "fertility_figures"(coalesce(f."services", 0), coalesce(f."conceptions", 0),
    coalesce(f."reported_services", 0), coalesce(f."reported_conceptions", 0)) x
  WHERE k."id" = "item" AND i."id" = "item"
    AND (i."fertility_services", i."fertility_conceptions", i."fertility_confirmed", i."fertility_reported")
        IS DISTINCT FROM (x."services", x."conceptions", x."confirmed", x."reported");
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "inventory_items_track_fertility_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text; x record;
BEGIN
  k := CASE WHEN TG_OP = 'DELETE' THEN OLD."key" ELSE NEW."key" END;
  IF TG_OP = 'DELETE' THEN
    SELECT * INTO x FROM "fertility_figures"(0, 0, 0, 0);
  ELSE
    SELECT * INTO x FROM "fertility_figures"(NEW."services", NEW."conceptions", NEW."reported_services", NEW."reported_conceptions");
  END IF;
  IF k LIKE 'bull:%' THEN
    UPDATE "inventory_items" i SET "fertility_services" = x."services", "fertility_conceptions" = x."conceptions",
      "fertility_confirmed" = x."confirmed", "fertility_reported" = x."reported"
    FROM "item_genetics" g
    WHERE g."registration" = substr(k, 6) AND i."id" = g."inventory_item_id" AND i."type" = 'sperm'
      AND (i."fertility_services", i."fertility_conceptions", i."fertility_confirmed", i."fertility_reported")
          IS DISTINCT FROM (x."services", x."conceptions", x."confirmed", x."reported");
  ELSE
    UPDATE "inventory_items" i SET "fertility_services" = x."services", "fertility_conceptions" = x."conceptions",
      "fertility_confirmed" = x."confirmed", "fertility_reported" = x."reported"
    WHERE i."id" = substr(k, 6)::integer
      AND "fertility_key"(i."type", (SELECT g."registration" FROM "item_genetics" g
                                     WHERE g."inventory_item_id" = i."id"), i."id") = k
      AND (i."fertility_services", i."fertility_conceptions", i."fertility_confirmed", i."fertility_reported")
          IS DISTINCT FROM (x."services", x."conceptions", x."confirmed", x."reported");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE "inventory_items" SET "fertility_confirmed" = "fertility_services" WHERE "fertility_services" <> 0;
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
  DELETE FROM "booked_customer_year_totals";
  INSERT INTO "booked_customer_year_totals" ("customer_id", "orders", "revenue_kes")
  SELECT d."customer_id", sum(d."orders"), sum(d."revenue_kes")
  FROM "booked_customer_day_totals" d JOIN "booked_customer_year_window" w
    ON d."day" BETWEEN w."last_day" - 364 AND w."last_day"
  GROUP BY 1 HAVING sum(d."orders") <> 0 OR sum(d."revenue_kes") <> 0;
$$;
