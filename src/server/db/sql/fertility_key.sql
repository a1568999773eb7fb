CREATE OR REPLACE FUNCTION "fertility_key"("type" "item_type", "registration" text, "item" integer) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "type" = 'sperm' AND "registration" IS NOT NULL THEN 'bull:' || "registration"
              ELSE 'item:' || "item"::text END
$$;
