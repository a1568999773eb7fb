CREATE OR REPLACE FUNCTION "message_recipients_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An insert's new messages come as its transition table, once per statement; their addresses in one
  -- order, so two orders writing the same new addresses wait for each other instead of deadlocking.
  IF TG_LEVEL = 'STATEMENT' THEN
    INSERT INTO "message_recipients" ("recipient")
    SELECT DISTINCT "recipient" FROM "added" ORDER BY 1 ON CONFLICT DO NOTHING;
    RETURN NULL;
  END IF;
  -- One message whose address changed (a farmer's data erased) or that went: the new address is kept, and
  -- the old one forgotten once no message has it.
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "message_recipients" ("recipient") VALUES (NEW."recipient") ON CONFLICT DO NOTHING;
  END IF;
  DELETE FROM "message_recipients" WHERE "recipient" = OLD."recipient"
    AND NOT EXISTS (SELECT 1 FROM "outbox" WHERE "recipient" = OLD."recipient");
  RETURN NULL;
END
$$;
