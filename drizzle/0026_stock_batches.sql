CREATE TABLE "stock_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"inventory_item_id" integer NOT NULL,
	"code" text NOT NULL,
	"collected_on" date,
	"expiry_date" date,
	"motility_pct" integer,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_batches_motility" CHECK ("stock_batches"."motility_pct" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "stock_batches" ADD CONSTRAINT "stock_batches_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_batches_item_code" ON "stock_batches" USING btree ("inventory_item_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_batches_id_item" ON "stock_batches" USING btree ("id","inventory_item_id");--> statement-breakpoint
-- Every item so far was one batch: it gets one, with the item's expiry, and its straws are that batch's.
INSERT INTO "stock_batches" ("inventory_item_id", "code", "expiry_date", "received_at")
  SELECT "id", 'L1', "expiry_date", "created_at" FROM "inventory_items";--> statement-breakpoint
ALTER TABLE "breeding_records" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "order_picks" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "stock_positions" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD COLUMN "batch_id" integer;--> statement-breakpoint
UPDATE "order_picks" SET "batch_id" = b."id" FROM "stock_batches" b WHERE b."inventory_item_id" = "order_picks"."inventory_item_id";--> statement-breakpoint
UPDATE "stock_positions" SET "batch_id" = b."id" FROM "stock_batches" b WHERE b."inventory_item_id" = "stock_positions"."inventory_item_id";--> statement-breakpoint
UPDATE "stock_transfers" SET "batch_id" = b."id" FROM "stock_batches" b WHERE b."inventory_item_id" = "stock_transfers"."inventory_item_id";--> statement-breakpoint
ALTER TABLE "order_picks" ALTER COLUMN "batch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_positions" ALTER COLUMN "batch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_transfers" ALTER COLUMN "batch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "breeding_records" ADD CONSTRAINT "breeding_records_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_picks" ADD CONSTRAINT "order_picks_batch_fk" FOREIGN KEY ("batch_id","inventory_item_id") REFERENCES "public"."stock_batches"("id","inventory_item_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_positions" ADD CONSTRAINT "stock_positions_batch_fk" FOREIGN KEY ("batch_id","inventory_item_id") REFERENCES "public"."stock_batches"("id","inventory_item_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_batch_fk" FOREIGN KEY ("batch_id","inventory_item_id") REFERENCES "public"."stock_batches"("id","inventory_item_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP INDEX "stock_positions_item_cane";--> statement-breakpoint
CREATE UNIQUE INDEX "stock_positions_batch_cane" ON "stock_positions" USING btree ("batch_id","cane_id");--> statement-breakpoint
CREATE INDEX "stock_positions_item_idx" ON "stock_positions" USING btree ("inventory_item_id");--> statement-breakpoint
CREATE INDEX "order_picks_batch_idx" ON "order_picks" USING btree ("batch_id");
