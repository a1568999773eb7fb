CREATE TYPE "public"."tax_type" AS ENUM('A', 'B', 'C', 'D', 'E');--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "kra_pin" text;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "bhf_id" text DEFAULT '00' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "bank_account_name" text;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "bank_account_number" text;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "bank_branch" text;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "tax_type" "tax_type";--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "item_class_code" text;--> statement-breakpoint
-- Bovine semen is exempt (VAT Act 2013, First Schedule, tariff 0511.10.00); embryos wait for a Director.
UPDATE "inventory_items" SET "tax_type" = 'A' WHERE "type" = 'sperm';
