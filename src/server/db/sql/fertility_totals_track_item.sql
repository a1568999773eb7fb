CREATE OR REPLACE FUNCTION "fertility_totals_track_item"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r text;
BEGIN
  SELECT "registration" INTO r FROM "item_genetics" WHERE "inventory_item_id" = OLD."id";
  PERFORM "fertility_totals_move"(OLD."id", "fertility_key"(OLD."type", r, OLD."id"),
    CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE "fertility_key"(NEW."type", r, NEW."id") END);
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
