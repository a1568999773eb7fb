CREATE TYPE "public"."calf_sex" AS ENUM('female', 'male');--> statement-breakpoint
CREATE TYPE "public"."calving_ease" AS ENUM('easy', 'assisted', 'difficult');--> statement-breakpoint
CREATE TYPE "public"."cow_event_source" AS ENUM('farmer', 'sms', 'technician');--> statement-breakpoint
CREATE TYPE "public"."cow_event_type" AS ENUM('heat', 'insemination', 'pd', 'calving', 'exit');--> statement-breakpoint
CREATE TYPE "public"."cow_status" AS ENUM('active', 'sold', 'died');--> statement-breakpoint
CREATE TYPE "public"."cow_exit_reason" AS ENUM('sold', 'died');--> statement-breakpoint
CREATE TYPE "public"."pd_method" AS ENUM('palpation', 'ultrasound', 'blood', 'milk');--> statement-breakpoint
CREATE TYPE "public"."pd_result" AS ENUM('pregnant', 'open');--> statement-breakpoint
CREATE TYPE "public"."reminder_kind" AS ENUM('repeat_heat', 'pd_due', 'dry_off', 'calving_due');--> statement-breakpoint
CREATE TYPE "public"."reminder_status" AS ENUM('scheduled', 'sent', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'cow_repeat_heat';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'cow_pd_due';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'cow_dry_off';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'cow_calving_due';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'cow_pd_recorded';--> statement-breakpoint
CREATE TABLE "cow_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cow_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cow_id" integer NOT NULL,
	"type" "cow_event_type" NOT NULL,
	"date" date NOT NULL,
	"time" text,
	"source" "cow_event_source" DEFAULT 'farmer' NOT NULL,
	"order_line_id" integer,
	"batch_id" integer,
	"other_semen" text,
	"technician" text,
	"pd_result" "pd_result",
	"pd_method" "pd_method",
	"examiner" text,
	"calving_ease" "calving_ease",
	"calf_sex" "calf_sex",
	"calf_alive" boolean,
	"calf_tag" text,
	"calf_cow_id" integer,
	"exit_reason" "cow_exit_reason",
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cow_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cow_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cow_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"kind" "reminder_kind" NOT NULL,
	"due_on" date NOT NULL,
	"last_on" date NOT NULL,
	"status" "reminder_status" DEFAULT 'scheduled' NOT NULL,
	"sent_at" timestamp with time zone,
	"answered_event_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_user_id" integer NOT NULL,
	"tag" text NOT NULL,
	"name" text,
	"breed" text NOT NULL,
	"birth_date" date,
	"parity" smallint DEFAULT 0 NOT NULL,
	"last_calving_date" date,
	"status" "cow_status" DEFAULT 'active' NOT NULL,
	"reminders" boolean DEFAULT true NOT NULL,
	"dam_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incoming_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incoming_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider_id" text NOT NULL,
	"sender" text NOT NULL,
	"text" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "incoming_messages_provider_id_unique" UNIQUE("provider_id")
);
--> statement-breakpoint
ALTER TABLE "cow_events" ADD CONSTRAINT "cow_events_cow_id_cows_id_fk" FOREIGN KEY ("cow_id") REFERENCES "public"."cows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cow_events" ADD CONSTRAINT "cow_events_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cow_events" ADD CONSTRAINT "cow_events_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cow_events" ADD CONSTRAINT "cow_events_calf_cow_id_cows_id_fk" FOREIGN KEY ("calf_cow_id") REFERENCES "public"."cows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cow_events" ADD CONSTRAINT "cow_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cow_reminders" ADD CONSTRAINT "cow_reminders_cow_id_cows_id_fk" FOREIGN KEY ("cow_id") REFERENCES "public"."cows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cow_reminders" ADD CONSTRAINT "cow_reminders_event_id_cow_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."cow_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cow_reminders" ADD CONSTRAINT "cow_reminders_answered_event_id_cow_events_id_fk" FOREIGN KEY ("answered_event_id") REFERENCES "public"."cow_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cows" ADD CONSTRAINT "cows_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cow_events_cow_idx" ON "cow_events" USING btree ("cow_id","date","id");--> statement-breakpoint
CREATE INDEX "cow_events_line_idx" ON "cow_events" USING btree ("order_line_id") WHERE "cow_events"."order_line_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cow_reminders_event_kind_idx" ON "cow_reminders" USING btree ("event_id","kind");--> statement-breakpoint
CREATE INDEX "cow_reminders_due_idx" ON "cow_reminders" USING btree ("due_on","id") WHERE "cow_reminders"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "cow_reminders_cow_idx" ON "cow_reminders" USING btree ("cow_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "cows_owner_tag_idx" ON "cows" USING btree ("owner_user_id",lower("tag"));--> statement-breakpoint
CREATE INDEX "cows_owner_idx" ON "cows" USING btree ("owner_user_id","id");