CREATE OR REPLACE FUNCTION "open_invoice_document_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "open_invoice_refresh"(CASE WHEN NEW."kind" = 'invoice' THEN NEW."id" ELSE NEW."original_id" END);
  RETURN NULL;
END
$$;
