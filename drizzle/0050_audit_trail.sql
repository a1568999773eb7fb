CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_role" text,
	"ip" text,
	"user_agent" text,
	"request_id" text,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","id");--> statement-breakpoint
-- Written by hand: the triggers that keep the audit trail. A row is added for each audited row a staff
-- request changes, in the same transaction, from the actor the app sets with set_config('urithi.audit', …,
-- true); changes without one (jobs, clients, the seed) are not staff writes and add nothing.
CREATE FUNCTION "audit_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  who jsonb := nullif(current_setting('urithi.audit', true), '')::jsonb;
  hidden text[] := ARRAY['password_hash', 'token_hash', 'public_key', 'logo'];
  noise text[] := ARRAY['updated_at', 'last_sign_in_at'];
  old_row jsonb;
  new_row jsonb;
  diff jsonb;
  act text;
BEGIN
  IF who IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  SELECT coalesce(jsonb_object_agg(k, CASE
           WHEN k = ANY (hidden) THEN jsonb_build_array(CASE WHEN old_row ? k THEN '[hidden]' END, CASE WHEN new_row ? k THEN '[hidden]' END)
           ELSE jsonb_build_array(old_row -> k, new_row -> k) END), '{}'::jsonb)
    INTO diff
    FROM (SELECT jsonb_object_keys(coalesce(new_row, old_row)) AS k) keys
   WHERE NOT (k = ANY (noise))
     AND (TG_OP <> 'UPDATE' OR (old_row -> k) IS DISTINCT FROM (new_row -> k))
     AND (TG_OP = 'UPDATE' OR coalesce(new_row, old_row) -> k <> 'null'::jsonb);
  IF TG_OP = 'UPDATE' THEN
    IF diff = '{}'::jsonb THEN
      RETURN NULL;
    END IF;
    act := CASE WHEN diff ? 'status' THEN 'status' WHEN diff ? 'role' THEN 'role' ELSE 'update' END;
  ELSE
    act := CASE TG_OP WHEN 'INSERT' THEN 'create' ELSE 'delete' END;
  END IF;
  INSERT INTO "audit_events" ("actor_id", "actor_role", "ip", "user_agent", "request_id", "entity", "entity_id", "action", "changes")
  VALUES ((who ->> 'actorId')::integer, who ->> 'role', who ->> 'ip', who ->> 'userAgent', who ->> 'requestId',
          TG_TABLE_NAME,
          coalesce(coalesce(new_row, old_row) ->> 'id', coalesce(new_row, old_row) ->> 'inventory_item_id', ''),
          act, diff);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Append-only: the app's own role cannot rewrite history either.
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_events_no_update" BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_customers" AFTER INSERT OR UPDATE OR DELETE ON "customers" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_users" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_passkeys" AFTER INSERT OR UPDATE OR DELETE ON "passkeys" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_inventory_items" AFTER INSERT OR UPDATE OR DELETE ON "inventory_items" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_item_genetics" AFTER INSERT OR UPDATE OR DELETE ON "item_genetics" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_stock_batches" AFTER INSERT OR UPDATE OR DELETE ON "stock_batches" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_stock_movements" AFTER INSERT ON "stock_movements" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_stock_counts" AFTER INSERT OR UPDATE ON "stock_counts" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_stock_transfers" AFTER INSERT OR UPDATE ON "stock_transfers" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_orders" AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_payments" AFTER INSERT OR UPDATE ON "payments" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_refunds" AFTER INSERT OR UPDATE ON "refunds" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_transactions" AFTER INSERT OR UPDATE OR DELETE ON "transactions" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_shipments" AFTER INSERT OR UPDATE OR DELETE ON "shipments" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_breeding_records" AFTER INSERT OR UPDATE OR DELETE ON "breeding_records" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_vendors" AFTER INSERT OR UPDATE OR DELETE ON "vendors" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_business_settings" AFTER INSERT OR UPDATE ON "business_settings" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_storage_units" AFTER INSERT OR UPDATE OR DELETE ON "storage_units" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_storage_alerts" AFTER UPDATE ON "storage_alerts" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_ln2_refills" AFTER INSERT OR UPDATE OR DELETE ON "ln2_refills" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "audit_tax_documents" AFTER INSERT ON "tax_documents" FOR EACH ROW EXECUTE FUNCTION "audit_row"();
