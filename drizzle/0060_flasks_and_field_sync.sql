CREATE TYPE "public"."field_record_status" AS ENUM('pending', 'applied', 'conflict', 'dismissed');--> statement-breakpoint
CREATE TYPE "public"."flask_kind" AS ENUM('flask', 'dry_shipper');--> statement-breakpoint
CREATE TYPE "public"."flask_movement_kind" AS ENUM('issue', 'use', 'return');--> statement-breakpoint
CREATE TYPE "public"."flask_status" AS ENUM('in_store', 'lent', 'retired');--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'flask_overdue';--> statement-breakpoint
ALTER TYPE "public"."stock_movement_kind" ADD VALUE 'flask_issue';--> statement-breakpoint
ALTER TYPE "public"."stock_movement_kind" ADD VALUE 'flask_return';--> statement-breakpoint
CREATE TABLE "field_records" (
	"client_id" text PRIMARY KEY NOT NULL,
	"technician_id" integer NOT NULL,
	"type" text NOT NULL,
	"request_id" integer NOT NULL,
	"cow_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"status" "field_record_status" DEFAULT 'pending' NOT NULL,
	"message" text,
	"cow_event_id" integer,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flask_loans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flask_loans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"flask_id" integer NOT NULL,
	"holder_user_id" integer NOT NULL,
	"lent_at" timestamp with time zone NOT NULL,
	"due_on" date NOT NULL,
	"deposit_kes" integer NOT NULL,
	"weight_out_kg" numeric(7, 2) NOT NULL,
	"lent_by" integer,
	"returned_at" timestamp with time zone,
	"weight_back_kg" numeric(7, 2),
	"returned_by" integer,
	"notes" text,
	"alarmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "flask_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flask_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"flask_id" integer NOT NULL,
	"kind" "flask_movement_kind" NOT NULL,
	"inventory_item_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"cow_event_id" integer,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flask_straws" (
	"flask_id" integer NOT NULL,
	"inventory_item_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "flask_straws_flask_id_batch_id_pk" PRIMARY KEY("flask_id","batch_id"),
	CONSTRAINT "flask_straws_count" CHECK ("flask_straws"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "flasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"serial" text NOT NULL,
	"kind" "flask_kind" NOT NULL,
	"capacity_straws" integer NOT NULL,
	"ln2_capacity_kg" numeric(7, 2) NOT NULL,
	"status" "flask_status" DEFAULT 'in_store' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cow_events" ADD COLUMN "body_condition" numeric(3, 2);--> statement-breakpoint
ALTER TABLE "cow_events" ADD COLUMN "am_pm_ok" boolean;--> statement-breakpoint
ALTER TABLE "field_records" ADD CONSTRAINT "field_records_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_records" ADD CONSTRAINT "field_records_cow_event_id_cow_events_id_fk" FOREIGN KEY ("cow_event_id") REFERENCES "public"."cow_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flask_loans" ADD CONSTRAINT "flask_loans_flask_id_flasks_id_fk" FOREIGN KEY ("flask_id") REFERENCES "public"."flasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flask_loans" ADD CONSTRAINT "flask_loans_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flask_loans" ADD CONSTRAINT "flask_loans_lent_by_users_id_fk" FOREIGN KEY ("lent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flask_loans" ADD CONSTRAINT "flask_loans_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flask_movements" ADD CONSTRAINT "flask_movements_flask_id_flasks_id_fk" FOREIGN KEY ("flask_id") REFERENCES "public"."flasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flask_movements" ADD CONSTRAINT "flask_movements_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flask_movements" ADD CONSTRAINT "flask_movements_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flask_movements" ADD CONSTRAINT "flask_movements_cow_event_id_cow_events_id_fk" FOREIGN KEY ("cow_event_id") REFERENCES "public"."cow_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flask_movements" ADD CONSTRAINT "flask_movements_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flask_straws" ADD CONSTRAINT "flask_straws_flask_id_flasks_id_fk" FOREIGN KEY ("flask_id") REFERENCES "public"."flasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flask_straws" ADD CONSTRAINT "flask_straws_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flask_straws" ADD CONSTRAINT "flask_straws_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_records_technician_idx" ON "field_records" USING btree ("technician_id","status","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "flask_loans_open_idx" ON "flask_loans" USING btree ("flask_id") WHERE "flask_loans"."returned_at" is null;--> statement-breakpoint
CREATE INDEX "flask_loans_flask_idx" ON "flask_loans" USING btree ("flask_id","lent_at");--> statement-breakpoint
CREATE INDEX "flask_loans_holder_idx" ON "flask_loans" USING btree ("holder_user_id") WHERE "flask_loans"."returned_at" is null;--> statement-breakpoint
CREATE INDEX "flask_loans_due_idx" ON "flask_loans" USING btree ("due_on") WHERE "flask_loans"."returned_at" is null and "flask_loans"."alarmed_at" is null;--> statement-breakpoint
CREATE INDEX "flask_movements_flask_idx" ON "flask_movements" USING btree ("flask_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "flasks_serial_idx" ON "flasks" USING btree (lower("serial"));--> statement-breakpoint
CREATE INDEX "flasks_serial_sort_idx" ON "flasks" USING btree ("serial","id");