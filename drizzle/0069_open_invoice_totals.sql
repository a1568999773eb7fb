CREATE TABLE "customer_open_totals" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"open_kes" bigint NOT NULL,
	"invoices" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_invoice_day_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"open_kes" bigint NOT NULL,
	"invoices" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "customer_open_totals_owing_idx" ON "customer_open_totals" USING btree ("open_kes" DESC NULLS LAST,"customer_id") WHERE "customer_open_totals"."invoices" > 0;--> statement-breakpoint
CREATE INDEX "open_invoices_customer_idx" ON "open_invoices" USING btree ("customer_id","issued_at");--> statement-breakpoint
CREATE INDEX "open_invoices_issued_idx" ON "open_invoices" USING btree ("issued_at");
--> statement-breakpoint
-- Aged receivables summed every open invoice by customer on each visit: at a million orders, 57,144 (issue
-- 42). customer_open_totals keeps what each customer owes and open_invoice_day_totals what is owed on each
-- day's invoices. The two functions that write open_invoices write them in the same statements, so a change
-- that leaves no invoice open or owed writes nothing more (statement triggers fired on every payment). A page
-- then sums only its own customers' invoices, and the totals the days after each cut.
CREATE OR REPLACE FUNCTION "open_invoice_refresh"("invoice" integer) RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM "orders" o JOIN "tax_documents" i ON i."order_id" = o."id" WHERE i."id" = "invoice" FOR UPDATE OF o;
  WITH "gone" AS (
    DELETE FROM "open_invoices" WHERE "invoice_id" = "invoice" RETURNING "customer_id", "issued_at", "open_kes"
  ), "customer" AS (
    UPDATE "customer_open_totals" t SET "open_kes" = t."open_kes" - g."open_kes", "invoices" = t."invoices" - 1
    FROM "gone" g WHERE t."customer_id" = g."customer_id"
  )
  UPDATE "open_invoice_day_totals" t SET "open_kes" = t."open_kes" - g."open_kes", "invoices" = t."invoices" - 1
  FROM "gone" g WHERE t."day" = "nairobi_day"(g."issued_at");
  WITH "added" AS (
    INSERT INTO "open_invoices" ("invoice_id", "customer_id", "issued_at", "open_kes")
    SELECT "invoice_id", "customer_id", "issued_at", "open_kes" FROM "invoices_owed"
    WHERE "invoice_id" = "invoice" AND "open_kes" > 0
    RETURNING "customer_id", "issued_at", "open_kes"
  ), "customer" AS (
    INSERT INTO "customer_open_totals" ("customer_id", "open_kes", "invoices")
    SELECT "customer_id", "open_kes", 1 FROM "added"
    ON CONFLICT ("customer_id") DO UPDATE SET "open_kes" = "customer_open_totals"."open_kes" + excluded."open_kes",
      "invoices" = "customer_open_totals"."invoices" + 1
  )
  INSERT INTO "open_invoice_day_totals" ("day", "open_kes", "invoices")
  SELECT "nairobi_day"("issued_at"), "open_kes", 1 FROM "added"
  ON CONFLICT ("day") DO UPDATE SET "open_kes" = "open_invoice_day_totals"."open_kes" + excluded."open_kes",
    "invoices" = "open_invoice_day_totals"."invoices" + 1;
$$;
--> statement-breakpoint
-- The rebuild (rebuild_summaries calls it) sums both totals afresh from the open invoices: this migration's
-- first fill too.
CREATE OR REPLACE FUNCTION "rebuild_open_invoices"() RETURNS void LANGUAGE sql AS $$
  LOCK TABLE "tax_documents", "orders" IN SHARE MODE;
  DELETE FROM "open_invoices";
  INSERT INTO "open_invoices" ("invoice_id", "customer_id", "issued_at", "open_kes")
  SELECT "invoice_id", "customer_id", "issued_at", "open_kes" FROM "invoices_owed" WHERE "open_kes" > 0;
  DELETE FROM "customer_open_totals";
  INSERT INTO "customer_open_totals" ("customer_id", "open_kes", "invoices")
  SELECT "customer_id", sum("open_kes"), count(*) FROM "open_invoices" GROUP BY 1;
  DELETE FROM "open_invoice_day_totals";
  INSERT INTO "open_invoice_day_totals" ("day", "open_kes", "invoices")
  SELECT "nairobi_day"("issued_at"), sum("open_kes"), count(*) FROM "open_invoices" GROUP BY 1;
$$;
--> statement-breakpoint
SELECT "rebuild_open_invoices"();
