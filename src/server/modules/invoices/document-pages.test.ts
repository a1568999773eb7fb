import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { documentSorts, etimsStatuses } from "../../../contract/invoices";
import { taxDocuments } from "../../db/schema";
import { sortBy } from "../../http/list-sort";
import { t, withTestApp } from "../../testing/app-session";
import { expectPagesAsRead } from "../../testing/list-pages";
import { documentPage, documentSortColumns } from "./document-pages";
import { etimsIdentity, listedDocumentRows, toDocumentRow } from "./read";
import { documentFilter } from "./service";

withTestApp();

describe("the eTIMS screen's prepared pages", () => {
  it("answer each sort, order and eTIMS state as the documents read and mapped by Drizzle", async () => {
    // Documents in every state: accepted with KRA's signature (a QR link), credit notes on invoices, sends
    // that failed with a time to the microsecond.
    await t.database.tx(async (db) => {
      await db.execute(sql`insert into orders (order_number, source, customer_name, order_type, total_amount_kes,
          status, order_date)
        select 'DOC-T' || g, 'staff', 'Invoiced Farm ' || g, 'sperm', 1000 + g, 'shipped', now()
        from generate_series(1, 40) g`);
      await db.execute(sql`insert into tax_documents (kind, number, order_id, customer_id, buyer_name,
          payment_type, lines, total_kes, tax_kes, issued_at, etims_due_at, etims_status, etims_invc_no,
          receipt_no, total_receipt_no, internal_data, signature, sdc_id, sdc_date_time, etims_attempts,
          etims_last_attempt_at, etims_error)
        select 'invoice', 'INV-T' || lpad(g::text, 5, '0'), o.id, null, o.customer_name, '06', '[]'::jsonb,
          1000 + g, 138, timestamptz '2026-06-01 08:00:00+03' + g * interval '1 hour', now(),
          (array['queued','sending','accepted','refused','voided']::etims_status[])[1 + g % 5], g,
          case when g % 5 = 2 then g end, case when g % 5 = 2 then g + 1 end,
          case when g % 5 = 2 then 'INT' || g end, case when g % 5 = 2 then 'SIG' || g end,
          'KRACU0100001', '20260601080000', g % 3,
          case when g % 3 = 1 then timestamptz '2026-06-02 09:10:11.123456+03' end,
          case when g % 5 = 3 then 'Refused: ' || g end
        from generate_series(1, 40) g join orders o on o.order_number = 'DOC-T' || g`);
      await db.execute(sql`insert into tax_documents (kind, number, order_id, original_id, customer_id, buyer_name,
          payment_type, lines, total_kes, tax_kes, issued_at, etims_due_at, etims_status, reason_code, reason)
        select 'credit_note', 'CRN-T' || id, order_id, id, customer_id, buyer_name, '06', '[]'::jsonb, 100, 14,
          issued_at + interval '1 day', now(), 'queued', '01', 'Returned'
        from tax_documents where number like 'INV-T%' and id % 4 = 0`);
    });
    const compared = await expectPagesAsRead(
      documentSorts,
      [undefined, ...etimsStatuses],
      async (db, { filter: status, ...query }) =>
        documentPage(db, { ...query, status, limit: 30, offset: 2 }, await etimsIdentity(t.ctx, db)),
      async (db, { filter: status, ...query }) => {
        const page = { ...query, status, limit: 30, offset: 2 };
        const id = await etimsIdentity(t.ctx, db);
        const order = sortBy(documentSortColumns, query, taxDocuments.id);
        const rows = await listedDocumentRows(db, documentFilter(page), { ...page, order });
        return rows.map((row) => toDocumentRow(row, id));
      },
    );
    expect(compared).toBeGreaterThan(200);
    const accepted = await t.database.read(async (db) =>
      documentPage(
        db,
        { sort: "issuedAt", order: "desc", status: "accepted", limit: 500, offset: 0 },
        await etimsIdentity(t.ctx, db),
      ),
    );
    expect(accepted.find((row) => row.number === "INV-T00002")?.etims).toMatchObject({
      invoiceNumber: 2,
      qrUrl: expect.stringMatching(/P051234567X\d+SIG2$/),
    });
  });
});
