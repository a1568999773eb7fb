CREATE OR REPLACE FUNCTION "inventory_items_refresh_fertility"("item" integer) RETURNS void LANGUAGE sql AS $$
  UPDATE "inventory_items" i
  SET "fertility_services" = x."services", "fertility_conceptions" = x."conceptions",
      "fertility_confirmed" = x."confirmed", "fertility_reported" = x."reported"
  FROM "inventory_items" k
  LEFT JOIN "item_genetics" g ON g."inventory_item_id" = k."id"
  LEFT JOIN "fertility_totals" f ON f."key" = "fertility_key"(k."type", g."registration", k."id")
  CROSS JOIN LATERAL "fertility_figures"(coalesce(f."services", 0), coalesce(f."conceptions", 0),
    coalesce(f."reported_services", 0), coalesce(f."reported_conceptions", 0)) x
  WHERE k."id" = "item" AND i."id" = "item"
    AND (i."fertility_services", i."fertility_conceptions", i."fertility_confirmed", i."fertility_reported")
        IS DISTINCT FROM (x."services", x."conceptions", x."confirmed", x."reported");
$$;
