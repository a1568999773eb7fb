CREATE OR REPLACE FUNCTION "customer_statement_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."customer_id" IS NOT NULL AND OLD."etims_status" <> 'voided' THEN
    PERFORM "customer_statement_add"(OLD."customer_id", "nairobi_day"(OLD."issued_at"), -1,
      CASE WHEN OLD."kind" = 'invoice' THEN -OLD."total_kes" ELSE 0 END,
      CASE WHEN OLD."kind" = 'invoice' THEN 0 ELSE -OLD."total_kes" END, 0, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."customer_id" IS NOT NULL AND NEW."etims_status" <> 'voided' THEN
    PERFORM "customer_statement_add"(NEW."customer_id", "nairobi_day"(NEW."issued_at"), 1,
      CASE WHEN NEW."kind" = 'invoice' THEN NEW."total_kes" ELSE 0 END,
      CASE WHEN NEW."kind" = 'invoice' THEN 0 ELSE NEW."total_kes" END, 0, 0);
  END IF;
  RETURN NULL;
END
$$;
