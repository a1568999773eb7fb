CREATE OR REPLACE FUNCTION "audit_row"() RETURNS trigger LANGUAGE plpgsql AS $$
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
