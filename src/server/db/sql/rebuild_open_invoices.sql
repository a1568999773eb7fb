CREATE OR REPLACE FUNCTION "rebuild_open_invoices"() RETURNS void LANGUAGE sql AS $$
  LOCK TABLE "tax_documents", "orders" IN SHARE MODE;
  DELETE FROM "customer_open_totals";
  DELETE FROM "open_invoice_day_totals";
  DELETE FROM "open_invoices";
  INSERT INTO "open_invoices" ("invoice_id", "customer_id", "issued_at", "open_kes")
  SELECT "invoice_id", "customer_id", "issued_at", "open_kes" FROM "invoices_owed" WHERE "open_kes" > 0;
$$;
