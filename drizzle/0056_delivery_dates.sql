CREATE TABLE "order_redates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_redates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"from_date" date,
	"to_date" date NOT NULL,
	"reason" text,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmed_delivery_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_redates" ADD CONSTRAINT "order_redates_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_redates" ADD CONSTRAINT "order_redates_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_redates_order_idx" ON "order_redates" USING btree ("order_id","id");--> statement-breakpoint
UPDATE "orders" SET "confirmed_delivery_date" = (("expected_delivery_date" AT TIME ZONE 'UTC') + interval '3 hours')::date WHERE "status" IN ('approved', 'processing', 'shipped', 'delivered') AND "expected_delivery_date" IS NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "delivered_at" = s."delivered_at" FROM "shipments" s WHERE s."order_id" = "orders"."id" AND "orders"."status" = 'delivered' AND s."delivered_at" IS NOT NULL;
