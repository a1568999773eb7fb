CREATE OR REPLACE FUNCTION "rebuild_customer_statement_days"() RETURNS void LANGUAGE sql AS $$
  LOCK TABLE "tax_documents", "transactions" IN SHARE MODE;
  DELETE FROM "customer_statement_days";
  INSERT INTO "customer_statement_days" ("customer_id", "day", "entries", "invoiced_kes", "credited_kes", "paid_kes", "refunded_kes")
  SELECT "customer_id", "day", count(*), sum("invoiced"), sum("credited"), sum("paid"), sum("refunded") FROM (
    SELECT "customer_id", "nairobi_day"("issued_at") AS "day",
           CASE WHEN "kind" = 'invoice' THEN "total_kes" ELSE 0 END AS "invoiced",
           CASE WHEN "kind" = 'invoice' THEN 0 ELSE "total_kes" END AS "credited", 0 AS "paid", 0 AS "refunded"
    FROM "tax_documents" WHERE "customer_id" IS NOT NULL AND "etims_status" <> 'voided'
    UNION ALL
    SELECT "customer_id", "nairobi_day"("date"), 0, 0,
           CASE WHEN "type" = 'income' THEN "amount"::int ELSE 0 END,
           CASE WHEN "type" = 'refund' THEN "amount"::int ELSE 0 END
    FROM "transactions" WHERE "customer_id" IS NOT NULL AND "type" IN ('income', 'refund') AND "status" = 'completed'
  ) e GROUP BY 1, 2 ORDER BY 2, 1;
$$;
