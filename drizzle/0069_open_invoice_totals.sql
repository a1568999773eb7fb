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
-- day's invoices, written by statement triggers on open_invoices in the transaction of each change. A page
-- then sums only its own customers' invoices, and the totals the days after each cut.
CREATE OR REPLACE FUNCTION "open_invoice_totals_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "customer_open_totals" t SET "open_kes" = t."open_kes" - g."open_kes", "invoices" = t."invoices" - g."invoices"
    FROM (SELECT "customer_id", sum("open_kes") AS "open_kes", count(*) AS "invoices" FROM "gone" GROUP BY 1) g
    WHERE t."customer_id" = g."customer_id";
    UPDATE "open_invoice_day_totals" t SET "open_kes" = t."open_kes" - g."open_kes", "invoices" = t."invoices" - g."invoices"
    FROM (SELECT "nairobi_day"("issued_at") AS "day", sum("open_kes") AS "open_kes", count(*) AS "invoices" FROM "gone" GROUP BY 1) g
    WHERE t."day" = g."day";
  ELSE
    INSERT INTO "customer_open_totals" ("customer_id", "open_kes", "invoices")
    SELECT "customer_id", sum("open_kes"), count(*) FROM "added" GROUP BY 1
    ON CONFLICT ("customer_id") DO UPDATE SET "open_kes" = "customer_open_totals"."open_kes" + excluded."open_kes",
      "invoices" = "customer_open_totals"."invoices" + excluded."invoices";
    INSERT INTO "open_invoice_day_totals" ("day", "open_kes", "invoices")
    SELECT "nairobi_day"("issued_at"), sum("open_kes"), count(*) FROM "added" GROUP BY 1
    ON CONFLICT ("day") DO UPDATE SET "open_kes" = "open_invoice_day_totals"."open_kes" + excluded."open_kes",
      "invoices" = "open_invoice_day_totals"."invoices" + excluded."invoices";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "open_invoices_totals_added" AFTER INSERT ON "open_invoices"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "open_invoice_totals_move"();
--> statement-breakpoint
CREATE TRIGGER "open_invoices_totals_gone" AFTER DELETE ON "open_invoices"
  REFERENCING OLD TABLE AS "gone" FOR EACH STATEMENT EXECUTE FUNCTION "open_invoice_totals_move"();
--> statement-breakpoint
-- The rebuild (rebuild_summaries calls it) starts both totals afresh, and its insert fills them.
CREATE OR REPLACE FUNCTION "rebuild_open_invoices"() RETURNS void LANGUAGE sql AS $$
  LOCK TABLE "tax_documents", "orders" IN SHARE MODE;
  DELETE FROM "customer_open_totals";
  DELETE FROM "open_invoice_day_totals";
  DELETE FROM "open_invoices";
  INSERT INTO "open_invoices" ("invoice_id", "customer_id", "issued_at", "open_kes")
  SELECT "invoice_id", "customer_id", "issued_at", "open_kes" FROM "invoices_owed" WHERE "open_kes" > 0;
$$;
--> statement-breakpoint
INSERT INTO "customer_open_totals" ("customer_id", "open_kes", "invoices")
SELECT "customer_id", sum("open_kes"), count(*) FROM "open_invoices" GROUP BY 1;
--> statement-breakpoint
INSERT INTO "open_invoice_day_totals" ("day", "open_kes", "invoices")
SELECT "nairobi_day"("issued_at"), sum("open_kes"), count(*) FROM "open_invoices" GROUP BY 1;
