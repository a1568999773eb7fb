-- The messages screen's counts read only these indexes (decision 60): a status's sent messages are told from
-- its kept ones by the `kept` the status index carries, and a channel's messages by the `channel` the time
-- index carries. Each replaces the index of the same keys, so a message writes no more index entries.
DROP INDEX "outbox_status_created_idx";--> statement-breakpoint
CREATE INDEX "outbox_status_created_idx" ON "outbox" USING btree ("status","created_at") INCLUDE ("kept");--> statement-breakpoint
DROP INDEX "outbox_created_idx";--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at","id") INCLUDE ("channel");
