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
