ALTER TYPE "public"."account_token_purpose" ADD VALUE 'code';--> statement-breakpoint
ALTER TYPE "public"."account_token_purpose" ADD VALUE 'phone';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'reset_code';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'phone_code';--> statement-breakpoint
ALTER TABLE "account_tokens" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_phone_key" ON "users" USING btree ("phone") WHERE "users"."phone_verified_at" is not null;