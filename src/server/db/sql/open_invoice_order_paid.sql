CREATE OR REPLACE FUNCTION "open_invoice_order_paid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "open_invoice_refresh"(i."id") FROM "tax_documents" i
  WHERE i."order_id" = NEW."id" AND i."kind" = 'invoice';
  RETURN NULL;
END
$$;
