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
