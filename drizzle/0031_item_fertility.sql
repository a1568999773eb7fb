ALTER TABLE "inventory_items" ADD COLUMN "fertility_services" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "fertility_conceptions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "inventory_items_on_sale_fertility_idx" ON "inventory_items" USING btree ((case when "fertility_services" >= 20 then "fertility_conceptions"::float8 / "fertility_services" end) desc nulls last,"fertility_services" DESC NULLS LAST,"breed_name","bull_name","item_id") WHERE "inventory_items"."is_active" and "inventory_items"."viability_status" = 'viable';--> statement-breakpoint
-- An item's figures are its key's totals (none: 0 and 0).
CREATE FUNCTION "inventory_items_refresh_fertility"("item" integer) RETURNS void LANGUAGE sql AS $$
  UPDATE "inventory_items" i SET "fertility_services" = coalesce(f."services", 0),
                                 "fertility_conceptions" = coalesce(f."conceptions", 0)
  FROM "inventory_items" k
  LEFT JOIN "item_genetics" g ON g."inventory_item_id" = k."id"
  LEFT JOIN "fertility_totals" f ON f."key" = "fertility_key"(k."type", g."registration", k."id")
  WHERE k."id" = "item" AND i."id" = "item"
    AND (i."fertility_services", i."fertility_conceptions")
        IS DISTINCT FROM (coalesce(f."services", 0), coalesce(f."conceptions", 0));
$$;
--> statement-breakpoint
SELECT "inventory_items_refresh_fertility"("id") FROM "inventory_items";
--> statement-breakpoint
-- A key's totals changed: every item under that key shows them. A bull's key reaches his items through the
-- registration index; an item's own key reaches it only while that is still its key (a row left behind by
-- a registration given later says nothing about the item).
CREATE FUNCTION "inventory_items_track_fertility_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text; s integer; c integer;
BEGIN
  k := CASE WHEN TG_OP = 'DELETE' THEN OLD."key" ELSE NEW."key" END;
  s := CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE NEW."services" END;
  c := CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE NEW."conceptions" END;
  IF k LIKE 'bull:%' THEN
    UPDATE "inventory_items" i SET "fertility_services" = s, "fertility_conceptions" = c
    FROM "item_genetics" g
    WHERE g."registration" = substr(k, 6) AND i."id" = g."inventory_item_id" AND i."type" = 'sperm'
      AND (i."fertility_services", i."fertility_conceptions") IS DISTINCT FROM (s, c);
  ELSE
    UPDATE "inventory_items" i SET "fertility_services" = s, "fertility_conceptions" = c
    WHERE i."id" = substr(k, 6)::integer
      AND "fertility_key"(i."type", (SELECT g."registration" FROM "item_genetics" g
                                     WHERE g."inventory_item_id" = i."id"), i."id") = k
      AND (i."fertility_services", i."fertility_conceptions") IS DISTINCT FROM (s, c);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fertility_totals_to_items" AFTER INSERT OR DELETE OR UPDATE ON "fertility_totals"
FOR EACH ROW EXECUTE FUNCTION "inventory_items_track_fertility_totals"();
--> statement-breakpoint
-- An item whose key changed (registration or type) with no totals of its own to move leaves every totals
-- row as it was, so it is looked up afresh. These run after the 0028 triggers that move totals (triggers
-- on one event fire in name order).
CREATE FUNCTION "inventory_items_key_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'inventory_items' THEN
    PERFORM "inventory_items_refresh_fertility"(NEW."id");
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "inventory_items_refresh_fertility"(OLD."inventory_item_id");
  ELSE
    PERFORM "inventory_items_refresh_fertility"(NEW."inventory_item_id");
    IF TG_OP = 'UPDATE' AND OLD."inventory_item_id" <> NEW."inventory_item_id" THEN
      PERFORM "inventory_items_refresh_fertility"(OLD."inventory_item_id");
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "item_genetics_key_changed" AFTER INSERT OR DELETE OR UPDATE OF "registration", "inventory_item_id"
ON "item_genetics" FOR EACH ROW EXECUTE FUNCTION "inventory_items_key_changed"();
--> statement-breakpoint
CREATE TRIGGER "inventory_items_type_key_changed" AFTER UPDATE OF "type" ON "inventory_items"
FOR EACH ROW EXECUTE FUNCTION "inventory_items_key_changed"();
