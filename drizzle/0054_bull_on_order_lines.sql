ALTER TABLE "order_lines" ADD COLUMN "bull_name" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "bull_code" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "semen_type" "semen_type";