CREATE TYPE "public"."embryo_preservation" AS ENUM('fresh', 'frozen', 'vitrified');--> statement-breakpoint
CREATE TYPE "public"."embryo_production" AS ENUM('in_vivo', 'in_vitro');--> statement-breakpoint
CREATE TYPE "public"."proof_source" AS ENUM('genomic', 'daughter_proven');--> statement-breakpoint
CREATE TYPE "public"."semen_type" AS ENUM('conventional', 'sexed');--> statement-breakpoint
CREATE TYPE "public"."tolerance_level" AS ENUM('low', 'moderate', 'high');--> statement-breakpoint
CREATE TABLE "item_genetics" (
	"inventory_item_id" integer PRIMARY KEY NOT NULL,
	"bull_name" text,
	"registration" text,
	"sire_name" text,
	"dam_name" text,
	"maternal_grandsire" text,
	"semen_type" "semen_type",
	"female_purity_pct" smallint,
	"milk_kg" integer,
	"fat_kg" integer,
	"fat_pct" numeric(6, 2),
	"protein_kg" integer,
	"protein_pct" numeric(6, 2),
	"productive_life_months" numeric(6, 2),
	"somatic_cell_score" numeric(6, 2),
	"daughter_pregnancy_rate" numeric(6, 2),
	"calving_ease_pct" numeric(6, 2),
	"index_name" text,
	"index_value" integer,
	"proof_source" "proof_source",
	"reliability_pct" smallint,
	"proof_date" date,
	"evaluated_by" text,
	"polled" boolean DEFAULT false NOT NULL,
	"a2a2" boolean DEFAULT false NOT NULL,
	"kappa_casein_bb" boolean DEFAULT false NOT NULL,
	"defect_free" boolean DEFAULT false NOT NULL,
	"slick_gene" boolean DEFAULT false NOT NULL,
	"heat_tolerance" "tolerance_level",
	"tick_resistance" "tolerance_level",
	"daily_gain_g" integer,
	"embryo_stage" smallint,
	"embryo_grade" smallint,
	"preservation" "embryo_preservation",
	"production" "embryo_production",
	"dam_milk_kg" integer,
	"recommended_recipient" text,
	CONSTRAINT "item_genetics_purity_range" CHECK ("item_genetics"."female_purity_pct" between 50 and 100),
	CONSTRAINT "item_genetics_reliability_range" CHECK ("item_genetics"."reliability_pct" between 0 and 99),
	CONSTRAINT "item_genetics_stage_grade" CHECK ("item_genetics"."embryo_stage" between 1 and 9 and "item_genetics"."embryo_grade" between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "item_genetics" ADD CONSTRAINT "item_genetics_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_genetics_registration_idx" ON "item_genetics" USING btree ("registration");--> statement-breakpoint
CREATE INDEX "item_genetics_milk_idx" ON "item_genetics" USING btree ("milk_kg");--> statement-breakpoint
CREATE INDEX "item_genetics_index_idx" ON "item_genetics" USING btree ("index_value");--> statement-breakpoint
CREATE INDEX "breeding_records_item_idx" ON "breeding_records" USING btree ("inventory_item_id") WHERE "breeding_records"."inventory_item_id" is not null;--> statement-breakpoint
CREATE INDEX "inventory_items_price_idx" ON "inventory_items" USING btree ("cost_per_unit");--> statement-breakpoint
CREATE INDEX "inventory_items_regions_idx" ON "inventory_items" USING gin (("genetic_data" -> 'region_suitability'));--> statement-breakpoint
-- Every item gets its genetics row; the free-text heat tolerance becomes a level where it says one.
INSERT INTO "item_genetics" ("inventory_item_id", "heat_tolerance", "semen_type")
SELECT i."id",
       CASE
         WHEN i."genetic_data"->>'heat_tolerance' ~* '^\s*(excellent|high|very good)' THEN 'high'::"tolerance_level"
         WHEN i."genetic_data"->>'heat_tolerance' ~* '^\s*(good|moderate|medium|fair)' THEN 'moderate'::"tolerance_level"
         WHEN i."genetic_data"->>'heat_tolerance' ~* '^\s*(low|poor)' THEN 'low'::"tolerance_level"
       END,
       CASE
         WHEN i."type" = 'sperm' AND coalesce(i."description", '') ~* '\msexed\M' THEN 'sexed'::"semen_type"
         WHEN i."type" = 'sperm' THEN 'conventional'::"semen_type"
       END
FROM "inventory_items" i
ON CONFLICT DO NOTHING;
