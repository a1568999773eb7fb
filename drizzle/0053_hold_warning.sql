ALTER TYPE "public"."message_kind" ADD VALUE 'hold_ending' BEFORE 'order_approved';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_warned_at" timestamp with time zone;