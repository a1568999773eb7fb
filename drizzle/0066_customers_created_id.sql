DROP INDEX "customers_created_idx";--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at","id");