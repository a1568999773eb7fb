-- An item that could not be reserved refuses the whole statement, so the transaction ends there whether or
-- not anything still waits for the statement's answer (order placement sends COMMIT right behind its
-- reservations). The refusal carries what the app words its 409 from, as JSON in DETAIL: the item as it is
-- now, and how many were asked for. SQLSTATE UR409 is the app's own (class UR is no PostgreSQL class).
CREATE FUNCTION "stock_short"("item" integer, "wanted" integer) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE found jsonb;
BEGIN
  SELECT jsonb_build_object('itemId', i."item_id", 'type', i."type", 'breedName', i."breed_name",
                            'sellable', i."is_active" AND i."viability_status" = 'viable',
                            'available', i."current_stock" - i."reserved_stock")
    INTO found FROM "inventory_items" i WHERE i."id" = "item";
  RAISE EXCEPTION 'Not enough stock for inventory item %', "item"
    USING ERRCODE = 'UR409', DETAIL = jsonb_build_object('item', found, 'wanted', "wanted")::text;
END $$;
