CREATE TABLE "account_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trusted_sign_ins" (
	"user_id" integer NOT NULL,
	"marker" text NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Sessions from before absolute lifetimes have no end to give them: they sign in again.
DELETE FROM "sessions";--> statement-breakpoint
DELETE FROM "login_attempts";--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "next_allowed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "id" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "expires_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "account_notices" ADD CONSTRAINT "account_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_sign_ins" ADD CONSTRAINT "trusted_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_notices_user_idx" ON "account_notices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_sign_ins_user_marker_idx" ON "trusted_sign_ins" USING btree ("user_id","marker");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_id_unique" UNIQUE("id");