CREATE OR REPLACE FUNCTION "stock_totals_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stock_day_totals" AS t ("day", "inventory_item_id", "stock_delta")
  SELECT "nairobi_day"(m."created_at"), m."inventory_item_id", sum(m."stock_delta")
  FROM new_moves m WHERE m."stock_delta" <> 0
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("day", "inventory_item_id") DO UPDATE SET "stock_delta" = t."stock_delta" + excluded."stock_delta";
  RETURN NULL;
END
$$;
