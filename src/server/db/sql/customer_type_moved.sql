CREATE OR REPLACE FUNCTION "customer_type_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "customer_type_totals" SET "customers" = "customers" - 1
    WHERE "type" = OLD."type" AND "is_active" = OLD."is_active";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "customer_type_totals" ("type", "is_active", "customers") VALUES (NEW."type", NEW."is_active", 1)
    ON CONFLICT ("type", "is_active") DO UPDATE SET "customers" = "customer_type_totals"."customers" + 1;
  END IF;
  RETURN NULL;
END
$$;
