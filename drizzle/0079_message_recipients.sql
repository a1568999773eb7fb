-- The messages search read the outbox's trigram index on recipients, whose lists for the trigrams most
-- addresses share hold nearly every message. It now finds the addresses in message_recipients, each once,
-- then their messages through a plain index on recipient (decision 69).
CREATE TABLE "message_recipients" (
	"recipient" text PRIMARY KEY NOT NULL,
	"words" text GENERATED ALWAYS AS (lower(recipient)) STORED NOT NULL
);
--> statement-breakpoint
DROP INDEX "outbox_recipient_trgm_idx";--> statement-breakpoint
CREATE INDEX "message_recipients_words_trgm_idx" ON "message_recipients" USING gin ("words" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outbox_recipient_idx" ON "outbox" USING btree ("recipient");
--> statement-breakpoint
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
--> statement-breakpoint
CREATE TRIGGER "outbox_recipients_added" AFTER INSERT ON "outbox" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "message_recipients_kept"();
--> statement-breakpoint
CREATE TRIGGER "outbox_recipients_moved" AFTER UPDATE OF "recipient" OR DELETE ON "outbox"
  FOR EACH ROW EXECUTE FUNCTION "message_recipients_kept"();
--> statement-breakpoint
INSERT INTO "message_recipients" ("recipient") SELECT DISTINCT "recipient" FROM "outbox" ON CONFLICT DO NOTHING;