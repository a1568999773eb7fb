CREATE OR REPLACE FUNCTION "stock_short"("item" integer, "wanted" integer) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE found jsonb;
BEGIN
  SELECT jsonb_build_object('itemId', i."item_id", 'type', i."type", 'breedName', i."breed_name",
                            'sellable', i."is_active" AND i."viability_status" = 'viable',
                            'available', i."current_stock" - i."reserved_stock")
    INTO found FROM "inventory_items" i WHERE i."id" = "item";
  RAISE EXCEPTION 'Not enough stock for inventory item %', "item"
    USING ERRCODE = 'UR409', DETAIL = jsonb_build_object('item', found, 'wanted', "wanted")::text;
END $$;
