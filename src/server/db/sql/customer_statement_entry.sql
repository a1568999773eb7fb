CREATE OR REPLACE FUNCTION "customer_statement_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."customer_id" IS NOT NULL AND OLD."type" IN ('income', 'refund') AND OLD."status" = 'completed' THEN
    PERFORM "customer_statement_add"(OLD."customer_id", "nairobi_day"(OLD."date"), -1, 0, 0,
      CASE WHEN OLD."type" = 'income' THEN -OLD."amount"::int ELSE 0 END,
      CASE WHEN OLD."type" = 'refund' THEN -OLD."amount"::int ELSE 0 END);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."customer_id" IS NOT NULL AND NEW."type" IN ('income', 'refund') AND NEW."status" = 'completed' THEN
    PERFORM "customer_statement_add"(NEW."customer_id", "nairobi_day"(NEW."date"), 1, 0, 0,
      CASE WHEN NEW."type" = 'income' THEN NEW."amount"::int ELSE 0 END,
      CASE WHEN NEW."type" = 'refund' THEN NEW."amount"::int ELSE 0 END);
  END IF;
  RETURN NULL;
END
$$;
