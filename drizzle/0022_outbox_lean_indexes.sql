ALTER TABLE "outbox" DROP CONSTRAINT "outbox_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_dedupe_key_unique";--> statement-breakpoint
DROP INDEX "outbox_provider_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_key" ON "outbox" USING btree ("dedupe_key") WHERE "outbox"."dedupe_key" is not null;--> statement-breakpoint
CREATE INDEX "outbox_provider_idx" ON "outbox" USING btree ("provider_message_id") WHERE "outbox"."provider_message_id" is not null;