CREATE OR REPLACE FUNCTION "customer_statement_add"("cust" integer, "d" date, "n" integer, "invoiced" bigint, "credited" bigint, "paid" bigint, "refunded" bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "customer_statement_days" AS t ("customer_id", "day", "entries", "invoiced_kes", "credited_kes", "paid_kes", "refunded_kes")
  VALUES ("cust", "d", "n", "invoiced", "credited", "paid", "refunded")
  ON CONFLICT ("customer_id", "day") DO UPDATE
    SET "entries" = t."entries" + excluded."entries", "invoiced_kes" = t."invoiced_kes" + excluded."invoiced_kes",
        "credited_kes" = t."credited_kes" + excluded."credited_kes", "paid_kes" = t."paid_kes" + excluded."paid_kes",
        "refunded_kes" = t."refunded_kes" + excluded."refunded_kes";
$$;
