CREATE TYPE "public"."cane_kind" AS ENUM('cane', 'goblet');--> statement-breakpoint
CREATE TABLE "storage_canes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storage_canes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"canister_id" integer NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"capacity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_canes_label_unique" UNIQUE("label"),
	CONSTRAINT "storage_canes_capacity_positive" CHECK ("storage_canes"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "storage_canisters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storage_canisters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"storage_unit_id" integer NOT NULL,
	"number" integer NOT NULL,
	"cane_kind" "cane_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_picks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_picks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"inventory_item_id" integer NOT NULL,
	"cane_id" integer NOT NULL,
	"count" integer NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"dispatched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_picks_count_positive" CHECK ("order_picks"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_positions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"inventory_item_id" integer NOT NULL,
	"cane_id" integer NOT NULL,
	"count" integer NOT NULL,
	"allocated" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stock_positions_bounds" CHECK ("stock_positions"."count" >= 0 and "stock_positions"."allocated" >= 0 and "stock_positions"."allocated" <= "stock_positions"."count")
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"inventory_item_id" integer NOT NULL,
	"from_cane_id" integer NOT NULL,
	"to_cane_id" integer NOT NULL,
	"count" integer NOT NULL,
	"note" text,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_transfers_count_positive" CHECK ("stock_transfers"."count" > 0)
);
--> statement-breakpoint
ALTER TABLE "storage_canes" ADD CONSTRAINT "storage_canes_canister_id_storage_canisters_id_fk" FOREIGN KEY ("canister_id") REFERENCES "public"."storage_canisters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_canisters" ADD CONSTRAINT "storage_canisters_storage_unit_id_storage_units_id_fk" FOREIGN KEY ("storage_unit_id") REFERENCES "public"."storage_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_picks" ADD CONSTRAINT "order_picks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_picks" ADD CONSTRAINT "order_picks_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_picks" ADD CONSTRAINT "order_picks_cane_id_storage_canes_id_fk" FOREIGN KEY ("cane_id") REFERENCES "public"."storage_canes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_picks" ADD CONSTRAINT "order_picks_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_positions" ADD CONSTRAINT "stock_positions_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_positions" ADD CONSTRAINT "stock_positions_cane_id_storage_canes_id_fk" FOREIGN KEY ("cane_id") REFERENCES "public"."storage_canes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_cane_id_storage_canes_id_fk" FOREIGN KEY ("from_cane_id") REFERENCES "public"."storage_canes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_cane_id_storage_canes_id_fk" FOREIGN KEY ("to_cane_id") REFERENCES "public"."storage_canes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "storage_canes_canister_position" ON "storage_canes" USING btree ("canister_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_canisters_unit_number" ON "storage_canisters" USING btree ("storage_unit_id","number");--> statement-breakpoint
CREATE INDEX "order_picks_order_idx" ON "order_picks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_picks_open_item_idx" ON "order_picks" USING btree ("inventory_item_id") WHERE "order_picks"."dispatched_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_positions_item_cane" ON "stock_positions" USING btree ("inventory_item_id","cane_id");--> statement-breakpoint
CREATE INDEX "stock_positions_cane_idx" ON "stock_positions" USING btree ("cane_id");--> statement-breakpoint
CREATE INDEX "stock_transfers_created_idx" ON "stock_transfers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "stock_transfers_item_idx" ON "stock_transfers" USING btree ("inventory_item_id");