CREATE TABLE "business_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"trade_name" text DEFAULT 'Urithi Genetics Ltd' NOT NULL,
	"address" text DEFAULT 'Nakuru, Kenya' NOT NULL,
	"phone" text,
	"email" text,
	"sales_discount_limit_pct" smallint DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "business_settings_one_row" CHECK ("business_settings"."id" = 1),
	CONSTRAINT "business_settings_discount_limit" CHECK ("business_settings"."sales_discount_limit_pct" between 0 and 50)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_pct" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_over_limit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "business_settings" ("id") VALUES (1);
