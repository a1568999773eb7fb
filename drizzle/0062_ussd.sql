ALTER TYPE "public"."order_source" ADD VALUE 'ussd';--> statement-breakpoint
CREATE TABLE "callback_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "callback_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"phone" text NOT NULL,
	"name" text,
	"channel" text DEFAULT 'ussd' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"called_at" timestamp with time zone,
	"called_by" integer
);
--> statement-breakpoint
CREATE TABLE "generated_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ussd_callers" (
	"phone" text PRIMARY KEY NOT NULL,
	"language" "language" NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ussd_days" (
	"day" date PRIMARY KEY NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ussd_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"user_id" integer,
	"language" "language",
	"screen" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_text" text DEFAULT '' NOT NULL,
	"last_answer" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "callback_requests" ADD CONSTRAINT "callback_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD CONSTRAINT "callback_requests_called_by_users_id_fk" FOREIGN KEY ("called_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ussd_sessions" ADD CONSTRAINT "ussd_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callback_requests_open_idx" ON "callback_requests" USING btree ("created_at") WHERE "callback_requests"."called_at" is null;--> statement-breakpoint
CREATE INDEX "callback_requests_called_idx" ON "callback_requests" USING btree ("created_at") WHERE "callback_requests"."called_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "callback_requests_open_phone_key" ON "callback_requests" USING btree ("phone") WHERE "callback_requests"."called_at" is null;--> statement-breakpoint
CREATE INDEX "ussd_sessions_phone_idx" ON "ussd_sessions" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "ussd_sessions_started_idx" ON "ussd_sessions" USING btree ("started_at");