CREATE OR REPLACE FUNCTION "order_day_totals_add"("d" date, "st" "order_status", "sh" smallint, "n" integer, "total" bigint, "paid" bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "order_day_totals" AS t ("day", "status", "shard", "orders", "total_kes", "paid_kes")
  VALUES (d, st, sh, n, total, paid)
  ON CONFLICT ("day", "status", "shard") DO UPDATE
    SET "orders" = t."orders" + excluded."orders",
        "total_kes" = t."total_kes" + excluded."total_kes",
        "paid_kes" = t."paid_kes" + excluded."paid_kes";
  INSERT INTO "order_status_totals" AS t ("status", "shard", "orders", "total_kes", "paid_kes")
  VALUES (st, sh, n, total, paid)
  ON CONFLICT ("status", "shard") DO UPDATE
    SET "orders" = t."orders" + excluded."orders",
        "total_kes" = t."total_kes" + excluded."total_kes",
        "paid_kes" = t."paid_kes" + excluded."paid_kes";
  INSERT INTO "order_month_totals" AS t ("month", "status", "shard", "orders", "total_kes", "paid_kes")
  VALUES (date_trunc('month', d::timestamp)::date, st, sh, n, total, paid)
  ON CONFLICT ("month", "status", "shard") DO UPDATE
    SET "orders" = t."orders" + excluded."orders",
        "total_kes" = t."total_kes" + excluded."total_kes",
        "paid_kes" = t."paid_kes" + excluded."paid_kes";
$$;
