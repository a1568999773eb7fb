ALTER TABLE "business_settings" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_logo" CHECK ("business_settings"."logo" ~ '^data:image/(png|jpeg);base64,');
