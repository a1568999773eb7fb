-- A merge moves a duplicate's invoices to the customer kept, but what each customer owes followed only
-- payments, credit notes and voids: the debt stayed on the deactivated duplicate, and the receivables named
-- it. An invoice whose customer changes is now written afresh as well, and the rebuild mends past merges.
DROP TRIGGER "tax_documents_open_invoice" ON "tax_documents";
--> statement-breakpoint
CREATE TRIGGER "tax_documents_open_invoice" AFTER INSERT OR UPDATE OF "etims_status", "total_kes", "customer_id"
  ON "tax_documents" FOR EACH ROW EXECUTE FUNCTION "open_invoice_document_changed"();
--> statement-breakpoint
SELECT "rebuild_open_invoices"();
