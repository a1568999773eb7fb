ALTER TABLE "outbox" ADD COLUMN "kept" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Messages the store transport "sent" were only kept: it names them stored-<id>.
UPDATE "outbox" SET "kept" = true WHERE "status" = 'sent' AND "provider_message_id" LIKE 'stored-%';
