ALTER TABLE "ln2_level_readings" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ln2_level_readings" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "ln2_level_readings" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "storage_alerts" ADD COLUMN "cleared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "temperature_readings" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "temperature_readings" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "temperature_readings" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "ln2_level_readings" ADD CONSTRAINT "ln2_level_readings_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temperature_readings" ADD CONSTRAINT "temperature_readings_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;