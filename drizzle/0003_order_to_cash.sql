CREATE TYPE "public"."payment_record_status" AS ENUM('pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('unpaid', 'pending', 'part_paid', 'paid', 'refunded');--> statement-breakpoint
-- A new enum value cannot be used in the transaction that adds it, so the type is rebuilt instead.
ALTER TYPE "public"."shipment_status" RENAME TO "shipment_status_old";--> statement-breakpoint
CREATE TYPE "public"."shipment_status" AS ENUM('preparing', 'shipped', 'in_transit', 'delivered', 'delayed', 'cancelled');--> statement-breakpoint
ALTER TABLE "shipments" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "shipments" ALTER COLUMN "status" TYPE "public"."shipment_status" USING "status"::text::"public"."shipment_status";--> statement-breakpoint
ALTER TABLE "shipments" ALTER COLUMN "status" SET DEFAULT 'preparing';--> statement-breakpoint
DROP TYPE "public"."shipment_status_old";--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text NOT NULL,
	"user_id" integer NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mpesa_sim_prompts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mpesa_sim_prompts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"checkout_request_id" text NOT NULL,
	"merchant_request_id" text NOT NULL,
	"phone" text NOT NULL,
	"amount" integer NOT NULL,
	"account_reference" text NOT NULL,
	"callback_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"result_code" integer,
	"receipt" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "mpesa_sim_prompts_checkout_request_id_unique" UNIQUE("checkout_request_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"method" "payment_method" NOT NULL,
	"amount_kes" integer NOT NULL,
	"status" "payment_record_status" NOT NULL,
	"phone" text,
	"reference" text,
	"callback_token" text,
	"merchant_request_id" text,
	"checkout_request_id" text,
	"receipt" text,
	"result_code" integer,
	"result_desc" text,
	"raw_callback" jsonb,
	"needs_review" boolean DEFAULT false NOT NULL,
	"review_reason" text,
	"refund_reason" text,
	"recorded_by" integer,
	"paid_at" timestamp with time zone,
	"last_queried_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_kes" > 0)
);
--> statement-breakpoint
DROP INDEX "shipments_order_idx";--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "changes" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" "payment_status" DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_paid_kes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "on_credit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_key" ON "idempotency_keys" USING btree ("user_id","route","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_checkout_key" ON "payments" USING btree ("checkout_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_callback_token_key" ON "payments" USING btree ("callback_token");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_hold_idx" ON "orders" USING btree ("hold_expires_at") WHERE "orders"."status" = 'pending' and "orders"."hold_expires_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_client_status_idx" ON "orders" USING btree ("client_user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_one_open_per_order" ON "shipments" USING btree ("order_id") WHERE "shipments"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_payment_key" ON "transactions" USING btree ("payment_id","type");--> statement-breakpoint
CREATE INDEX "transactions_order_idx" ON "transactions" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_within_total" CHECK ("orders"."amount_paid_kes" between 0 and "orders"."total_amount_kes");--> statement-breakpoint
-- Orders settled before payments were recorded: one paid payment per order from its completed KES income.
INSERT INTO "payments" ("order_id", "method", "amount_kes", "status", "reference", "paid_at", "created_at", "updated_at")
SELECT o."id", coalesce(o."payment_method", 'bank'), least(o."total_amount_kes", round(min(t."amount"))::integer), 'paid',
       min(t."reference"), min(t."date"), min(t."date"), min(t."date")
FROM "orders" o JOIN "transactions" t ON t."order_id" = o."id" AND t."type" = 'income' AND t."status" = 'completed' AND t."currency" = 'KES'
GROUP BY o."id" HAVING count(*) = 1 AND min(t."amount") > 0;--> statement-breakpoint
UPDATE "transactions" t SET "payment_id" = p."id" FROM "payments" p
WHERE t."order_id" = p."order_id" AND t."type" = 'income' AND t."status" = 'completed' AND t."currency" = 'KES';--> statement-breakpoint
UPDATE "orders" o SET "amount_paid_kes" = p."amount_kes",
  "payment_status" = (CASE WHEN p."amount_kes" >= o."total_amount_kes" THEN 'paid' ELSE 'part_paid' END)::"payment_status"
FROM "payments" p WHERE p."order_id" = o."id";--> statement-breakpoint
-- Orders approved under the old rules were approved without payment: that is credit.
UPDATE "orders" SET "on_credit" = true WHERE "status" IN ('approved', 'processing', 'shipped', 'delivered') AND "payment_status" <> 'paid';
