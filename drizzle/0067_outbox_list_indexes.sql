-- The outbox grows by several messages per order (issue 42). Its search by subject read every message: an
-- index for it. Kept messages (no provider) get a partial index, so their filter and count read only them.
CREATE INDEX "outbox_kept_idx" ON "outbox" USING btree ("created_at","id") WHERE "outbox"."kept";--> statement-breakpoint
CREATE INDEX "outbox_subject_trgm_idx" ON "outbox" USING gin ("subject" gin_trgm_ops);