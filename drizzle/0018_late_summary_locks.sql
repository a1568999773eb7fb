-- Every order placement adds to a day-and-status and a status total row (16 shards each). Run when the
-- order row is inserted, that lock would be held for the whole transaction, and concurrent orders landing on
-- one shard would wait for each other's stock checks; deferred to COMMIT it is held only while committing.
-- Each row event keeps its own OLD and NEW, so deferred deltas add up the same.
DROP TRIGGER "orders_day_totals" ON "orders";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_day_totals" AFTER INSERT OR DELETE OR UPDATE OF "status", "order_date", "total_amount_kes", "amount_paid_kes" ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "order_day_totals_track"();
--> statement-breakpoint
-- Payments confirmed at once (M-Pesa callbacks) write income: the same reasoning.
DROP TRIGGER "transactions_income_totals" ON "transactions";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transactions_income_totals" AFTER INSERT OR DELETE OR UPDATE OF "type", "status", "payment_id", "amount", "currency", "date" ON "transactions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "income_totals_track"();
--> statement-breakpoint
-- Orders are updated often (payments, status); the stock rows even more. Room on each page lets PostgreSQL
-- update them in place (HOT) instead of growing the table and its indexes; autovacuum must stay on.
ALTER TABLE "inventory_items" SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE "orders" SET (fillfactor = 85);
