CREATE TABLE "fertility_totals" (
	"key" text PRIMARY KEY NOT NULL,
	"services" integer DEFAULT 0 NOT NULL,
	"conceptions" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Whose conception rate an item shows: a semen item with a registration its bull's (every item with that
-- registration, sexed and conventional), anything else its own. The catalogue groups and looks up by it.
-- Every operator in it is immutable (int::text, not text || int), so the planner inlines it.
CREATE FUNCTION "fertility_key"("type" "item_type", "registration" text, "item" integer) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "type" = 'sperm' AND "registration" IS NOT NULL THEN 'bull:' || "registration"
              ELSE 'item:' || "item"::text END
$$;
--> statement-breakpoint
CREATE FUNCTION "fertility_totals_add"("k" text, "s" integer, "c" integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "fertility_totals" ("key", "services", "conceptions")
  SELECT "k", "s", "c" WHERE "k" IS NOT NULL AND ("s" <> 0 OR "c" <> 0)
  ON CONFLICT ("key") DO UPDATE
    SET "services" = "fertility_totals"."services" + excluded."services",
        "conceptions" = "fertility_totals"."conceptions" + excluded."conceptions";
$$;
--> statement-breakpoint
-- An item's totals moving from one key to another (its registration or type changed, or it is deleted).
-- The totals row is locked: a service recorded for the item at the same time either lands first (and is
-- moved with the rest) or waits and then finds the item's new key.
CREATE FUNCTION "fertility_totals_move"("item" integer, "from_key" text, "to_key" text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE s integer; c integer;
BEGIN
  IF "from_key" IS NOT DISTINCT FROM "to_key" THEN RETURN; END IF;
  SELECT "services", "conceptions" INTO s, c FROM "item_service_totals" WHERE "inventory_item_id" = "item"
  FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  PERFORM "fertility_totals_add"("from_key", -s, -c);
  PERFORM "fertility_totals_add"("to_key", s, c);
END $$;
--> statement-breakpoint
-- An item's own totals changed: the change goes to its key. A row deleted with its item (cascade) finds
-- no item; the item's delete trigger has already taken its totals off.
CREATE FUNCTION "fertility_totals_track_item_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text; item integer;
BEGIN
  item := CASE WHEN TG_OP = 'DELETE' THEN OLD."inventory_item_id" ELSE NEW."inventory_item_id" END;
  SELECT "fertility_key"(i."type", g."registration", i."id") INTO k
  FROM "inventory_items" i LEFT JOIN "item_genetics" g ON g."inventory_item_id" = i."id" WHERE i."id" = item;
  IF TG_OP = 'INSERT' THEN
    PERFORM "fertility_totals_add"(k, NEW."services", NEW."conceptions");
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "fertility_totals_add"(k, NEW."services" - OLD."services", NEW."conceptions" - OLD."conceptions");
  ELSE
    PERFORM "fertility_totals_add"(k, -OLD."services", -OLD."conceptions");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "item_service_totals_fertility" AFTER INSERT OR DELETE OR UPDATE ON "item_service_totals"
FOR EACH ROW EXECUTE FUNCTION "fertility_totals_track_item_totals"();
--> statement-breakpoint
-- A registration given, changed or removed moves the item's totals between its bull and itself.
CREATE FUNCTION "fertility_totals_track_genetics"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE item integer; t "item_type";
BEGIN
  item := CASE WHEN TG_OP = 'DELETE' THEN OLD."inventory_item_id" ELSE NEW."inventory_item_id" END;
  SELECT "type" INTO t FROM "inventory_items" WHERE "id" = item;
  IF NOT FOUND THEN RETURN NULL; END IF;
  PERFORM "fertility_totals_move"(item,
    "fertility_key"(t, CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD."registration" END, item),
    "fertility_key"(t, CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW."registration" END, item));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "item_genetics_fertility" AFTER INSERT OR DELETE OR UPDATE OF "registration" ON "item_genetics"
FOR EACH ROW EXECUTE FUNCTION "fertility_totals_track_genetics"();
--> statement-breakpoint
-- An item's type changed (its totals move between its bull and itself), or the item is deleted (taken off
-- before the cascade removes its totals and genetics).
CREATE FUNCTION "fertility_totals_track_item"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r text;
BEGIN
  SELECT "registration" INTO r FROM "item_genetics" WHERE "inventory_item_id" = OLD."id";
  PERFORM "fertility_totals_move"(OLD."id", "fertility_key"(OLD."type", r, OLD."id"),
    CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE "fertility_key"(NEW."type", r, NEW."id") END);
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
CREATE TRIGGER "inventory_items_fertility_type" AFTER UPDATE OF "type" ON "inventory_items"
FOR EACH ROW EXECUTE FUNCTION "fertility_totals_track_item"();
--> statement-breakpoint
CREATE TRIGGER "inventory_items_fertility_delete" BEFORE DELETE ON "inventory_items"
FOR EACH ROW EXECUTE FUNCTION "fertility_totals_track_item"();
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
$$;
--> statement-breakpoint
INSERT INTO "fertility_totals" ("key", "services", "conceptions")
SELECT "fertility_key"(i."type", g."registration", i."id"), sum(t."services"), sum(t."conceptions")
FROM "item_service_totals" t JOIN "inventory_items" i ON i."id" = t."inventory_item_id"
LEFT JOIN "item_genetics" g ON g."inventory_item_id" = i."id"
GROUP BY 1;
