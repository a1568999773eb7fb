CREATE OR REPLACE FUNCTION "inventory_items_refresh_fertility"("item" integer) RETURNS void LANGUAGE sql AS $$
  UPDATE "inventory_items" i SET "fertility_services" = coalesce(f."services", 0),
                                 "fertility_conceptions" = coalesce(f."conceptions", 0)
  FROM "inventory_items" k
  LEFT JOIN "item_genetics" g ON g."inventory_item_id" = k."id"
  LEFT JOIN "fertility_totals" f ON f."key" = "fertility_key"(k."type", g."registration", k."id")
  WHERE k."id" = "item" AND i."id" = "item"
    AND (i."fertility_services", i."fertility_conceptions")
        IS DISTINCT FROM (coalesce(f."services", 0), coalesce(f."conceptions", 0));
$$;
