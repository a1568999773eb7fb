ALTER TABLE "breeding_records" ADD COLUMN "pregnant_on" date;--> statement-breakpoint
ALTER TABLE "breeding_records" ADD COLUMN "calved_on" date;--> statement-breakpoint
-- An embryo transfer's calf is due 273 days after the transfer, not AI's 280.
UPDATE "breeding_records" SET "expected_calving_date" = "service_date" + 273 WHERE "service_type" = 'ET';
