CREATE TYPE "public"."etims_status" AS ENUM('queued', 'sending', 'accepted', 'refused', 'voided');--> statement-breakpoint
CREATE TYPE "public"."tax_document_kind" AS ENUM('invoice', 'credit_note');--> statement-breakpoint
CREATE TABLE "document_counters" (
	"kind" text PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "etims_device" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"tin" text,
	"bhf_id" text,
	"cmc_key" text,
	"sdc_id" text,
	"mrc_no" text,
	"last_invc_no" integer DEFAULT 0 NOT NULL,
	"last_sar_no" integer DEFAULT 0 NOT NULL,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	CONSTRAINT "etims_device_one_row" CHECK ("etims_device"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "etims_items" (
	"item_cd" text PRIMARY KEY NOT NULL,
	"tin" text NOT NULL,
	"tax_type" text NOT NULL,
	"class_code" text NOT NULL,
	"name" text NOT NULL,
	"reported_stock" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "etims_sim_control" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"refuse_next" text,
	"silent_next" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "etims_sim_devices" (
	"tin" text NOT NULL,
	"bhf_id" text NOT NULL,
	"cmc_key" text NOT NULL,
	"sdc_id" text NOT NULL,
	"last_invc_no" integer DEFAULT 0 NOT NULL,
	"receipts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "etims_sim_devices_tin_bhf_id_pk" PRIMARY KEY("tin","bhf_id")
);
--> statement-breakpoint
CREATE TABLE "etims_sim_items" (
	"tin" text NOT NULL,
	"item_cd" text NOT NULL,
	"tax_type" text NOT NULL,
	"class_code" text NOT NULL,
	"service" boolean NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "etims_sim_items_tin_item_cd_pk" PRIMARY KEY("tin","item_cd")
);
--> statement-breakpoint
CREATE TABLE "etims_sim_sales" (
	"tin" text NOT NULL,
	"bhf_id" text NOT NULL,
	"invc_no" integer NOT NULL,
	"trd_invc_no" text NOT NULL,
	"receipt_type" text NOT NULL,
	"total_amount" integer NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "etims_sim_sales_tin_bhf_id_invc_no_pk" PRIMARY KEY("tin","bhf_id","invc_no")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "tax_document_kind" NOT NULL,
	"number" text NOT NULL,
	"order_id" integer NOT NULL,
	"original_id" integer,
	"customer_id" integer,
	"client_user_id" integer,
	"buyer_name" text NOT NULL,
	"buyer_pin" text,
	"buyer_phone" text,
	"payment_type" text NOT NULL,
	"reason_code" text,
	"reason" text,
	"lines" jsonb NOT NULL,
	"total_kes" integer NOT NULL,
	"tax_kes" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_by" integer,
	"etims_status" "etims_status" DEFAULT 'queued' NOT NULL,
	"etims_invc_no" integer,
	"etims_attempts" integer DEFAULT 0 NOT NULL,
	"etims_due_at" timestamp with time zone NOT NULL,
	"etims_last_attempt_at" timestamp with time zone,
	"etims_error" text,
	"receipt_no" integer,
	"total_receipt_no" integer,
	"internal_data" text,
	"signature" text,
	"sdc_id" text,
	"sdc_date_time" text,
	"prints" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tax_documents_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "kra_pin" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "service_kind" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_original_id_tax_documents_id_fk" FOREIGN KEY ("original_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_invoice_key" ON "tax_documents" USING btree ("order_id") WHERE ("tax_documents"."kind" = 'invoice' and "tax_documents"."etims_status" <> 'voided');--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_etims_invc_no_key" ON "tax_documents" USING btree ("etims_invc_no");--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "tax_documents_etims_idx" ON "tax_documents" USING btree ("etims_status","id");--> statement-breakpoint
CREATE INDEX "tax_documents_customer_idx" ON "tax_documents" USING btree ("customer_id","issued_at");--> statement-breakpoint
CREATE INDEX "tax_documents_client_idx" ON "tax_documents" USING btree ("client_user_id","issued_at");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("issued_at","id");--> statement-breakpoint
CREATE INDEX "tax_documents_total_idx" ON "tax_documents" USING btree ("total_kes","id");--> statement-breakpoint
INSERT INTO "etims_device" ("id") VALUES (1);--> statement-breakpoint
INSERT INTO "etims_sim_control" ("id") VALUES (1);--> statement-breakpoint
-- An issued document is never edited or removed: only its eTIMS state may move. Corrections are credit notes.
CREATE OR REPLACE FUNCTION "tax_documents_issued_stay"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'tax document % is issued and cannot be removed', OLD."number" USING ERRCODE = 'check_violation';
  END IF;
  IF (NEW."kind", NEW."number", NEW."order_id", NEW."original_id", NEW."buyer_name", NEW."buyer_pin",
      NEW."payment_type", NEW."reason_code", NEW."lines", NEW."total_kes", NEW."tax_kes", NEW."issued_at")
     IS DISTINCT FROM
     (OLD."kind", OLD."number", OLD."order_id", OLD."original_id", OLD."buyer_name", OLD."buyer_pin",
      OLD."payment_type", OLD."reason_code", OLD."lines", OLD."total_kes", OLD."tax_kes", OLD."issued_at") THEN
    RAISE EXCEPTION 'tax document % is issued and cannot be changed; issue a credit note', OLD."number" USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tax_documents_issued_stay" BEFORE UPDATE OR DELETE ON "tax_documents"
  FOR EACH ROW EXECUTE FUNCTION "tax_documents_issued_stay"();
