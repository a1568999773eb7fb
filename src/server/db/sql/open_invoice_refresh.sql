CREATE OR REPLACE FUNCTION "open_invoice_refresh"("invoice" integer) RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM "orders" o JOIN "tax_documents" i ON i."order_id" = o."id" WHERE i."id" = "invoice" FOR UPDATE OF o;
  DELETE FROM "open_invoices" WHERE "invoice_id" = "invoice";
  INSERT INTO "open_invoices" ("invoice_id", "customer_id", "issued_at", "open_kes")
  SELECT "invoice_id", "customer_id", "issued_at", "open_kes" FROM "invoices_owed"
  WHERE "invoice_id" = "invoice" AND "open_kes" > 0;
$$;
