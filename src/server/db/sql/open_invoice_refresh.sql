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
