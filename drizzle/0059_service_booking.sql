CREATE TYPE "public"."service_kind" AS ENUM('ai', 'pd');--> statement-breakpoint
CREATE TYPE "public"."service_request_status" AS ENUM('requested', 'assigned', 'done', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'service_assigned';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'service_job';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'service_unassigned';--> statement-breakpoint
ALTER TYPE "public"."role" ADD VALUE 'field_technician' BEFORE 'client';--> statement-breakpoint
CREATE TABLE "service_prices" (
	"kind" "service_kind" PRIMARY KEY NOT NULL,
	"price_kes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_user_id" integer NOT NULL,
	"cow_id" integer NOT NULL,
	"kind" "service_kind" NOT NULL,
	"status" "service_request_status" DEFAULT 'requested' NOT NULL,
	"heat_seen_at" timestamp with time zone,
	"visit_from" timestamp with time zone,
	"visit_to" timestamp with time zone,
	"county" text NOT NULL,
	"ward" text,
	"description" text,
	"lat" double precision,
	"lng" double precision,
	"phone" text NOT NULL,
	"notes" text,
	"price_kes" integer NOT NULL,
	"technician_id" integer,
	"assigned_by" integer,
	"assigned_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"alarmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_cow_id_cows_id_fk" FOREIGN KEY ("cow_id") REFERENCES "public"."cows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_requests_board_idx" ON "service_requests" USING btree ("status","county","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_created_idx" ON "service_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "service_requests_technician_idx" ON "service_requests" USING btree ("technician_id","status");--> statement-breakpoint
CREATE INDEX "service_requests_client_idx" ON "service_requests" USING btree ("client_user_id","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_unalarmed_idx" ON "service_requests" USING btree ("created_at") WHERE "service_requests"."status" = 'requested' and "service_requests"."alarmed_at" is null;--> statement-breakpoint
-- The starting service list (KES, tax included): staff with `pricing` change it on the dispatch board.
INSERT INTO "service_prices" ("kind", "price_kes") VALUES ('ai', 1500), ('pd', 1000);
