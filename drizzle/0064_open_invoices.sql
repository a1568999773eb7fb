-- Aged receivables read every invoice ever issued and its order to find the few still owed: 1,067 ms at a
-- million orders (issue 42, decision 38). open_invoices keeps each invoice still owed and what is owed on it,
-- written by triggers in the transaction of the change, so the report reads only those.
CREATE TABLE "open_invoices" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"open_kes" integer NOT NULL,
	CONSTRAINT "open_invoices_owed" CHECK ("open_invoices"."open_kes" > 0)
);
--> statement-breakpoint
ALTER TABLE "open_invoices" ADD CONSTRAINT "open_invoices_invoice_id_tax_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- What is owed on each invoice that counts (not voided, with a customer): its total less its credit notes and
-- what its order has been paid, net of refunds. Read for one invoice by the triggers, for all by the rebuild.
CREATE VIEW "invoices_owed" AS
  SELECT i."id" AS "invoice_id", i."customer_id", i."issued_at",
         (i."total_kes" - o."amount_paid_kes" - coalesce((
           SELECT sum(c."total_kes") FROM "tax_documents" c
           WHERE c."original_id" = i."id" AND c."kind" = 'credit_note' AND c."etims_status" <> 'voided'), 0))::int
           AS "open_kes"
  FROM "tax_documents" i JOIN "orders" o ON o."id" = i."order_id"
  WHERE i."kind" = 'invoice' AND i."etims_status" <> 'voided' AND i."customer_id" IS NOT NULL;
--> statement-breakpoint
-- One invoice's row written afresh, or none when nothing is owed. The order is locked first, and a volatile
-- SQL function takes a fresh snapshot for each statement, so two changes to one invoice's figures (a payment
-- and a credit note, say) are counted one after the other, never each without the other.
CREATE OR REPLACE FUNCTION "open_invoice_refresh"("invoice" integer) RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM "orders" o JOIN "tax_documents" i ON i."order_id" = o."id" WHERE i."id" = "invoice" FOR UPDATE OF o;
  DELETE FROM "open_invoices" WHERE "invoice_id" = "invoice";
  INSERT INTO "open_invoices" ("invoice_id", "customer_id", "issued_at", "open_kes")
  SELECT "invoice_id", "customer_id", "issued_at", "open_kes" FROM "invoices_owed"
  WHERE "invoice_id" = "invoice" AND "open_kes" > 0;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "open_invoice_document_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "open_invoice_refresh"(CASE WHEN NEW."kind" = 'invoice' THEN NEW."id" ELSE NEW."original_id" END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tax_documents_open_invoice" AFTER INSERT OR UPDATE OF "etims_status", "total_kes" ON "tax_documents"
  FOR EACH ROW EXECUTE FUNCTION "open_invoice_document_changed"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "open_invoice_order_paid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "open_invoice_refresh"(i."id") FROM "tax_documents" i
  WHERE i."order_id" = NEW."id" AND i."kind" = 'invoice';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_open_invoice" AFTER UPDATE OF "amount_paid_kes" ON "orders"
  FOR EACH ROW WHEN (OLD."amount_paid_kes" IS DISTINCT FROM NEW."amount_paid_kes")
  EXECUTE FUNCTION "open_invoice_order_paid"();
--> statement-breakpoint
-- Every invoice still owed: this migration's first fill, and what rebuild_summaries writes after a bulk load.
CREATE OR REPLACE FUNCTION "rebuild_open_invoices"() RETURNS void LANGUAGE sql AS $$
  LOCK TABLE "tax_documents", "orders" IN SHARE MODE;
  DELETE FROM "open_invoices";
  INSERT INTO "open_invoices" ("invoice_id", "customer_id", "issued_at", "open_kes")
  SELECT "invoice_id", "customer_id", "issued_at", "open_kes" FROM "invoices_owed" WHERE "open_kes" > 0;
$$;
--> statement-breakpoint
-- The rebuild of every summary now rebuilds the open invoices too.
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
  SELECT "rebuild_open_invoices"();
$$;
--> statement-breakpoint
SELECT "rebuild_open_invoices"();
