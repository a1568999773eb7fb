CREATE TABLE "customer_statement_days" (
	"customer_id" integer NOT NULL,
	"day" date NOT NULL,
	"entries" integer NOT NULL,
	"invoiced_kes" bigint NOT NULL,
	"credited_kes" bigint NOT NULL,
	"paid_kes" bigint NOT NULL,
	"refunded_kes" bigint NOT NULL,
	CONSTRAINT "customer_statement_days_customer_id_day_pk" PRIMARY KEY("customer_id","day")
);--> statement-breakpoint
-- Each customer's statement per Nairobi day (decision 61): entries and what each kind adds up to, moved by
-- the documents and ledger entries that count, in the transaction that writes them.
CREATE OR REPLACE FUNCTION "customer_statement_add"("cust" integer, "d" date, "n" integer, "invoiced" bigint, "credited" bigint, "paid" bigint, "refunded" bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "customer_statement_days" AS t ("customer_id", "day", "entries", "invoiced_kes", "credited_kes", "paid_kes", "refunded_kes")
  VALUES ("cust", "d", "n", "invoiced", "credited", "paid", "refunded")
  ON CONFLICT ("customer_id", "day") DO UPDATE
    SET "entries" = t."entries" + excluded."entries", "invoiced_kes" = t."invoiced_kes" + excluded."invoiced_kes",
        "credited_kes" = t."credited_kes" + excluded."credited_kes", "paid_kes" = t."paid_kes" + excluded."paid_kes",
        "refunded_kes" = t."refunded_kes" + excluded."refunded_kes";
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "customer_statement_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."customer_id" IS NOT NULL AND OLD."etims_status" <> 'voided' THEN
    PERFORM "customer_statement_add"(OLD."customer_id", "nairobi_day"(OLD."issued_at"), -1,
      CASE WHEN OLD."kind" = 'invoice' THEN -OLD."total_kes" ELSE 0 END,
      CASE WHEN OLD."kind" = 'invoice' THEN 0 ELSE -OLD."total_kes" END, 0, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."customer_id" IS NOT NULL AND NEW."etims_status" <> 'voided' THEN
    PERFORM "customer_statement_add"(NEW."customer_id", "nairobi_day"(NEW."issued_at"), 1,
      CASE WHEN NEW."kind" = 'invoice' THEN NEW."total_kes" ELSE 0 END,
      CASE WHEN NEW."kind" = 'invoice' THEN 0 ELSE NEW."total_kes" END, 0, 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "customer_statement_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."customer_id" IS NOT NULL AND OLD."type" IN ('income', 'refund') AND OLD."status" = 'completed' THEN
    PERFORM "customer_statement_add"(OLD."customer_id", "nairobi_day"(OLD."date"), -1, 0, 0,
      CASE WHEN OLD."type" = 'income' THEN -OLD."amount"::int ELSE 0 END,
      CASE WHEN OLD."type" = 'refund' THEN -OLD."amount"::int ELSE 0 END);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."customer_id" IS NOT NULL AND NEW."type" IN ('income', 'refund') AND NEW."status" = 'completed' THEN
    PERFORM "customer_statement_add"(NEW."customer_id", "nairobi_day"(NEW."date"), 1, 0, 0,
      CASE WHEN NEW."type" = 'income' THEN NEW."amount"::int ELSE 0 END,
      CASE WHEN NEW."type" = 'refund' THEN NEW."amount"::int ELSE 0 END);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rebuild_customer_statement_days"() RETURNS void LANGUAGE sql AS $$
  LOCK TABLE "tax_documents", "transactions" IN SHARE MODE;
  DELETE FROM "customer_statement_days";
  INSERT INTO "customer_statement_days" ("customer_id", "day", "entries", "invoiced_kes", "credited_kes", "paid_kes", "refunded_kes")
  SELECT "customer_id", "day", count(*), sum("invoiced"), sum("credited"), sum("paid"), sum("refunded") FROM (
    SELECT "customer_id", "nairobi_day"("issued_at") AS "day",
           CASE WHEN "kind" = 'invoice' THEN "total_kes" ELSE 0 END AS "invoiced",
           CASE WHEN "kind" = 'invoice' THEN 0 ELSE "total_kes" END AS "credited", 0 AS "paid", 0 AS "refunded"
    FROM "tax_documents" WHERE "customer_id" IS NOT NULL AND "etims_status" <> 'voided'
    UNION ALL
    SELECT "customer_id", "nairobi_day"("date"), 0, 0,
           CASE WHEN "type" = 'income' THEN "amount"::int ELSE 0 END,
           CASE WHEN "type" = 'refund' THEN "amount"::int ELSE 0 END
    FROM "transactions" WHERE "customer_id" IS NOT NULL AND "type" IN ('income', 'refund') AND "status" = 'completed'
  ) e GROUP BY 1, 2;
$$;--> statement-breakpoint
CREATE TRIGGER "customer_statement_document_added" AFTER INSERT ON "tax_documents" FOR EACH ROW
  WHEN (NEW."customer_id" IS NOT NULL AND NEW."etims_status" <> 'voided')
  EXECUTE FUNCTION "customer_statement_document"();--> statement-breakpoint
CREATE TRIGGER "customer_statement_document_changed" AFTER UPDATE OF "customer_id", "etims_status" ON "tax_documents" FOR EACH ROW
  WHEN (OLD."customer_id" IS DISTINCT FROM NEW."customer_id" OR (OLD."etims_status" = 'voided') <> (NEW."etims_status" = 'voided'))
  EXECUTE FUNCTION "customer_statement_document"();--> statement-breakpoint
CREATE TRIGGER "customer_statement_entry_added" AFTER INSERT ON "transactions" FOR EACH ROW
  WHEN (NEW."customer_id" IS NOT NULL AND NEW."type" IN ('income', 'refund') AND NEW."status" = 'completed')
  EXECUTE FUNCTION "customer_statement_entry"();--> statement-breakpoint
CREATE TRIGGER "customer_statement_entry_changed" AFTER UPDATE OF "customer_id", "type", "status", "amount", "date" ON "transactions" FOR EACH ROW
  WHEN ((OLD."customer_id", OLD."type", OLD."status", OLD."amount", OLD."date") IS DISTINCT FROM (NEW."customer_id", NEW."type", NEW."status", NEW."amount", NEW."date"))
  EXECUTE FUNCTION "customer_statement_entry"();--> statement-breakpoint
CREATE TRIGGER "customer_statement_entry_removed" AFTER DELETE ON "transactions" FOR EACH ROW
  WHEN (OLD."customer_id" IS NOT NULL AND OLD."type" IN ('income', 'refund') AND OLD."status" = 'completed')
  EXECUTE FUNCTION "customer_statement_entry"();--> statement-breakpoint
SELECT "rebuild_customer_statement_days"();--> statement-breakpoint
-- rebuild_summaries rebuilds them too.
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
  DELETE FROM "booked_customer_year_totals";
  INSERT INTO "booked_customer_year_totals" ("customer_id", "orders", "revenue_kes")
  SELECT d."customer_id", sum(d."orders"), sum(d."revenue_kes")
  FROM "booked_customer_day_totals" d JOIN "booked_customer_year_window" w
    ON d."day" BETWEEN w."last_day" - 364 AND w."last_day"
  GROUP BY 1 HAVING sum(d."orders") <> 0 OR sum(d."revenue_kes") <> 0;
  SELECT "rebuild_open_invoices"();
  SELECT "rebuild_shipment_status_totals"();
  SELECT "rebuild_customer_statement_days"();
$$;
