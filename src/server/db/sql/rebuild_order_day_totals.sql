CREATE OR REPLACE FUNCTION "rebuild_order_day_totals"() RETURNS void LANGUAGE sql AS $$
  LOCK TABLE "orders" IN SHARE MODE;
  DELETE FROM "order_day_totals";
  -- Written in day order, as a growing book lays them out, so a range of days lies on few pages.
  INSERT INTO "order_day_totals" ("day", "status", "shard", "orders", "total_kes", "paid_kes")
  SELECT ("order_date" AT TIME ZONE 'Africa/Nairobi')::date, "status", ("id" % 16)::smallint,
         count(*), sum("total_amount_kes"), sum("amount_paid_kes")
  FROM "orders" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  DELETE FROM "order_status_totals";
  INSERT INTO "order_status_totals" ("status", "shard", "orders", "total_kes", "paid_kes")
  SELECT "status", ("id" % 16)::smallint, count(*), sum("total_amount_kes"), sum("amount_paid_kes")
  FROM "orders" GROUP BY 1, 2 ORDER BY 1, 2;
  DELETE FROM "order_month_totals";
  INSERT INTO "order_month_totals" ("month", "status", "shard", "orders", "total_kes", "paid_kes")
  SELECT date_trunc('month', "day"::timestamp)::date, "status", "shard", sum("orders"), sum("total_kes"), sum("paid_kes")
  FROM "order_day_totals" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  SELECT "order_totals_fold"('-infinity', "nairobi_day"(now()) - 2);
$$;
