CREATE TABLE "booked_customer_day_totals" (
	"day" date NOT NULL,
	"customer_id" integer NOT NULL,
	"orders" integer NOT NULL,
	"revenue_kes" bigint NOT NULL,
	CONSTRAINT "booked_customer_day_totals_day_customer_id_pk" PRIMARY KEY("day","customer_id")
);
--> statement-breakpoint
CREATE TABLE "booked_product_day_totals" (
	"day" date NOT NULL,
	"product_name" text NOT NULL,
	"units" bigint NOT NULL,
	"revenue_kes" bigint NOT NULL,
	CONSTRAINT "booked_product_day_totals_day_product_name_pk" PRIMARY KEY("day","product_name")
);
--> statement-breakpoint
CREATE TABLE "income_day_totals" (
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"currency" "currency" NOT NULL,
	"net_amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "income_day_totals_day_shard_currency_pk" PRIMARY KEY("day","shard","currency")
);
--> statement-breakpoint
CREATE TABLE "stock_day_totals" (
	"day" date NOT NULL,
	"inventory_item_id" integer NOT NULL,
	"stock_delta" bigint NOT NULL,
	CONSTRAINT "stock_day_totals_day_inventory_item_id_pk" PRIMARY KEY("day","inventory_item_id")
);
--> statement-breakpoint
CREATE FUNCTION "nairobi_day"("ts" timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT ("ts" AT TIME ZONE 'Africa/Nairobi')::date;
$$;
--> statement-breakpoint
-- The ledger's booked statuses (src/server/modules/finance/ledger.ts; summaries.test.ts checks they agree).
CREATE FUNCTION "order_is_booked"("st" "order_status") RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT "st" IN ('approved', 'processing', 'shipped', 'delivered');
$$;
--> statement-breakpoint
CREATE FUNCTION "booked_customer_add"("d" date, "cust" integer, "n" integer, "revenue" bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "booked_customer_day_totals" AS t ("day", "customer_id", "orders", "revenue_kes")
  VALUES ("d", "cust", "n", "revenue")
  ON CONFLICT ("day", "customer_id") DO UPDATE
    SET "orders" = t."orders" + excluded."orders", "revenue_kes" = t."revenue_kes" + excluded."revenue_kes";
$$;
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) all of one order's lines on day d, products in name order (one lock order).
CREATE FUNCTION "booked_lines_add"("p_order" integer, "d" date, "sign" integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "booked_product_day_totals" AS t ("day", "product_name", "units", "revenue_kes")
  SELECT "d", l."product_name", "sign" * sum(l."quantity"), "sign" * sum(l."line_total_kes")
  FROM "order_lines" l WHERE l."order_id" = "p_order"
  GROUP BY l."product_name" ORDER BY l."product_name"
  ON CONFLICT ("day", "product_name") DO UPDATE
    SET "units" = t."units" + excluded."units", "revenue_kes" = t."revenue_kes" + excluded."revenue_kes";
$$;
--> statement-breakpoint
CREATE FUNCTION "booked_totals_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND "order_is_booked"(OLD."status");
  is_now boolean := TG_OP <> 'DELETE' AND "order_is_booked"(NEW."status");
  moved boolean := TG_OP = 'UPDATE' AND (was <> is_now OR OLD."order_date" <> NEW."order_date");
BEGIN
  IF TG_OP = 'UPDATE' AND NOT moved AND OLD."total_amount_kes" = NEW."total_amount_kes"
     AND OLD."customer_id" IS NOT DISTINCT FROM NEW."customer_id" THEN
    RETURN NULL;
  END IF;
  IF was AND OLD."customer_id" IS NOT NULL THEN
    PERFORM "booked_customer_add"("nairobi_day"(OLD."order_date"), OLD."customer_id", -1, -OLD."total_amount_kes"::bigint);
  END IF;
  IF is_now AND NEW."customer_id" IS NOT NULL THEN
    PERFORM "booked_customer_add"("nairobi_day"(NEW."order_date"), NEW."customer_id", 1, NEW."total_amount_kes"::bigint);
  END IF;
  IF moved AND was THEN PERFORM "booked_lines_add"(OLD."id", "nairobi_day"(OLD."order_date"), -1); END IF;
  IF moved AND is_now THEN PERFORM "booked_lines_add"(NEW."id", "nairobi_day"(NEW."order_date"), 1); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_booked_totals" AFTER INSERT OR DELETE OR UPDATE OF "status", "order_date", "total_amount_kes", "customer_id" ON "orders" FOR EACH ROW EXECUTE FUNCTION "booked_totals_track"();
--> statement-breakpoint
-- Before the delete, while its lines are still there (their own delete, by cascade, then finds no order).
CREATE FUNCTION "booked_lines_drop"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF "order_is_booked"(OLD."status") THEN
    PERFORM "booked_lines_add"(OLD."id", "nairobi_day"(OLD."order_date"), -1);
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_booked_lines_drop" BEFORE DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "booked_lines_drop"();
--> statement-breakpoint
-- New lines in one statement per insert (an order's lines go in together); most orders are not booked yet.
CREATE FUNCTION "booked_lines_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "booked_product_day_totals" AS t ("day", "product_name", "units", "revenue_kes")
  SELECT "nairobi_day"(o."order_date"), l."product_name", sum(l."quantity"), sum(l."line_total_kes")
  FROM new_lines l JOIN "orders" o ON o."id" = l."order_id"
  WHERE "order_is_booked"(o."status")
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("day", "product_name") DO UPDATE
    SET "units" = t."units" + excluded."units", "revenue_kes" = t."revenue_kes" + excluded."revenue_kes";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "order_lines_booked_insert" AFTER INSERT ON "order_lines" REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "booked_lines_insert"();
--> statement-breakpoint
CREATE FUNCTION "booked_line_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  SELECT "status", "order_date" INTO o FROM "orders" WHERE "id" = OLD."order_id";
  IF FOUND AND "order_is_booked"(o."status") THEN
    INSERT INTO "booked_product_day_totals" AS t ("day", "product_name", "units", "revenue_kes")
    VALUES ("nairobi_day"(o."order_date"), OLD."product_name", -OLD."quantity", -OLD."line_total_kes")
    ON CONFLICT ("day", "product_name") DO UPDATE
      SET "units" = t."units" + excluded."units", "revenue_kes" = t."revenue_kes" + excluded."revenue_kes";
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT "status", "order_date" INTO o FROM "orders" WHERE "id" = NEW."order_id";
    IF FOUND AND "order_is_booked"(o."status") THEN
      INSERT INTO "booked_product_day_totals" AS t ("day", "product_name", "units", "revenue_kes")
      VALUES ("nairobi_day"(o."order_date"), NEW."product_name", NEW."quantity", NEW."line_total_kes")
      ON CONFLICT ("day", "product_name") DO UPDATE
        SET "units" = t."units" + excluded."units", "revenue_kes" = t."revenue_kes" + excluded."revenue_kes";
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "order_lines_booked_change" AFTER DELETE OR UPDATE OF "order_id", "product_name", "quantity", "line_total_kes" ON "order_lines" FOR EACH ROW EXECUTE FUNCTION "booked_line_change"();
--> statement-breakpoint
-- A transaction's signed share of income: completed income in, the ledger's completed refunds out, others 0.
CREATE FUNCTION "income_net"("ty" "transaction_type", "st" "transaction_status", "payment" integer, "amount" numeric) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN "ty" = 'income' AND "st" = 'completed' THEN "amount"
    WHEN "ty" = 'expense' AND "st" = 'completed' AND "payment" IS NOT NULL THEN -"amount"
    ELSE 0 END;
$$;
--> statement-breakpoint
CREATE FUNCTION "income_day_add"("d" date, "sh" smallint, "cur" "currency", "net" numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "income_day_totals" AS t ("day", "shard", "currency", "net_amount") VALUES ("d", "sh", "cur", "net")
  ON CONFLICT ("day", "shard", "currency") DO UPDATE SET "net_amount" = t."net_amount" + excluded."net_amount";
$$;
--> statement-breakpoint
CREATE FUNCTION "income_totals_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_net numeric := CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE "income_net"(OLD."type", OLD."status", OLD."payment_id", OLD."amount") END;
  new_net numeric := CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE "income_net"(NEW."type", NEW."status", NEW."payment_id", NEW."amount") END;
BEGIN
  IF old_net <> 0 THEN
    PERFORM "income_day_add"("nairobi_day"(OLD."date"), (OLD."id" % 16)::smallint, OLD."currency", -old_net);
  END IF;
  IF new_net <> 0 THEN
    PERFORM "income_day_add"("nairobi_day"(NEW."date"), (NEW."id" % 16)::smallint, NEW."currency", new_net);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_income_totals" AFTER INSERT OR DELETE OR UPDATE OF "type", "status", "payment_id", "amount", "currency", "date" ON "transactions" FOR EACH ROW EXECUTE FUNCTION "income_totals_track"();
--> statement-breakpoint
-- Stock movements are written once and never changed; reservations (no stock_delta) add nothing.
CREATE FUNCTION "stock_totals_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stock_day_totals" AS t ("day", "inventory_item_id", "stock_delta")
  SELECT "nairobi_day"(m."created_at"), m."inventory_item_id", sum(m."stock_delta")
  FROM new_moves m WHERE m."stock_delta" <> 0
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("day", "inventory_item_id") DO UPDATE SET "stock_delta" = t."stock_delta" + excluded."stock_delta";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stock_movements_day_totals" AFTER INSERT ON "stock_movements" REFERENCING NEW TABLE AS new_moves FOR EACH STATEMENT EXECUTE FUNCTION "stock_totals_insert"();
--> statement-breakpoint
CREATE FUNCTION "rebuild_summaries"() RETURNS void LANGUAGE sql AS $$
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
SELECT "rebuild_summaries"();
