CREATE TABLE "order_month_totals" (
	"month" date NOT NULL,
	"status" "order_status" NOT NULL,
	"shard" smallint NOT NULL,
	"orders" integer NOT NULL,
	"total_kes" bigint NOT NULL,
	"paid_kes" bigint NOT NULL,
	CONSTRAINT "order_month_totals_month_status_shard_pk" PRIMARY KEY("month","status","shard")
);
--> statement-breakpoint
-- One order's delta on day d, added to its day, its status total (drizzle/0016) and its month, in that
-- order every time (one lock order).
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rebuild_order_day_totals"() RETURNS void LANGUAGE sql AS $$
  LOCK TABLE "orders" IN SHARE MODE;
  DELETE FROM "order_day_totals";
  INSERT INTO "order_day_totals" ("day", "status", "shard", "orders", "total_kes", "paid_kes")
  SELECT ("order_date" AT TIME ZONE 'Africa/Nairobi')::date, "status", ("id" % 16)::smallint,
         count(*), sum("total_amount_kes"), sum("amount_paid_kes")
  FROM "orders" GROUP BY 1, 2, 3;
  DELETE FROM "order_status_totals";
  INSERT INTO "order_status_totals" ("status", "shard", "orders", "total_kes", "paid_kes")
  SELECT "status", ("id" % 16)::smallint, count(*), sum("total_amount_kes"), sum("amount_paid_kes")
  FROM "orders" GROUP BY 1, 2;
  DELETE FROM "order_month_totals";
  INSERT INTO "order_month_totals" ("month", "status", "shard", "orders", "total_kes", "paid_kes")
  SELECT date_trunc('month', "day"::timestamp)::date, "status", "shard", sum("orders"), sum("total_kes"), sum("paid_kes")
  FROM "order_day_totals" GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
INSERT INTO "order_month_totals" ("month", "status", "shard", "orders", "total_kes", "paid_kes")
SELECT date_trunc('month', "day"::timestamp)::date, "status", "shard", sum("orders"), sum("total_kes"), sum("paid_kes")
FROM "order_day_totals" GROUP BY 1, 2, 3;
