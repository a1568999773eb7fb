CREATE OR REPLACE FUNCTION "income_day_add"("d" date, "sh" smallint, "cur" "currency", "net" numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "income_day_totals" AS t ("day", "shard", "currency", "net_amount") VALUES ("d", "sh", "cur", "net")
  ON CONFLICT ("day", "shard", "currency") DO UPDATE SET "net_amount" = t."net_amount" + excluded."net_amount";
$$;
