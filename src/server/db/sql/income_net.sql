CREATE OR REPLACE FUNCTION "income_net"("ty" "transaction_type", "st" "transaction_status", "payment" integer, "amount" numeric) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN "ty" = 'income' AND "st" = 'completed' THEN "amount"
    WHEN "ty" = 'refund' AND "st" = 'completed' THEN -"amount"
    ELSE 0 END;
$$;
