CREATE TYPE "public"."backup_offsite" AS ENUM('copied', 'failed', 'off');--> statement-breakpoint
CREATE TYPE "public"."backup_status" AS ENUM('running', 'ok', 'failed');--> statement-breakpoint
CREATE TYPE "public"."backup_trigger" AS ENUM('schedule', 'manual', 'command');--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'backup_alarm';--> statement-breakpoint
CREATE TABLE "backups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" "backup_status" NOT NULL,
	"trigger" "backup_trigger" NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"file_name" text,
	"bytes" bigint,
	"sha256" text,
	"encrypted" boolean DEFAULT false NOT NULL,
	"offsite" "backup_offsite" DEFAULT 'off' NOT NULL,
	"error" text,
	"instance" text NOT NULL,
	"alarmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backups_one_running" ON "backups" USING btree ("status") WHERE "backups"."status" = 'running';--> statement-breakpoint
CREATE INDEX "backups_started_idx" ON "backups" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "backups_ok_idx" ON "backups" USING btree ("started_at") WHERE "backups"."status" = 'ok';