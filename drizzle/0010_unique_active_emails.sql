-- Existing duplicates would stop the index: the oldest active record keeps the email, later ones are
-- deactivated (never deleted: orders point at them) with a note saying which record they repeat.
UPDATE "customers" AS c SET "is_active" = false,
  "notes" = concat_ws(E'\n', c."notes", 'Deactivated: same email as customer #' || k."id" || '; merge if they are one customer.')
FROM "customers" AS k
WHERE c."is_active" AND k."is_active" AND lower(c."email") = lower(k."email") AND k."id" < c."id"
  AND NOT EXISTS (SELECT 1 FROM "customers" AS o WHERE o."is_active" AND lower(o."email") = lower(k."email") AND o."id" < k."id");--> statement-breakpoint
UPDATE "vendors" AS v SET "is_active" = false,
  "notes" = concat_ws(E'\n', v."notes", 'Deactivated: same email as vendor #' || k."id" || '.')
FROM "vendors" AS k
WHERE v."is_active" AND k."is_active" AND lower(v."email") = lower(k."email") AND k."id" < v."id"
  AND NOT EXISTS (SELECT 1 FROM "vendors" AS o WHERE o."is_active" AND lower(o."email") = lower(k."email") AND o."id" < k."id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_active_key" ON "customers" USING btree (lower("email")) WHERE "customers"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_email_active_key" ON "vendors" USING btree (lower("email")) WHERE "vendors"."is_active";
