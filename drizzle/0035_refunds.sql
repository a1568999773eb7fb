ALTER TYPE "public"."message_kind" ADD VALUE 'refund_sent';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'order_cancelled';--> statement-breakpoint
ALTER TYPE "public"."payment_record_status" ADD VALUE 'part_refunded' BEFORE 'refunded';--> statement-breakpoint
-- transaction_type gains 'refund' as a new type, not by ADD VALUE, so that this same transaction may turn the
-- old refunds (expenses that reversed a payment's income) into refunds.
DROP INDEX "transactions_payment_key";--> statement-breakpoint
DROP TRIGGER "transactions_income_totals" ON "transactions";--> statement-breakpoint
DROP FUNCTION "income_net"("transaction_type", "transaction_status", integer, numeric);--> statement-breakpoint
ALTER TYPE "public"."transaction_type" RENAME TO "transaction_type_old";--> statement-breakpoint
CREATE TYPE "public"."transaction_type" AS ENUM('income', 'expense', 'transfer', 'refund');--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "type" TYPE "transaction_type" USING (CASE WHEN "type" = 'expense' AND "payment_id" IS NOT NULL THEN 'refund' ELSE "type"::text END)::"transaction_type";--> statement-breakpoint
DROP TYPE "transaction_type_old";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "income_net"("ty" "transaction_type", "st" "transaction_status", "payment" integer, "amount" numeric) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN "ty" = 'income' AND "st" = 'completed' THEN "amount"
    WHEN "ty" = 'refund' AND "st" = 'completed' THEN -"amount"
    ELSE 0 END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transactions_income_totals" AFTER INSERT OR DELETE OR UPDATE OF "type", "status", "payment_id", "amount", "currency", "date" ON "transactions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "income_totals_track"();--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount_kes" integer NOT NULL,
	"method" "payment_method" NOT NULL,
	"reference" text,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_kes" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_kes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_kes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refund_id" integer;--> statement-breakpoint
-- The old refunds were whole: each gets its refunds row, linked from its ledger entry.
UPDATE "payments" SET "refunded_kes" = "amount_kes" WHERE "status" = 'refunded';--> statement-breakpoint
UPDATE "orders" o SET "refunded_kes" = p."refunded" FROM (
  SELECT "order_id", sum("refunded_kes")::int AS "refunded" FROM "payments" GROUP BY "order_id" HAVING sum("refunded_kes") > 0
) p WHERE o."id" = p."order_id";--> statement-breakpoint
INSERT INTO "refunds" ("payment_id", "order_id", "amount_kes", "method", "reference", "reason", "created_at")
  SELECT "id", "order_id", "amount_kes", "method", coalesce("receipt", "reference"), coalesce("refund_reason", 'Refunded'), "updated_at"
  FROM "payments" WHERE "status" = 'refunded';--> statement-breakpoint
UPDATE "transactions" t SET "refund_id" = r."id" FROM "refunds" r WHERE t."type" = 'refund' AND t."payment_id" = r."payment_id";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_payment_income_key" ON "transactions" USING btree ("payment_id") WHERE "transactions"."type" = 'income';--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_refund_key" ON "transactions" USING btree ("refund_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_within" CHECK ("payments"."refunded_kes" between 0 and "payments"."amount_kes");