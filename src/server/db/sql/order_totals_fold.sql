CREATE OR REPLACE FUNCTION "order_totals_fold"("first" date, "last" date) RETURNS void LANGUAGE sql AS $$
  -- The days from first to last, and the months wholly before last's next day, each keep one row per status
  -- (shard 0) instead of one per shard: shards spare concurrent orders the same row, which only the days
  -- orders still change need, and a report then reads a sixteenth of the rows (decision 66).
  WITH folded AS (
    DELETE FROM "order_day_totals" WHERE "day" BETWEEN "first" AND "last" AND "shard" <> 0
    RETURNING "day", "status", "orders", "total_kes", "paid_kes"
  )
  INSERT INTO "order_day_totals" AS t ("day", "status", "shard", "orders", "total_kes", "paid_kes")
  SELECT "day", "status", 0, sum("orders"), sum("total_kes"), sum("paid_kes") FROM folded GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("day", "status", "shard") DO UPDATE
    SET "orders" = t."orders" + excluded."orders",
        "total_kes" = t."total_kes" + excluded."total_kes",
        "paid_kes" = t."paid_kes" + excluded."paid_kes";
  WITH folded AS (
    DELETE FROM "order_month_totals"
    WHERE "month" >= date_trunc('month', "first"::timestamp)::date
      AND "month" < date_trunc('month', ("last" + 1)::timestamp)::date AND "shard" <> 0
    RETURNING "month", "status", "orders", "total_kes", "paid_kes"
  )
  INSERT INTO "order_month_totals" AS t ("month", "status", "shard", "orders", "total_kes", "paid_kes")
  SELECT "month", "status", 0, sum("orders"), sum("total_kes"), sum("paid_kes") FROM folded GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("month", "status", "shard") DO UPDATE
    SET "orders" = t."orders" + excluded."orders",
        "total_kes" = t."total_kes" + excluded."total_kes",
        "paid_kes" = t."paid_kes" + excluded."paid_kes";
$$;
