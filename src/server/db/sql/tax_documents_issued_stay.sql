CREATE OR REPLACE FUNCTION "tax_documents_issued_stay"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'tax document % is issued and cannot be removed', OLD."number" USING ERRCODE = 'check_violation';
  END IF;
  IF (NEW."kind", NEW."number", NEW."order_id", NEW."original_id", NEW."buyer_name", NEW."buyer_pin",
      NEW."payment_type", NEW."reason_code", NEW."lines", NEW."total_kes", NEW."tax_kes", NEW."issued_at")
     IS DISTINCT FROM
     (OLD."kind", OLD."number", OLD."order_id", OLD."original_id", OLD."buyer_name", OLD."buyer_pin",
      OLD."payment_type", OLD."reason_code", OLD."lines", OLD."total_kes", OLD."tax_kes", OLD."issued_at") THEN
    RAISE EXCEPTION 'tax document % is issued and cannot be changed; issue a credit note', OLD."number" USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
