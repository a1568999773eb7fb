CREATE TYPE "public"."storage_alert_severity" AS ENUM('warning', 'critical');--> statement-breakpoint
CREATE TYPE "public"."ln2_level_method" AS ENUM('dipstick', 'scale');--> statement-breakpoint
CREATE TYPE "public"."ln2_level_unit" AS ENUM('cm', 'percent');--> statement-breakpoint
CREATE TYPE "public"."storage_alert_kind" AS ENUM('temperature', 'ln2_level', 'refill_overdue');--> statement-breakpoint
CREATE TABLE "ln2_level_readings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ln2_level_readings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"storage_unit_id" integer NOT NULL,
	"method" "ln2_level_method" NOT NULL,
	"unit" "ln2_level_unit" NOT NULL,
	"value" numeric(5, 1) NOT NULL,
	"level_pct" numeric(5, 1) NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"recorded_by" integer,
	CONSTRAINT "ln2_level_pct_bounds" CHECK ("ln2_level_readings"."level_pct" >= 0 and "ln2_level_readings"."level_pct" <= 100)
);
--> statement-breakpoint
CREATE TABLE "ln2_refills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ln2_refills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"storage_unit_id" integer NOT NULL,
	"litres" numeric(7, 1) NOT NULL,
	"supplier" text NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL,
	"recorded_by" integer,
	CONSTRAINT "ln2_refill_litres_positive" CHECK ("ln2_refills"."litres" > 0)
);
--> statement-breakpoint
CREATE TABLE "storage_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storage_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"storage_unit_id" integer NOT NULL,
	"kind" "storage_alert_kind" NOT NULL,
	"severity" "storage_alert_severity" NOT NULL,
	"message" text NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer,
	"acknowledgement_note" text,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "storage_units" ADD COLUMN "capacity_litres" numeric(7, 1);--> statement-breakpoint
ALTER TABLE "storage_units" ADD COLUMN "full_level_cm" numeric(5, 1);--> statement-breakpoint
ALTER TABLE "storage_units" ADD COLUMN "min_safe_level_pct" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "ln2_level_readings" ADD CONSTRAINT "ln2_level_readings_storage_unit_id_storage_units_id_fk" FOREIGN KEY ("storage_unit_id") REFERENCES "public"."storage_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ln2_level_readings" ADD CONSTRAINT "ln2_level_readings_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ln2_refills" ADD CONSTRAINT "ln2_refills_storage_unit_id_storage_units_id_fk" FOREIGN KEY ("storage_unit_id") REFERENCES "public"."storage_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ln2_refills" ADD CONSTRAINT "ln2_refills_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_alerts" ADD CONSTRAINT "storage_alerts_storage_unit_id_storage_units_id_fk" FOREIGN KEY ("storage_unit_id") REFERENCES "public"."storage_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_alerts" ADD CONSTRAINT "storage_alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ln2_level_readings_unit_idx" ON "ln2_level_readings" USING btree ("storage_unit_id","recorded_at");--> statement-breakpoint
CREATE INDEX "ln2_refills_unit_idx" ON "ln2_refills" USING btree ("storage_unit_id","refilled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_alerts_one_open" ON "storage_alerts" USING btree ("storage_unit_id","kind") WHERE "storage_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "storage_alerts_raised_idx" ON "storage_alerts" USING btree ("raised_at");