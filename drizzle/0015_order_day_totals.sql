CREATE TABLE "order_day_totals" (
	"day" date NOT NULL,
	"status" "order_status" NOT NULL,
	"shard" smallint NOT NULL,
	"orders" integer NOT NULL,
	"total_kes" bigint NOT NULL,
	"paid_kes" bigint NOT NULL,
	CONSTRAINT "order_day_totals_day_status_shard_pk" PRIMARY KEY("day","status","shard")
);
--> statement-breakpoint
CREATE FUNCTION "order_day_totals_add"("d" date, "st" "order_status", "sh" smallint, "n" integer, "total" bigint, "paid" bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "order_day_totals" AS t ("day", "status", "shard", "orders", "total_kes", "paid_kes")
  VALUES (d, st, sh, n, total, paid)
  ON CONFLICT ("day", "status", "shard") DO UPDATE
    SET "orders" = t."orders" + excluded."orders",
        "total_kes" = t."total_kes" + excluded."total_kes",
        "paid_kes" = t."paid_kes" + excluded."paid_kes";
$$;
--> statement-breakpoint
CREATE FUNCTION "order_day_totals_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "order_day_totals_add"((OLD."order_date" AT TIME ZONE 'Africa/Nairobi')::date, OLD."status",
      (OLD."id" % 16)::smallint, -1, -OLD."total_amount_kes"::bigint, -OLD."amount_paid_kes"::bigint);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "order_day_totals_add"((NEW."order_date" AT TIME ZONE 'Africa/Nairobi')::date, NEW."status",
      (NEW."id" % 16)::smallint, 1, NEW."total_amount_kes"::bigint, NEW."amount_paid_kes"::bigint);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_day_totals" AFTER INSERT OR DELETE OR UPDATE OF "status", "order_date", "total_amount_kes", "amount_paid_kes" ON "orders" FOR EACH ROW EXECUTE FUNCTION "order_day_totals_track"();
--> statement-breakpoint
CREATE FUNCTION "rebuild_order_day_totals"() RETURNS void LANGUAGE sql AS $$
  LOCK TABLE "orders" IN SHARE MODE;
  DELETE FROM "order_day_totals";
  INSERT INTO "order_day_totals" ("day", "status", "shard", "orders", "total_kes", "paid_kes")
  SELECT ("order_date" AT TIME ZONE 'Africa/Nairobi')::date, "status", ("id" % 16)::smallint,
         count(*), sum("total_amount_kes"), sum("amount_paid_kes")
  FROM "orders" GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
SELECT "rebuild_order_day_totals"();
