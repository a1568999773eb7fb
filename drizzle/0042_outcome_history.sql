CREATE TABLE "breeding_record_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "breeding_record_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"record_id" integer NOT NULL,
	"from_status" "breeding_status" NOT NULL,
	"to_status" "breeding_status" NOT NULL,
	"day" date,
	"reason" text,
	"actor_user_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "received_by" text;--> statement-breakpoint
ALTER TABLE "breeding_record_events" ADD CONSTRAINT "breeding_record_events_record_id_breeding_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."breeding_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breeding_record_events" ADD CONSTRAINT "breeding_record_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "breeding_record_events_record_idx" ON "breeding_record_events" USING btree ("record_id","created_at");